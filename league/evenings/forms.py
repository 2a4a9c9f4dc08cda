"""Forms of setting club evenings and seasons up: they validate input and turn it into what
the services take (a :class:`~scoring.Ruleset` from a preset and house rules, as a league's
form does, an :class:`~scoring.evenings.EveningRules`, a :class:`~scoring.evenings.SeasonRules`),
each choice in the club's words. The rules stay in ``scoring/``: a setting the engine refuses
shows its message next to the field it names (``InvalidEvening.field``).

A *quick choice* (:data:`LIKE`) fills the form as a real club runs its evening ("like SV
Bedum"); every value stays the organiser's to change.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.engine_words import engine_message
from league.forms_common import (
    RULE_FIELDS,
    SET_AWARD_CHOICES,
    TIE_RULE_CHOICES,
    NameField,
    OptionRow,
    add_rule_options,
    clean_house_rules,
    meld_tie_field,
    number,
    option_rows,
    preset_choices,
    renege_melds_field,
    rule_initial,
)
from league.models import Club, Competition, Season
from scoring import Ruleset
from scoring.evenings import EveningRules, FixedOrAverage, InvalidEvening, SeasonRules

#: The longest prize list a form takes (the service refuses more than 200 prizes, and a prize
#: longer than 120 letters, by the line).
PRIZE_TEXT_LIMIT = 30_000


def _fits_an_evening(rules: Ruleset) -> bool:
    # Two partners against two: drawn partners sit opposite, and a pair plays a pair.
    return rules.players == 4 and rules.partnerships


ENTRANTS_CHOICES = [
    ("individuals", _("Individuals: partners drawn each round")),
    ("pairs", _("Fixed pairs (koppels, doublettes)")),
]
PAIR_DRAW_CHOICES = [
    ("lot", _("By lot again")),
    ("ranking", _("By the ranking: the leaders meet (a concours' usual way)")),
    ("movement", _("A movement: odd pairs stay, even pairs move one table up")),
]
# A table of three is for individuals only (EveningRules refuses it at a pairs evening: a pair
# plays or sits out); its three players' points are typed from its paper sheet.
SHORT_CHOICES = [
    ("sit_out", _("Somebody sits out the round, and gets the sit-out score")),
    ("substitute", _("A substitute fills the empty seat")),
    (
        "table_of_three",
        _(
            "Three play at a table by the club's rota, each for their own points, typed from "
            "the paper sheet"
        ),
    ),
]
SIT_OUT_SCORE_CHOICES = [
    ("fixed", _("A fixed number of points")),
    ("round_average", _("The round's average score")),
    ("round_lowest", _("The round's lowest score")),
    ("zero", _("Nothing (0)")),
]
ABSENT_SCORE_CHOICES = SIT_OUT_SCORE_CHOICES
RANKING_CHOICES = [
    ("points", _("By points: the total over the rounds")),
    ("wins_then_points", _("By rounds won, then points")),
]
#: Tie-breaks in the orders clubs use, each a whole sentence (the engine's keys joined by ",").
TIE_BREAK_CHOICES = [
    ("first_round,against,shared", _("The better first round, then fewer points against")),
    ("against,first_round,shared", _("Fewer points against, then the better first round")),
    ("first_round,shared", _("The better first round")),
    ("against,shared", _("Fewer points against")),
    ("shared", _("Nothing: equal totals share the place")),
]
PRIZE_CHOICES = [
    ("formula_of_four", _("The formula of four: places 1-4, then 8, 12, 16, …")),
    ("per_four", _("One prize for every four entrants")),
    ("every_entrant", _("A prize for everybody")),
    ("places", _("A number of places")),
    ("none", _("No prizes")),
]


@dataclass(frozen=True)
class Like:
    """A quick choice: how a real club runs its evening, as the form's first values."""

    key: str
    label: Any
    preset: str
    rules: dict[str, Any]
    evening: EveningRules


#: A round missed (a late arrival's rounds before they came, a leaver's after) where the club
#: has no rule of its own: the round's lowest score, so that nobody ranks high on rounds they
#: did not play (trial 30: a late arrival won the evening on KJC De Pitslag's 1450, above
#: most of a round's scores); the Pitslag choice keeps its own rule.
GENERIC_ABSENT: FixedOrAverage = "round_lowest"

#: The quick choices, from the clubs' own pages (../shared/reference/family-and-evenings.md 3).
LIKE: tuple[Like, ...] = (
    Like(
        "drive",
        _("A klaverjas drive: 3 booms of 16, partners drawn"),
        "klaverjas",
        {},
        EveningRules(rounds=3, absent_score=GENERIC_ABSENT),
    ),
    Like(
        "bedum",
        _("Like SV Bedum: 4 booms of 12, prizes by the formula of four"),
        "klaverjas",
        {"deals": 12},
        # SV Bedum's pages say nothing of a missed round: the generic rule.
        EveningRules(rounds=4, absent_score=GENERIC_ABSENT),
    ),
    Like(
        "pitslag",
        _("Like KJC De Pitslag: 3 booms of 16, a sit-out 1600 and a pit, a missed round 1450"),
        "klaverjas",
        {},
        EveningRules(
            rounds=3, sit_out_points=1600, sit_out_pits=1, absent_score="fixed", absent_points=1450
        ),
    ),
    Like(
        "concours",
        _("A belote concours: pairs, 4 parties of 12 deals, a prize for every team"),
        "belote",
        {"deals": 12, "capot": "252"},
        EveningRules(
            entrants="pairs",
            rounds=4,
            pair_draw="ranking",
            sit_out_points=972,
            absent_score="zero",
            prizes="every_entrant",
            booby_prize=False,
        ),
    ),
)
LIKE_BY_KEY = {like.key: like for like in LIKE}

#: The fields of how the evening is run, in the order the page shows them.
RUN_FIELDS = (
    "entrants",
    "pair_draw",
    "rounds",
    "short",
    "sit_out_score",
    "sit_out_points",
    "sit_out_pits",
    "absent_score",
    "absent_points",
    "ranking",
    "tie_breaks",
)
PRIZE_FIELDS = ("prizes", "prize_places", "booby_prize", "prize_words", "booby_words")
#: What stays open once a round is drawn (scoring.evenings.CHANGEABLE_ONCE_DRAWN).
OPEN_ONCE_DRAWN = ("rounds", "prizes", "prize_places", "booby_prize")


def _radio(choices: list[tuple[str, Any]], label: Any, **kwargs: Any) -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=choices,
        widget=forms.RadioSelect,
        label=label,
        error_messages={"invalid_choice": _("Choose one of the choices shown.")},
        **kwargs,
    )


def evening_initial(like: Like | None = None) -> dict[str, Any]:
    """A new evening's first values: a quick choice's, or a klaverjas drive's."""
    like = like or LIKE[0]
    initial: dict[str, Any] = {"preset": like.preset, **like.rules}
    initial.update(run_initial(like.evening))
    initial["held_on"] = timezone.localdate()  # in the club's zone: club_or_404 set it
    return initial


def run_initial(evening: EveningRules) -> dict[str, Any]:
    """The form's values of how an evening is run."""
    values = {f.name: getattr(evening, f.name) for f in dataclasses.fields(evening)}
    values["tie_breaks"] = ",".join(evening.tie_breaks)
    return values


def edit_initial(competition: Competition, evening: EveningRules) -> dict[str, Any]:
    """An evening's values for its edit form."""
    return {
        **rule_initial(competition.rules),
        **run_initial(evening),
        "name": competition.name,
        "held_on": competition.held_on,
        "season": competition.season_id,
        "prize_words": "\n".join(competition.prize_words or []),
        "booby_words": competition.booby_words,
    }


class EveningForm(forms.Form):
    """A club evening: its name and night, its game (a preset with the club's house rules),
    how it is run, its prizes and the season it counts for.

    ``drawn``: rounds drawn already; then only the words, the night, the season, the prizes
    and the rounds (not below those drawn) are offered, and ``current`` (the evening's rules)
    gives the rest."""

    name = NameField(
        max_length=120, label=_("Name"), help_text=_("e.g. Friday drive, or Concours de Pâques")
    )
    held_on = forms.DateField(
        label=_("Date"),
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": _("Give the date as the calendar shows it, e.g. 2026-11-27.")},
    )
    season = forms.ModelChoiceField(
        queryset=Season.objects.none(),
        required=False,
        label=_("Season (optional)"),
        empty_label=_("No season"),
        help_text=_("The season this evening counts for."),
        error_messages={"invalid_choice": _("Choose one of the club's seasons.")},
    )
    preset = forms.ChoiceField(
        choices=preset_choices(_fits_an_evening),
        label=pgettext_lazy("the kind of game: a preset", "Game"),
        help_text=_(
            "A round is one game of it: a boom of 16 or 12 deals, a partie, or to a target."
        ),
        error_messages={"invalid_choice": _("Choose one of the games in the list.")},
    )
    target = number(
        required=False, min_value=1, max_value=100_000, label=_("Target (blank: the preset's)")
    )
    set_award = forms.ChoiceField(choices=SET_AWARD_CHOICES, required=False, label=_("On a set"))
    tie_rule = forms.ChoiceField(choices=TIE_RULE_CHOICES, required=False, label=_("On a tie"))
    meld_tie = meld_tie_field()
    renege_melds = renege_melds_field()
    entrants = _radio(ENTRANTS_CHOICES, _("Who plays"))
    pair_draw = _radio(
        PAIR_DRAW_CHOICES,
        _("How pairs are drawn after the first round"),
        help_text=_("Pairs evenings only: the first round is always drawn by lot."),
    )
    rounds = number(min_value=1, max_value=20, label=_("Rounds"))
    short = _radio(
        SHORT_CHOICES,
        _("When the number does not fit"),
        help_text=_("Players not a multiple of four, or an odd number of pairs."),
    )
    sit_out_score = _radio(SIT_OUT_SCORE_CHOICES, _("A sit-out scores"))
    sit_out_points = number(
        min_value=0,
        max_value=100_000,
        label=_("Points for a sit-out"),
        help_text=_("With a fixed number: e.g. 1600, or a concours' 972 (half of 1944)."),
    )
    sit_out_pits = number(
        min_value=0,
        max_value=20,
        label=_("Pits for a sit-out"),
        help_text=_("Klaverjas clubs that give a sit-out a pit (mars) as well: 1."),
    )
    absent_score = _radio(
        ABSENT_SCORE_CHOICES,
        _("A round missed (arriving late, leaving early) scores"),
    )
    absent_points = number(
        min_value=0,
        max_value=100_000,
        label=_("Points for a missed round"),
        help_text=_("With a fixed number: e.g. 1450."),
    )
    ranking = _radio(RANKING_CHOICES, _("The evening's ranking"))
    tie_breaks = _radio(TIE_BREAK_CHOICES, _("Equal totals are split by"))
    prizes = _radio(PRIZE_CHOICES, _("Prizes"))
    prize_places = number(
        required=False,
        min_value=0,
        max_value=1_000,
        label=_("Places with a prize"),
        help_text=_("With a number of places only."),
    )
    booby_prize = forms.BooleanField(required=False, label=_("A booby prize for the lowest total"))
    prize_words = forms.CharField(
        required=False,
        max_length=PRIZE_TEXT_LIMIT,
        label=_("The prize list, one prize a line"),
        help_text=_("In order, the first prize first: e.g. a meat parcel. Printed on the results."),
        widget=forms.Textarea(attrs={"rows": 5, "autocomplete": "off"}),
    )
    booby_words = NameField(
        max_length=120, required=False, label=_("The booby prize"), help_text=_("e.g. a cabbage")
    )

    def __init__(
        self,
        *args: Any,
        club: Club,
        drawn: int = 0,
        current: EveningRules | None = None,
        game: Ruleset | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.drawn = drawn
        self.current = current
        self.game = game
        season = self.fields["season"]
        assert isinstance(season, forms.ModelChoiceField)
        season.queryset = club.seasons.order_by("-created_at", "-id")
        if drawn:
            assert current is not None and game is not None
            # The rounds drawn followed these: they stay as they are (scoring.evenings).
            for name in ("preset", *RULE_FIELDS, *RUN_FIELDS):
                if name not in OPEN_ONCE_DRAWN:
                    del self.fields[name]
            rounds = self.fields["rounds"]
            assert isinstance(rounds, forms.IntegerField)
            rounds.widget.attrs["min"] = drawn
        else:
            add_rule_options(self)

    # The form's parts, for the page's fieldsets.
    def _bound(self, *names: str) -> list[forms.BoundField]:
        return [self[name] for name in names if name in self.fields]

    @property
    def about_fields(self) -> list[forms.BoundField]:
        return self._bound("name", "held_on", "season")

    @property
    def rule_fields(self) -> list[forms.BoundField]:
        return self._bound("preset", *RULE_FIELDS)

    @property
    def option_rows(self) -> list[OptionRow]:
        return option_rows(self) if "preset" in self.fields else []

    @property
    def run_fields(self) -> list[forms.BoundField]:
        return self._bound(*RUN_FIELDS)

    @property
    def prize_fields(self) -> list[forms.BoundField]:
        return self._bound(*PRIZE_FIELDS)

    def clean_rounds(self) -> int:
        rounds: int = self.cleaned_data["rounds"]
        if self.drawn and rounds < self.drawn:
            raise forms.ValidationError(
                _("Rounds drawn already: %(count)d. The evening cannot have fewer rounds.")
                % {"count": self.drawn}
            )
        return rounds

    def clean_prize_words(self) -> list[str]:
        return [line for line in self.cleaned_data["prize_words"].splitlines()]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.drawn:
            assert self.game is not None
            data["rules"] = self.game
        else:
            rules = clean_house_rules(self, data)
            if rules is not None:
                data["rules"] = rules
        self._clean_evening(data)
        return data

    def _clean_evening(self, data: dict[str, Any]) -> None:
        """How the evening is run, as the engine takes it; a refusal beside its setting."""
        base = self.current or EveningRules()
        values: dict[str, Any] = {}
        for name in (*RUN_FIELDS, "prizes", "prize_places", "booby_prize"):
            if name not in self.fields:
                continue
            if name not in data:
                return  # refused already, beside its own field
            values[name] = data[name]
        if "tie_breaks" in values:
            values["tie_breaks"] = tuple(values["tie_breaks"].split(","))
        if values.get("prize_places") is None:
            values["prize_places"] = 0 if values.get("prizes") != "places" else None
        if values["prize_places"] is None:
            self.add_error("prize_places", _("Say how many places win a prize."))
            return
        try:
            data["evening"] = dataclasses.replace(base, **values)
        except InvalidEvening as error:
            field = error.field if error.field in self.fields else None
            self.add_error(field, engine_message(error))


# -- seasons ------------------------------------------------------------------------------------

AGGREGATE_CHOICES = [
    ("sum", _("The sum of the evenings' scores")),
    ("average", _("The average of the evenings' scores")),
]
SEASON_ABSENT_CHOICES = [
    ("none", _("Not counted: only the evenings played count")),
    ("lowest", _("The evening's lowest score")),
    ("fixed", _("A fixed number of points")),
    ("zero", _("Nothing (0)")),
]


SEASON_EXCUSED_CHOICES = [
    ("absent", _("Like any evening missed")),
    *SEASON_ABSENT_CHOICES,
]


class SeasonForm(forms.Form):
    """A season of the club's evenings, and how they add up: the best evenings of the
    season, or periods (a run of evenings whose best count, the best periods making the
    season); what an evening missed counts, with an excuse and without."""

    name = NameField(max_length=120, label=_("Name"), help_text=_("e.g. Season 2026-2027"))
    aggregate = _radio(AGGREGATE_CHOICES, _("A member's season score is"), initial="sum")
    best = number(
        required=False,
        min_value=1,
        max_value=200,
        label=_("The best … evenings of the season count (optional)"),
        help_text=_("e.g. the best 5 of 7. Blank: every evening counts."),
    )
    minimum = number(
        min_value=0,
        max_value=200,
        initial=0,
        label=_("Evenings played to be ranked"),
        help_text=_("Members who played fewer are listed below the line until they have."),
    )
    absent = _radio(SEASON_ABSENT_CHOICES, _("An evening missed counts as"), initial="none")
    absent_points = number(
        required=False,
        min_value=0,
        max_value=100_000,
        initial=0,
        label=_("Points for an evening missed"),
        help_text=_("With a fixed number only."),
    )
    excused = _radio(
        SEASON_EXCUSED_CHOICES,
        _("An evening missed with an excuse counts as"),
        initial="absent",
        required=False,
        help_text=_(
            "The director marks a member excused on the evening's page (e.g. the evening's "
            "lowest score for an excused member, 0 for one missing without a word)."
        ),
    )
    excused_points = number(
        required=False,
        min_value=0,
        max_value=100_000,
        initial=0,
        label=_("Points for an evening missed with an excuse"),
        help_text=_("With a fixed number only (e.g. 5000)."),
    )
    period_evenings = number(
        required=False,
        min_value=1,
        max_value=200,
        label=_("Periods of … evenings (optional)"),
        help_text=_(
            "e.g. 6: seven periods of six evenings each. Blank: no periods. With periods, "
            "leave the season's best evenings blank."
        ),
    )
    period_best = number(
        required=False,
        min_value=1,
        max_value=200,
        label=_("The best … evenings of a period count (optional)"),
        help_text=_("e.g. 4. Blank: every evening of a period counts."),
    )
    best_periods = number(
        required=False,
        min_value=1,
        max_value=200,
        label=_("The season counts the best … periods (optional)"),
        help_text=_("e.g. 5. Blank: every period counts."),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        needed = (
            *("aggregate", "best", "minimum", "absent", "excused"),
            *("period_evenings", "period_best", "best_periods"),
        )
        if not all(name in data for name in needed):
            return data
        points = data.get("absent_points")
        if data["absent"] == "fixed" and points is None:
            self.add_error("absent_points", _("Say how many points an evening missed counts."))
            return data
        excused: Any = data["excused"] or "absent"  # one of the choices: the field checked
        excused_points = data.get("excused_points")
        if excused == "fixed" and excused_points is None:
            self.add_error(
                "excused_points", _("Say how many points an evening missed with an excuse counts.")
            )
            return data
        try:
            data["rules"] = SeasonRules(
                aggregate=data["aggregate"],
                best=data["best"],
                minimum=data["minimum"],
                absent=data["absent"],
                absent_points=points or 0,
                excused=excused,
                excused_points=excused_points or 0,
                period_evenings=data["period_evenings"],
                period_best=data["period_best"],
                best_periods=data["best_periods"],
            )
        except InvalidEvening as error:
            field = error.field if error.field in self.fields else None
            self.add_error(field, engine_message(error))
        return data


def season_initial(season: Season) -> dict[str, Any]:
    rules = season.rules or {}
    return {"name": season.name, **rules}
