"""Forms of the club and competition pages: they validate input and turn it into the values
the services take (a :class:`~scoring.Ruleset`, :class:`~scoring.standings.MatchPoints`, a
chain of tie-break keys, chosen from numbered menus). The rules stay in ``scoring/``: a
refused override shows the engine's own message, next to the field it concerns.

A service may still refuse what a form let through (a duplicate name, the wrong kind of
entrant for the game); :func:`show_refusal` puts its message next to the field it names.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.conf import settings
from django.db.models import Q
from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from league.engine_words import engine_message, engine_word
from league.errors import Refused
from league.forms_common import (
    NUMBER_INPUT,
    RULE_FIELDS,
    SET_AWARD_CHOICES,
    TIE_RULE_CHOICES,
    MeldRowField,
    NameField,
    OptionRow,
    PartnershipChoiceField,
    TieBreakChainField,
    add_rule_options,
    choices_by_name,
    clean_house_rules,
    meld_rows,
    meld_tie_field,
    number,
    option_rows,
    preset_choices,
    renege_melds_field,
)
from league.languages import codes as language_codes
from league.languages import language_choices, language_in_words
from league.models import Club, Competition, EntrantKind, Partnership, Player
from league.names import clean_name
from league.paper import PAPER_WORDS
from league.timezones import time_zone_choices
from scoring import MELD_KINDS, MELD_LABELS
from scoring.matches import forfeit_score
from scoring.standings import DEFAULT_KEYS, InvalidStandings, MatchPoints
from scoring.words import possessive


class ClubForm(forms.Form):
    name = NameField(max_length=100, label=_("Club name"))


class ZoneField(forms.ChoiceField):
    """A zone from the menu. A value longer than any zone's name (a forged post) is cut short
    before the check, so that the message quoting it stays a line long."""

    def to_python(self, value: Any) -> str:
        text = str(super().to_python(value))
        return text if len(text) <= 60 else text[:60] + "…"


def _site_language_name() -> str:
    return language_in_words(settings.LANGUAGE_CODE)


def _club_language_choices() -> list[tuple[str, str]]:
    return language_choices(
        blank=gettext("As the site (%(language)s)") % {"language": _site_language_name()}
    )


class ClubSettingsForm(forms.Form):
    """The club's clock (the zone its pages and PDFs show times in), its language
    (league.languages: what its screen and PDFs speak, and its pages to a reader who asked for
    no language the site speaks) and its paper (league.paper: blank for its zone's)."""

    time_zone = ZoneField(
        choices=time_zone_choices,
        required=False,
        label=_("Time zone"),
        help_text=_("The times of the club's games, corrections and printed sheets."),
        error_messages={
            "invalid_choice": _(
                "“%(value)s” is not a time zone this server knows: choose one from the list."
            )
        },
    )
    language = forms.ChoiceField(
        choices=_club_language_choices,
        required=False,
        label=_("Language"),
        help_text=_(
            "What the club's screen and printed sheets speak, and its pages to a reader whose "
            "browser asks for none of the site's languages. Each reader can still choose their "
            "own in the menu; an event can have its own."
        ),
        error_messages={"invalid_choice": _("Choose one of the languages in the list.")},
    )
    paper_size = forms.ChoiceField(
        choices=lambda: [
            ("", gettext("From the time zone: Letter in the Americas, A4 elsewhere")),
            *PAPER_WORDS.items(),
        ],
        required=False,
        label=_("Paper size"),
        help_text=_("What the club's sheets, standings and brackets print on."),
        error_messages={"invalid_choice": _("Choose A4, Letter, or the time zone's paper.")},
    )


class EventLanguageForm(forms.Form):
    """An event's own language, when it differs from its club's (a visiting event)."""

    # Radio buttons, not a menu: a closed menu shows its choice on one line, and "As the club:
    # each reader's language" was cut at a phone's width; a radio's label wraps.
    language = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label=_("Language of this event"),
        help_text=_("What its screen and printed sheets speak; blank speaks the club's."),
        error_messages={"invalid_choice": _("Choose one of the languages in the list.")},
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["language"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = language_choices(
            blank=gettext("As the club (%(language)s)")
            % {"language": language_in_words(club.language)}
            if club.language in language_codes()
            else gettext("As the club: each reader's language")
        )


class PlayerForm(forms.Form):
    name = NameField(max_length=80, label=_("Member's name"))


class MembersForm(forms.Form):
    """Several members at once: one name a line, as pasted from a list. Blank lines are
    skipped; a line too long to be a name is refused with its number (nothing is added)."""

    MAX_LINES = 500

    names = forms.CharField(
        max_length=40_000,
        label=_("Members' names, one a line"),
        help_text=_("Paste the club's list. Names the club has already are left out and listed."),
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"}),
        error_messages={"required": _("Paste or type at least one name.")},
    )

    def clean_names(self) -> list[str]:
        lines = [clean_name(line) for line in self.cleaned_data["names"].splitlines()]
        limit = Player._meta.get_field("name").max_length or 80
        problems = [
            gettext("Line %(number)d: “%(start)s…” is longer than %(limit)d letters.")
            % {"number": number, "start": line[:30], "limit": limit}
            for number, line in enumerate(lines, start=1)
            if len(line) > limit
        ]
        if problems:
            raise forms.ValidationError(
                [*problems, gettext("Nothing was added: shorten it and send again.")]
            )
        names = [line for line in lines if line]
        if not names:
            raise forms.ValidationError(self.fields["names"].error_messages["required"])
        if len(names) > self.MAX_LINES:
            raise forms.ValidationError(
                gettext("Add at most %(count)d names at a time.") % {"count": self.MAX_LINES}
            )
        return names


class PartnershipForm(forms.Form):
    """Two members of the club, and an optional team name."""

    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("First partner"))
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Second partner"))
    name = NameField(max_length=80, required=False, label=_("Team name (optional)"))

    def __init__(self, *args: Any, club: Club, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            # A retired member is off the list (league.competitions.member_services).
            field.queryset = club.players.filter(retired_at__isnull=True)
            choices_by_name(field)


class CompetitionForm(forms.Form):
    """A league season: its club, its ruleset (a preset and house rules) and match format."""

    name = NameField(max_length=120, label=_("Name"), help_text=_("e.g. Winter league 2025"))
    club = forms.ModelChoiceField(queryset=Club.objects.all(), empty_label=None, label=_("Club"))
    preset = forms.ChoiceField(
        choices=preset_choices(), label=pgettext_lazy("the kind of game: a preset", "Game")
    )
    # House rules: blank keeps the preset's value.
    target = number(
        required=False, min_value=1, max_value=100_000, label=_("Target (blank: the preset's)")
    )
    set_award = forms.ChoiceField(choices=SET_AWARD_CHOICES, required=False, label=_("On a set"))
    tie_rule = forms.ChoiceField(choices=TIE_RULE_CHOICES, required=False, label=_("On a tie"))
    meld_tie = meld_tie_field()
    renege_melds = renege_melds_field()
    # Match format.
    entrant_kind = forms.ChoiceField(choices=EntrantKind.choices, label=_("Entrants"))
    games_per_match = number(
        min_value=1,
        max_value=15,
        initial=1,
        label=_("Games a match"),
        help_text=_("The side that wins more of them wins the match; equal is a draw."),
    )
    points_win = number(min_value=0, max_value=100, initial=2, label=_("Points for a win"))
    points_draw = number(min_value=0, max_value=100, initial=1, label=_("Points for a draw"))
    points_loss = number(min_value=0, max_value=100, initial=0, label=_("Points for a loss"))
    tiebreaks = TieBreakChainField(
        initial=DEFAULT_KEYS,
        label=_("Table order (tie-breaks)"),
        help_text=_(
            "The table is ordered by the 1st; entrants still level are ordered by the "
            "2nd, and so on. Leave the menus you do not need blank."
        ),
    )
    best_nights = number(
        required=False,
        min_value=1,
        max_value=200,
        label=_("Count the best N nights (optional)"),
        help_text=_("Blank: every night counts."),
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        add_rule_options(self)
        # One optional field a meld kind: blank keeps the preset's value, 0 stops paying it.
        for kind in MELD_KINDS:
            self.fields[f"meld_{kind}"] = number(
                required=False,
                min_value=0,
                max_value=10_000,
                # The engine's words, marked there and translated here.
                label=engine_word(MELD_LABELS[kind]),
                widget=forms.NumberInput(
                    attrs={**NUMBER_INPUT, "placeholder": pgettext("a blank meld value", "preset")}
                ),
            )

    @property
    def meld_field_names(self) -> list[str]:
        return [f"meld_{kind}" for kind in MELD_KINDS]

    # The form's parts, for the page's fieldsets.
    def _bound(self, *names: str) -> list[forms.BoundField]:
        return [self[name] for name in names]

    @property
    def about_fields(self) -> list[forms.BoundField]:
        return self._bound("name", "club")

    @property
    def rule_fields(self) -> list[forms.BoundField]:
        return self._bound("preset", *RULE_FIELDS)

    @property
    def meld_fields(self) -> list[forms.BoundField]:
        return self._bound(*self.meld_field_names)

    @property
    def paid_meld_rows(self) -> list[MeldRowField]:
        """The boxes of the meld kinds the chosen game pays."""
        return meld_rows(self, paid=True)

    @property
    def unpaid_meld_rows(self) -> list[MeldRowField]:
        """The boxes of the kinds it does not pay (folded away: a value pays one)."""
        return meld_rows(self, paid=False)

    @property
    def option_rows(self) -> list[OptionRow]:
        """The house options of the families of games, each with the families it is for."""
        return option_rows(self)

    @property
    def melds_open(self) -> bool:
        """Show the meld values when one is given or wrong (they are folded away otherwise)."""
        return any(f.errors or f.value() not in (None, "") for f in self.meld_fields)

    @property
    def unpaid_open(self) -> bool:
        """Unfold the kinds the game does not pay when one of them is given or wrong."""
        return any(
            r.field.errors or r.field.value() not in (None, "") for r in self.unpaid_meld_rows
        )

    @property
    def format_fields(self) -> list[forms.BoundField]:
        return self._bound(
            "entrant_kind", "games_per_match", "points_win", "points_draw", "points_loss"
        )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        self._clean_rules(data)
        if all(data.get(f"points_{r}") is not None for r in ("win", "draw", "loss")):
            try:
                data["points"] = MatchPoints(
                    win=data["points_win"], draw=data["points_draw"], loss=data["points_loss"]
                )
            except InvalidStandings as error:
                # Name the figure that is out of order: a draw above a win, or a loss above it.
                low = data["points_draw"] > data["points_win"]
                self.add_error("points_draw" if low else "points_loss", engine_message(error))
        return data

    def _clean_rules(self, data: dict[str, Any]) -> None:
        """The preset with the house rules; a refused override is told at its own field."""
        rules = clean_house_rules(self, data)
        if rules is not None:
            data["rules"] = rules


class EntrantForm(forms.Form):
    """Enter one more of the club's players (or partnerships) in a competition."""

    def __init__(self, *args: Any, competition: Competition, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.competition = competition
        entered = competition.entrants.all()
        if competition.entrant_kind == EntrantKind.PARTNERSHIPS:
            # A team's name alone does not say who plays in it: named with its players.
            self.fields["partnership"] = PartnershipChoiceField(
                queryset=Partnership.objects.filter(club_id=competition.club_id)
                .exclude(pk__in=entered.values("partnership_id").exclude(partnership=None))
                .exclude(retired_at__isnull=False)
                .exclude(Q(first__retired_at__isnull=False) | Q(second__retired_at__isnull=False))
                .select_related("first", "second"),
                label=_("Partnership"),
                empty_label=_("Choose a partnership"),
            )
            choices_by_name(self.fields["partnership"])
        else:
            self.fields["player"] = forms.ModelChoiceField(
                queryset=Player.objects.filter(
                    club_id=competition.club_id, retired_at=None
                ).exclude(pk__in=entered.values("player_id").exclude(player=None)),
                label=_("Player"),
                empty_label=_("Choose a player"),
            )
            choices_by_name(self.fields["player"])


class DrawForm(forms.Form):
    """Draw a league's fixtures: a round robin, one round a night."""

    double = forms.TypedChoiceField(
        choices=[("0", _("Round robin (meet once)")), ("1", _("Double round robin (twice)"))],
        coerce=lambda v: v == "1",
        initial="0",
        label=_("Format"),
    )
    first_date = forms.DateField(
        required=False,
        label=_("First night (optional)"),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    days_between = number(min_value=1, max_value=366, initial=7, label=_("Days between nights"))


class RotationForm(forms.Form):
    """Draw the rounds of an individual competition: partners change every round."""

    rounds = number(min_value=1, max_value=60, initial=7, label=_("Rounds"))
    first_date = forms.DateField(
        required=False,
        label=_("First night (optional)"),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    days_between = number(min_value=1, max_value=366, initial=7, label=_("Days between nights"))
    balance = forms.BooleanField(
        required=False,
        label=_("Balance partners by rating"),
        help_text=_(
            "Partners the strongest player with the weakest, the second strongest with the "
            "second weakest, and so on, by the players' ratings now; in later rounds the most "
            "balanced partnerships not yet played. Who sits out still goes by turns."
        ),
    )


# Two whole numbers apart by a dash of any kind, a colon, a slash, "to" or blanks.
_SCORE_LINE = re.compile(r"^\s*(\d{1,6})\s*(?:[-\u2010-\u2015\u2212:/]|to|\s)\s*(\d{1,6})\s*$")


def parse_score_line(text: str) -> tuple[int, int]:
    """``"512-430"`` as ``(512, 430)``; ValueError with a message a scorer understands."""
    match = _SCORE_LINE.match(text)
    if match is None:
        raise ValueError(
            gettext("“%(text)s” is not two totals: write them as 512-430.") % {"text": text.strip()}
        )
    return int(match.group(1)), int(match.group(2))


class FixtureForm(forms.Form):
    """A form about one fixture; ``side_names`` are its two sides, home first; ``target``
    what a whole game is worth (its target, or half a boom's card points: ``game_points``);
    ``deals`` the fixed number of deals of a game (a boom of 16), None for a game to a target;
    ``boom``: such a game is klaverjas's boom (:func:`league.game_words.is_boom`)."""

    prefix: str  # each kind sets its own: the key of its place on the fixture page

    def __init__(
        self,
        *args: Any,
        side_names: tuple[str, str],
        target: int,
        deals: int | None = None,
        boom: bool = False,
        **kwargs: Any,
    ):
        self.side_names = side_names
        self.target = target
        self.deals = deals
        self.boom = boom
        super().__init__(*args, **kwargs)

    def refused(self, error: Refused) -> None:
        """Put a service's refusal next to the field it names (or above the form)."""
        field = error.field if error.field in self.fields else None
        self.add_error(field, error.message)


class RescheduleForm(FixtureForm):
    prefix = "move"

    date = forms.DateField(
        required=False,
        label=_("Date"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Empty: the round's night."),
    )
    table = NameField(
        max_length=20,
        required=False,
        label=pgettext_lazy("where a match is played", "Table"),
        help_text=_("Empty: keep the table."),
    )


class ConcedeForm(FixtureForm):
    """A side that forfeits or does not turn up; the other side wins by ``score``."""

    prefix = "concede"

    KINDS = (
        ("forfeit", pgettext_lazy("fixture status", "Forfeit")),
        ("no_show", pgettext_lazy("fixture status", "No-show")),
    )

    kind = forms.ChoiceField(
        choices=KINDS,
        widget=forms.RadioSelect,
        initial="forfeit",
        label=pgettext_lazy("of a conceded match: forfeit or no-show", "Kind"),
    )
    side = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label=_("Conceded by"))
    score = forms.CharField(
        max_length=20,
        label=_("Score (winner first)"),
        help_text=_("The points the match is given as, e.g. 500-0."),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        side = self.fields["side"]
        assert isinstance(side, forms.TypedChoiceField)
        side.choices = list(enumerate(self.side_names))
        self.fields["score"].initial = "{}-{}".format(*forfeit_score(self.target))

    def clean_score(self) -> tuple[int, int]:
        try:
            return parse_score_line(self.cleaned_data["score"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None


def totals_help(
    home: str, away: str, games: int, target: int, deals: int | None = None, *, boom: bool = False
) -> str:
    """How to type a paper sheet's totals: whose first, a line a game, an example. English
    writes the names' possessives by its own rule ("The Jassers’ total"); the other
    languages' sentences name the sides without one. A game of ``deals`` (a boom: ``target``
    is then half its card points) gets an example of one and says that level is a draw; only
    klaverjas's (``boom``) is called a boom."""
    if deals is None:
        return _totals_help(home, away, games, f"{target + 12}-430")
    length = (
        ngettext(
            "A game is a boom of %(deals)d deal: equal totals are a draw.",
            "A game is a boom of %(deals)d deals: equal totals are a draw.",
            deals,
        )
        if boom
        else ngettext(
            "A game has %(deals)d deal: equal totals are a draw.",
            "A game has %(deals)d deals: equal totals are a draw.",
            deals,
        )
    ) % {"deals": deals}
    return f"{_totals_help(home, away, games, f'{target + 156}-{target - 12}')} {length}"


def _totals_help(home: str, away: str, games: int, example: str) -> str:
    if (get_language() or "en").startswith("en"):
        each = "one line a game" if games > 1 else "one line"
        return (
            f"{possessive(home, '’')} total, then {possessive(away, '’')}, {each}: e.g. {example}."
        )
    return ngettext(
        "%(home)s’s total, then %(away)s’s, one line: e.g. %(example)s.",
        "%(home)s’s total, then %(away)s’s, one line a game: e.g. %(example)s.",
        games,
    ) % {"home": home, "away": away, "example": example}


class TypedResultForm(FixtureForm):
    """A match played on paper: one line of two totals per game."""

    prefix = "typed"

    scores = forms.CharField(
        label=_("Totals from the sheet"),
        widget=forms.Textarea(attrs={"rows": 3, "cols": 16, "autocomplete": "off"}),
    )

    def __init__(self, *args: Any, games: int, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.games = games
        self.fields["scores"].help_text = totals_help(
            *self.side_names, games, self.target, self.deals, boom=self.boom
        )

    def clean_scores(self) -> list[tuple[int, int]]:
        lines = [line for line in self.cleaned_data["scores"].splitlines() if line.strip()]
        pairs, problems = [], []
        for line_number, line in enumerate(lines, start=1):
            try:
                pairs.append(parse_score_line(line))
            except ValueError as error:
                problems.append(
                    gettext("Line %(number)d: %(problem)s")
                    % {"number": line_number, "problem": error}
                    if len(lines) > 1
                    else str(error)
                )
        if problems:
            raise forms.ValidationError(problems)
        # How many lines a match takes is the service's to say (a best of three may end 2-0).
        return pairs
