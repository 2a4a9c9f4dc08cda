"""Forms of the tournament pages: a new tournament, seeding, withdrawing an entrant, swapping two
entrants of a drawn Swiss round.

They validate input and turn it into what the services take; the services still decide
(a :class:`~league.errors.Refused` lands next to the field it names, through
:func:`league.competition_forms.show_refusal`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from league.engine_words import engine_message, engine_word
from league.forms_common import (
    NUMBER_INPUT,
    SET_AWARD_CHOICES,
    TIE_RULE_CHOICES,
    EntrantChoiceField,
    NameField,
    OptionRow,
    TieBreakChainField,
    WordsField,
    add_rule_options,
    choices_by_name,
    clean_house_rules,
    entrant_choice_label,
    meld_tie_field,
    number,
    option_rows,
    preset_choices,
    renege_melds_field,
)
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Entrant,
    EntrantKind,
    Round,
    TournamentFormat,
)
from scoring.formats import (
    MAX_SWISS_ROUNDS,
    SWISS_TIEBREAKS,
    TOURNAMENT_TIEBREAKS,
    fits_a_tournament,
    knockout_length_problem,
    suggested_swiss_rounds,
)
from scoring.standings import TIEBREAKS

ENTRANT_CHOICES = [
    ("", gettext_lazy("As the game is played")),
    (EntrantKind.PLAYERS, gettext_lazy("Players")),
    (EntrantKind.PARTNERSHIPS, gettext_lazy("Partnerships")),
]


def _tiebreak_names(keys: tuple[str, ...] | list[str]) -> str:
    """The names of ``keys``' tie-breaks, in order ("Match points, then Point difference"), in
    the active language: the engine marks its names (gettext_noop), translated here."""
    then = pgettext_lazy("between the tie-breaks of an order: A, then B", ", then ")
    return str(then).join(engine_word(TIEBREAKS[k].name) for k in keys)


def _swiss_rounds_help() -> str:
    """:func:`scoring.formats.swiss_rounds_hint`'s sentence, in the active language."""
    eight, sixteen, thirty_two = (suggested_swiss_rounds(n) for n in (8, 16, 32))
    return _(
        "Swiss only. Blank: as many as the entrants need for one of them to win every match, "
        "worked out when the tournament starts: 8 entrants play %(eight)d rounds, 16 play "
        "%(sixteen)d, 32 play %(thirty_two)d."
    ) % {"eight": eight, "sixteen": sixteen, "thirty_two": thirty_two}


def _tiebreaks_help() -> str:
    return _(
        "The table is ordered by the 1st; entrants still level by the 2nd, and so on. All "
        "blank: the format's usual order: a Swiss by %(swiss)s; the others by %(others)s."
    ) % {
        "swiss": _tiebreak_names(SWISS_TIEBREAKS),
        "others": _tiebreak_names(TOURNAMENT_TIEBREAKS),
    }


class TournamentForm(forms.Form):
    """A tournament: its club, its game (a preset and a target), its entrants and format."""

    name = NameField(
        max_length=120,
        label=pgettext_lazy("a tournament's", "Name"),
        help_text=gettext_lazy("e.g. Spring cup 2026"),
    )
    club = forms.ModelChoiceField(
        queryset=Club.objects.all(), empty_label=None, label=gettext_lazy("Club")
    )
    preset = forms.ChoiceField(
        # A match has two sides: the three-hand game cannot be a tournament's.
        choices=preset_choices(fits_a_tournament),
        label=pgettext_lazy("a tournament's ruleset", "Game"),
    )
    target = number(
        required=False,
        min_value=1,
        max_value=100_000,
        label=gettext_lazy("Target (blank: the preset's)"),
    )
    set_award = forms.ChoiceField(
        choices=SET_AWARD_CHOICES, required=False, label=gettext_lazy("On a set")
    )
    tie_rule = forms.ChoiceField(
        choices=TIE_RULE_CHOICES, required=False, label=gettext_lazy("On a tie")
    )
    meld_tie = meld_tie_field()
    renege_melds = renege_melds_field()
    entrant_kind = forms.ChoiceField(
        choices=ENTRANT_CHOICES,
        required=False,
        label=gettext_lazy("Entrants"),
        help_text=gettext_lazy(
            "Two-hand games are played by players, four-hand games by partnerships."
        ),
    )
    format = forms.ChoiceField(
        choices=TournamentFormat.choices,
        initial=TournamentFormat.SINGLE,
        label=pgettext_lazy("a tournament's", "Format"),
    )
    games_per_match = number(
        min_value=1, max_value=15, initial=1, label=gettext_lazy("Games a match")
    )
    best_of = forms.BooleanField(
        required=False,
        label=gettext_lazy("Best of: the match ends once a side has won most of them"),
    )
    third_place = forms.BooleanField(
        required=False,
        label=gettext_lazy("Third-place match (single elimination, pools' knockout)"),
    )
    final_reset = forms.BooleanField(
        required=False,
        initial=True,
        label=gettext_lazy(
            "Grand-final reset (double elimination): if the losers' bracket champion "
            "wins the grand final, one more match decides"
        ),
    )
    swiss_rounds = number(
        required=False,
        min_value=1,
        max_value=MAX_SWISS_ROUNDS,
        label=gettext_lazy("Swiss rounds"),
        help_text=lazy(_swiss_rounds_help, str)(),
    )
    pool_count = number(
        required=False,
        min_value=1,
        max_value=16,
        label=gettext_lazy("Pools"),
        help_text=gettext_lazy("Pools only."),
    )
    pool_top_k = number(
        required=False,
        min_value=1,
        max_value=8,
        label=gettext_lazy("Qualify from each pool"),
        help_text=gettext_lazy("Pools only: how many of each pool go through to the knockout."),
    )

    tiebreaks = TieBreakChainField(
        required=False,
        label=gettext_lazy("Table order (tie-breaks)"),
        help_text=lazy(_tiebreaks_help, str)(),
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        add_rule_options(self)

    def _bound(self, *names: str) -> list[forms.BoundField]:
        return [self[name] for name in names]

    @property
    def about_fields(self) -> list[forms.BoundField]:
        return self._bound("name", "club")

    @property
    def game_fields(self) -> list[forms.BoundField]:
        return self._bound(
            "preset", "target", "set_award", "tie_rule", "meld_tie", "renege_melds", "entrant_kind"
        )

    @property
    def option_rows(self) -> list[OptionRow]:
        """The house options of the families of games, each with the families it is for."""
        return option_rows(self)

    @property
    def format_fields(self) -> list[forms.BoundField]:
        return self._bound("format", "games_per_match")

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return self._bound("swiss_rounds", "pool_count", "pool_top_k")

    @property
    def check_fields(self) -> list[forms.BoundField]:
        return self._bound("best_of", "third_place", "final_reset")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        rules = clean_house_rules(self, data)
        if rules is not None:
            data["rules"] = rules
            if not data.get("entrant_kind"):
                data["entrant_kind"] = (
                    EntrantKind.PARTNERSHIPS if rules.partnerships else EntrantKind.PLAYERS
                )
        games = data.get("games_per_match")
        knockout = knockout_length_problem(data.get("format") or "", games) if games else None
        if knockout is not None:
            self.add_error(knockout.field, engine_message(knockout.message))
        return data


class SeedForm(forms.Form):
    """Seed every entrant: by hand (a number each), at random, from another competition's
    table, or by the players' ratings."""

    METHODS = [
        ("manual", gettext_lazy("By hand: the numbers below")),
        ("random", gettext_lazy("A random draw")),
        ("standings", gettext_lazy("From another competition's table")),
        ("rating", gettext_lazy("By rating: the strongest first")),
    ]
    method = forms.ChoiceField(
        choices=METHODS,
        initial="manual",
        widget=forms.RadioSelect,
        label=pgettext_lazy("how to seed", "Seed"),
    )
    from_competition = forms.ModelChoiceField(
        queryset=Competition.objects.none(),
        required=False,
        label=gettext_lazy("Competition"),
        empty_label=gettext_lazy("Choose a competition"),
    )

    def __init__(self, *args: Any, competition: Competition, entrants: list[Entrant], **kw: Any):
        super().__init__(*args, **kw)
        self.competition = competition
        self.entrants = entrants
        seeding = self.fields["from_competition"]
        assert isinstance(seeding, forms.ModelChoiceField)
        # A club evening's order is its own ranking (sit-outs and absences scored), which a
        # league table of its fixtures would not give: evenings are not offered.
        seeding.queryset = (
            Competition.objects.filter(club_id=competition.club_id)
            .exclude(pk=competition.pk)
            .exclude(kind=CompetitionKind.EVENING)
        )
        for entrant in entrants:
            self.fields[f"seed_{entrant.pk}"] = number(
                required=False,
                min_value=1,
                max_value=max(len(entrants), 1),
                label=entrant.name,
                initial=entrant.seed,
                widget=forms.NumberInput(attrs={**NUMBER_INPUT, "class": "seed-input"}),
            )

    def seed_rows(self) -> list[tuple[Entrant, forms.BoundField]]:
        return [(e, self[f"seed_{e.pk}"]) for e in self.entrants]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        method = data.get("method")
        if method == "manual":
            seeds = {}
            for entrant in self.entrants:
                value = data.get(f"seed_{entrant.pk}")
                if value is None and f"seed_{entrant.pk}" not in self.errors:
                    self.add_error(f"seed_{entrant.pk}", _("Give a seed."))
                elif value is not None:
                    seeds[entrant.pk] = value
            data["seeds"] = seeds
        elif method == "standings" and data.get("from_competition") is None:
            self.add_error("from_competition", _("Choose the competition whose table seeds this."))
        return data


class WithdrawForm(forms.Form):
    """Withdraw an entrant that will play no more. ``confirm``: the entrant (its id) whose
    games in progress the director was shown and agreed to abandon (blank until then)."""

    entrant = EntrantChoiceField(
        queryset=Entrant.objects.none(),
        label=gettext_lazy("Entrant"),
        empty_label=gettext_lazy("Choose an entrant"),
    )
    confirm = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, competition: Competition, **kw: Any):
        super().__init__(*args, **kw)
        entrant = self.fields["entrant"]
        assert isinstance(entrant, forms.ModelChoiceField)
        entrant.queryset = competition.entrants.filter(withdrawn=False).select_related(
            "partnership__first", "partnership__second"
        )
        choices_by_name(entrant)


class SwapForm(forms.Form):
    """Swap two entrants of a drawn Swiss round: each takes the other's table and side (or
    the bye). ``confirm`` is the director's word that a rematch or a second bye is meant."""

    first = forms.ModelChoiceField(
        queryset=Entrant.objects.none(),
        label=pgettext_lazy("swap an entrant [with another]", "Swap"),
        empty_label=gettext_lazy("Choose an entrant"),
    )
    second = forms.ModelChoiceField(
        queryset=Entrant.objects.none(),
        label=pgettext_lazy("[swap an entrant] with another", "with"),
        empty_label=gettext_lazy("Choose an entrant"),
    )
    confirm = forms.BooleanField(required=False, label=gettext_lazy("Swap them anyway"))

    def __init__(self, *args: Any, night: Round, entrants: list[Entrant], **kw: Any):
        super().__init__(*args, **kw)
        ids = [e.pk for e in entrants]
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Entrant.objects.filter(competition_id=night.competition_id, pk__in=ids)
            # In the round's order (table by table, then who sits out), not the database's.
            field.choices = [
                ("", _("Choose an entrant")),
                *((e.pk, entrant_choice_label(e)) for e in entrants),
            ]


class DisputeForm(forms.Form):
    """A side's words for the director: what on the sheet is not what was played."""

    words = WordsField(
        max_length=1000,
        label=gettext_lazy("What is not as you played it?"),
        help_text=gettext_lazy("For example: deal 4 was 90 - 72 to us, not to them."),
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={
            "required": gettext_lazy("Say what was not as you played it, for the director.")
        },
    )
