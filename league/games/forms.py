"""Forms validate and turn input into domain values (a ruleset, a :class:`scoring.Deal`).

The deal form asks the engine whether the deal could have happened, and puts the engine's
message next to the part of the form it concerns (``group_errors``: makers, card points, the
melds of a side, belle, renege, no-trump), so the rules live in ``scoring/`` alone. What the
page draws of the deal form, its rows and the preview, is :mod:`league.games.deal_presenter`'s.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import QueryDict
from django.utils.text import get_text_list
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext
from django.utils.translation import gettext as _

import scoring
from league.engine_words import engine_catalog, engine_message, engine_word
from league.errors import DealTaken, Refused
from league.forms_common import (
    NUMBER_INPUT,
    SET_AWARD_CHOICES,
    TIE_RULE_CHOICES,
    NameField,
    OptionRow,
    add_rule_options,
    clean_house_rules,
    option_rows,
    preset_choices,
)
from league.games import selectors
from league.games.ruleset_data import resolved_ruleset_data
from league.models import Deal, Game, MeldEntry, VoidReason
from league.models.games import VOID_REASON_IN_SENTENCE
from league.names import SIDE_NAME_MAX, clean_name
from league.rulebook.text import CARD_NAMES, NATURAL_ORDER
from scoring import (
    MELD_KINDS,
    MELD_LABELS,
    DealResult,
    InvalidDeal,
    Ruleset,
    score_deal,
)
from scoring.deal import Bid, Renege, complete_card_points
from scoring.rules import (
    BELOTE_MELD_LABELS,
    BONUS_LABELS,
    CAPOT,
    LOWEST_BID,
    MELD_WORDS,
    PRESETS,
)


def side_label(rules: Ruleset, index: int) -> str:
    """A side not named yet: "Player 2", "Partnership 1"."""
    if rules.partnerships:
        return _("Partnership %(number)s") % {"number": index + 1}
    return _("Player %(number)s") % {"number": index + 1}


#: Who deals first, chosen before the players' names are known: value -> seat, by the number
#: of players at the table (seats go round the table; a seat plays for side seat % sides).
FIRST_DEALER_SEATS: dict[str, dict[int, int]] = {
    "0": {2: 0, 3: 0, 4: 0},
    "1": {2: 1, 3: 1, 4: 1},
    "2": {3: 2},
    "p0": {4: 2},
    "p1": {4: 3},
}
FIRST_DEALER_CHOICES = [
    ("0", gettext_lazy("Side 1")),
    ("1", gettext_lazy("Side 2")),
    ("2", gettext_lazy("Side 3 (three-hand games)")),
    ("p0", gettext_lazy("Side 1's partner (four-hand games)")),
    ("p1", gettext_lazy("Side 2's partner (four-hand games)")),
]


def offers_meld_entry(rules: Ruleset) -> bool:
    """Whether a game asks how its melds are entered (scored or declared): not when each
    side's roem is a number (klaverjas), nor when it pays no melds (classic belote)."""
    return rules.meld_scoring != "each" and any(v is not None for v in rules.meld_values.values())


class GameForm(forms.Form):
    """Start a game: a preset, optional house-rule overrides, the sides' names, a table."""

    preset = forms.ChoiceField(choices=preset_choices(), label=gettext_lazy("Preset"))
    side_0 = NameField(max_length=SIDE_NAME_MAX, required=False, label=gettext_lazy("Side 1"))
    side_1 = NameField(max_length=SIDE_NAME_MAX, required=False, label=gettext_lazy("Side 2"))
    side_2 = NameField(
        max_length=SIDE_NAME_MAX,
        required=False,
        label=gettext_lazy("Side 3"),
        help_text=gettext_lazy("Three-hand games only."),
    )
    table = NameField(max_length=20, required=False, label=gettext_lazy("Table (optional)"))
    title = NameField(max_length=120, required=False, label=gettext_lazy("Title (optional)"))
    target = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=100_000,
        label=gettext_lazy("Target (blank: the preset's)"),
        widget=forms.NumberInput(attrs=NUMBER_INPUT),
    )
    set_award = forms.ChoiceField(
        choices=SET_AWARD_CHOICES, required=False, label=gettext_lazy("On a set")
    )
    tie_rule = forms.ChoiceField(
        choices=TIE_RULE_CHOICES, required=False, label=gettext_lazy("On a tie")
    )
    first_dealer = forms.ChoiceField(
        choices=FIRST_DEALER_CHOICES,
        required=False,
        initial="0",
        label=gettext_lazy("Deals first"),
        help_text=gettext_lazy(
            "In four-hand games “Side 1” is its first-named player. You can change it on "
            "the game's page."
        ),
    )
    meld_entry = forms.ChoiceField(
        choices=MeldEntry.choices,
        initial=MeldEntry.SCORED,
        required=False,
        widget=forms.RadioSelect,
        label=gettext_lazy("Melds are entered"),
        help_text=gettext_lazy(
            "Scored: the melds of the side the table agreed scores them. Declared: what "
            "each side declared, and the sheet works out who scores. Not asked of games that "
            "take roem as a number or pay no melds."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        add_rule_options(self)

    @property
    def start_rows(self) -> list[tuple[forms.BoundField, str]]:
        """:attr:`start_fields`, each with the presets it is for (space-separated, "" for
        every preset): static/js/rule-options.js hides and disables a field the chosen preset
        has not got (a third side's name in a two-sided game; how melds are entered in a game
        that takes roem as a number or pays no melds). Without the script each shows, and the
        server refuses a third name for a two-sided game beside it and ignores the other."""
        only = {
            "side_2": " ".join(k for k, r in PRESETS.items() if r.sides > 2),
            "meld_entry": " ".join(k for k, r in PRESETS.items() if offers_meld_entry(r)),
        }
        return [(field, only.get(field.name, "")) for field in self.start_fields]

    #: The house rules every game has, in the page's fold of house rules.
    HOUSE_RULES = ("target", "set_award", "tie_rule")

    @property
    def start_fields(self) -> list[forms.BoundField]:
        """What a game needs before it starts: the preset, the sides, the table."""
        skip = {*self.HOUSE_RULES, *(row.field.name for row in self.option_rows)}
        return [self[name] for name in self.fields if name not in skip]

    @property
    def house_rule_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.HOUSE_RULES]

    @property
    def option_rows(self) -> list[OptionRow]:
        """The house options of the families of games, each with the families it is for."""
        return option_rows(self)

    @property
    def house_rules_open(self) -> bool:
        """Unfold the house rules when one is given or wrong."""
        fields = [*self.house_rule_fields, *(row.field for row in self.option_rows)]
        return any(f.errors or (self.is_bound and f.value() not in (None, "")) for f in fields)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if "preset" not in data:
            return data
        found = clean_house_rules(self, data)
        if found is None:
            return data
        rules = found
        names = [clean_name(data.get(f"side_{i}") or "") for i in range(rules.sides)]
        for i, name in enumerate(names):
            if not name and f"side_{i}" not in self.errors:
                params = {"game": rules.name, "count": rules.sides, "number": i + 1}
                if rules.partnerships:
                    message = ngettext(
                        "%(game)s has %(count)d side: name partnership %(number)d.",
                        "%(game)s has %(count)d sides: name partnership %(number)d.",
                        rules.sides,
                    )
                else:
                    message = ngettext(
                        "%(game)s has %(count)d side: name player %(number)d.",
                        "%(game)s has %(count)d sides: name player %(number)d.",
                        rules.sides,
                    )
                self.add_error(f"side_{i}", message % params)
        if rules.sides < 3 and (data.get("side_2") or "").strip():
            self.add_error(
                "side_2",
                _("%(game)s has two sides; leave this empty.") % {"game": engine_word(rules.name)},
            )
        if all(names) and len({n.casefold() for n in names}) != len(names):
            self.add_error("side_1", _("Give each side a different name."))
        data["rules"] = rules
        data["side_names"] = names
        data["meld_entry"] = (
            data.get("meld_entry") or MeldEntry.SCORED
            if offers_meld_entry(rules)
            else MeldEntry.SCORED  # not asked: nothing to declare, or roem as a number
        )
        seat = FIRST_DEALER_SEATS.get(data.get("first_dealer") or "0", {})
        if rules.players not in seat:
            params = {"game": rules.name, "players": rules.players, "sides": rules.sides}
            self.add_error(
                "first_dealer",
                (
                    _(
                        "%(game)s is played by %(players)s players: choose side 1, side 2, "
                        "or a partner."
                    )
                    if rules.partnerships
                    else _(
                        "%(game)s is played by %(players)s players: choose one of the "
                        "%(sides)s sides."
                    )
                )
                % params,
            )
        else:
            data["first_dealer_seat"] = seat[rules.players]
        return data


class GameSettingsForm(forms.Form):
    """On a game's page: how its melds are entered, and who dealt the first deal (a seat,
    named as :func:`league.games.selectors.seat_names` names it)."""

    meld_entry = forms.ChoiceField(
        choices=MeldEntry.choices,
        widget=forms.RadioSelect,
        label=gettext_lazy("Melds are entered"),
    )

    def __init__(self, *args: Any, game: Game, **kwargs: Any):
        kwargs.setdefault(
            "initial", {"meld_entry": game.meld_entry, "first_dealer": str(game.first_dealer)}
        )
        super().__init__(*args, **kwargs)
        self.game = game
        if not self.offers_meld_entry:
            del self.fields["meld_entry"]  # kept as it is: see clean()
        seats = selectors.game_seat_names(game)
        self.fields["first_dealer"] = forms.TypedChoiceField(
            choices=[(str(i), name) for i, name in enumerate(seats)],
            coerce=int,
            label=_("Dealt the first deal"),
            error_messages={"invalid_choice": _("Choose one of the players at this table.")},
        )

    @property
    def offers_meld_entry(self) -> bool:
        """Whether the game asks how its melds are entered (:func:`offers_meld_entry`)."""
        return offers_meld_entry(self.game.rules)

    def clean(self) -> dict[str, Any]:
        super().clean()
        if not self.offers_meld_entry:
            self.cleaned_data["meld_entry"] = self.game.meld_entry
        return self.cleaned_data


class FirstDealerForm(forms.Form):
    """Who deals the first deal of a game about to start (a match's game, started from its
    "Start the game" question or a side's entry link): a seat, named as
    :func:`league.games.selectors.seat_names` names it. Left out, the first seat deals."""

    def __init__(
        self,
        *args: Any,
        rules: Ruleset,
        side_names: Sequence[str],
        players: Sequence[Sequence[str] | None] | None = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        seats = selectors.seat_names(rules, side_names, players)
        self.fields["first_dealer"] = forms.TypedChoiceField(
            choices=[(str(i), name) for i, name in enumerate(seats)],
            coerce=int,
            required=False,
            empty_value=None,
            initial="0",
            label=_("Deals first"),
            help_text=_("The deal then passes to the left; the sheet shows who dealt each deal."),
            error_messages={"invalid_choice": _("Choose one of the players at this table.")},
        )

    def clean_first_dealer(self) -> int:
        seat = self.cleaned_data.get("first_dealer")
        return 0 if seat is None else int(seat)


class VoidReasonField(forms.ChoiceField):
    """The deal's void reason: one the game offers (``reasons``: the words of each, inside a
    sentence), else a message that names the game and what it offers."""

    def __init__(self, *args: Any, game_name: str, reasons: Sequence[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game_name = game_name
        self.reasons = list(reasons)

    def validate(self, value: Any) -> None:
        try:
            super().validate(value)
        except ValidationError as error:
            if error.code != "invalid_choice":
                raise
            raise ValidationError(
                _("%(game)s has no void deal for “%(value)s”; choose %(reasons)s."),
                code="invalid_choice",
                params={
                    "game": self.game_name,
                    "value": value,
                    "reasons": get_text_list([str(r) for r in self.reasons], _("or")),
                },
            ) from None


class EngineJudgedChoices(forms.MultipleChoiceField):
    """Checkboxes whose ticked values the engine judges, not the form: a value the page did
    not offer (a bonus the game does not know) reaches :func:`scoring.score_deal`, which
    refuses it in a scorer's words beside the field."""

    def valid_value(self, value: Any) -> bool:
        return len(str(value)) <= 40  # anything longer is no bonus's name: not worth naming


#: The quick buttons beside a side's roem box (static/js/roem.js): what one tap adds.
ROEM_STEPS = (20, 50, 100, 200)
#: The largest number a roem box takes; whether the number can be made is the engine's.
ROEM_MOST = 9999


def bid_choices(rules: Ruleset) -> list[tuple[str, str]]:
    """The bids of a game with bidding (coinche): 80 and up by tens to ``rules.bid_max``,
    then capot; first the empty line (no bid chosen yet)."""
    return [
        ("", pgettext("the bid menu's first line: no bid chosen yet", "Choose")),
        *((str(b), str(b)) for b in range(LOWEST_BID, rules.bid_max + 1, 10)),
        (CAPOT, pgettext("a bid: every trick", "Capot")),
    ]


def contre_choices(rules: Ruleset) -> list[tuple[str, str]]:
    """A contract's doubling: none, contrée, surcontrée, each with its factor."""
    factors = rules.contre_factors
    return [
        ("0", pgettext("a contract not doubled", "None")),
        ("1", _("Contrée (×%(factor)s)") % {"factor": factors[0]}),
        ("2", _("Surcontrée (×%(factor)s)") % {"factor": factors[1]}),
    ]


def own_copy(field: forms.Field) -> forms.Field:
    """A copy of ``field`` for one form: what Django's deep copy of a form's fields gives each
    form (its own field, widget, widget attributes, messages, validators and list of choices)
    without walking them deeply, which was most of building the deal form (make bench). The
    choices are pairs that nothing changes; a widget of widgets is copied deeply."""
    if isinstance(field.widget, forms.MultiWidget):
        return copy.deepcopy(field)
    mine: forms.Field = _copy_of(field)
    mine.widget = _copy_of(field.widget)
    mine.widget.attrs = dict(mine.widget.attrs)
    mine.error_messages = dict(mine.error_messages)
    mine.validators = list(mine.validators)
    return mine


def _copy_of(thing: Any) -> Any:
    """A shallow copy of a field or widget, with a list of choices of its own."""
    mine = object.__new__(type(thing))
    state = mine.__dict__
    state.update(thing.__dict__)
    choices = state.get("_choices")
    if type(choices) is list:
        state["_choices"] = list(choices)
    return mine


def _values_when_not_sent(fields: dict[str, forms.Field]) -> dict[str, Any]:
    """What each of ``fields`` cleans to when a form does not send it (a box left empty, a
    radio not chosen): the same every time, so worked out once. Only for the widgets that read
    just their own name from the data (Django's inputs, choices and checkbox), and the fields
    that take "nothing" (else cleaning says so, every time)."""
    plain = {
        forms.Widget.value_from_datadict,
        forms.widgets.ChoiceWidget.value_from_datadict,
        forms.CheckboxInput.value_from_datadict,
    }
    values: dict[str, Any] = {}
    nothing: QueryDict = QueryDict()
    for name, field in fields.items():
        if type(field.widget).value_from_datadict not in plain:
            continue
        try:
            values[name] = field.clean(field.widget.value_from_datadict(nothing, {}, name))
        except ValidationError:
            continue
    return values


#: The deal form's fields as built for a (language, ruleset's id, side names, declaring, rows
#: of declared melds), what they clean to when not sent, and the ruleset: every form like it
#: reads them (:meth:`DealForm.__init__`).
_BUILT_FIELDS: dict[tuple[Any, ...], tuple[dict[str, forms.Field], dict[str, Any], Ruleset]] = {}
#: More than a club ever has at once (games in play, languages): then the cache starts afresh.
_BUILT_FIELDS_MOST = 256


class DealForm(forms.Form):
    """One deal as the scorer enters it, for a given ruleset and side names.

    ``held`` is the points held when this deal is played (tie rule ``hang``): its winner takes
    them. Pages build the form with :func:`deal_form`, which knows them. After ``is_valid``,
    ``deal`` is the :class:`scoring.Deal` and ``result`` what it scores.

    The rest of the family (RULES.md part two) adds, only where the ruleset plays them:

    - *roem* (``meld_scoring: each``, klaverjas): each side's melds as a number
      (``roem_<side>``) instead of meld counts; stuk is the belle field;
    - *every trick* (``all_tricks``: pit, capot): the side that took every trick;
    - the *contract* (``rules.bidding``, coinche): the ``bid`` (80.. by tens, or capot) and
      its doubling ``contre`` (0 none, 1 contrée, 2 surcontrée);
    - *bonuses* (``rules.bonus_values``, klebias-norm): ``bimah`` (one box: the makers') and
      per side the others (``bonuses_<side>``: Shlomo HaMelech, Cleopatra).
    """

    GROUPS = (
        "makers",
        "bid",
        "contre",
        "card_points",
        "all_tricks",
        "melds",
        "belle",
        "bonuses",
        "renege",
        "no_trump",
        "void",
        "game",
    )

    # Hidden: only a form not made by this page sends something wrong in them, and the words
    # say what to do about it rather than what a UUID is.
    NOT_THIS_PAGE = {
        "invalid": gettext_lazy(
            "This form did not come from this page: reload it and enter the deal again."
        ),
        "min_value": gettext_lazy(
            "This form did not come from this page: reload it and enter the deal again."
        ),
    }

    #: Most melds one side declares that the form offers rows for.
    MAX_DECLARED = 6

    # The fields built for every form like this one, and this form's own copies (:attr:`fields`).
    _shared_fields: dict[str, forms.Field]
    _own_fields: dict[str, forms.Field] | None

    def __init__(
        self,
        *args: Any,
        rules: Ruleset,
        side_names: list[str],
        held: int = 0,
        meld_entry: str = MeldEntry.SCORED,
        elder: int | None = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.side_names = side_names
        self.held = held
        self.meld_entry = meld_entry
        self.elder = elder
        #: Whether each side's melds are entered as a number (klaverjas roem).
        self.roem = rules.meld_scoring == "each"
        self.group_errors: dict[str, str] = {}
        #: A card-point or meld box's own message (not a whole number, out of range), shown
        #: beside that box.
        self.field_errors: dict[str, str] = {}
        self.deal: scoring.Deal | None = None
        self.result: DealResult | None = None
        #: Set by :func:`deal_form`: what builds :attr:`offline`.
        self.offline_of: Callable[[], dict[str, Any]] | None = None
        # The fields are the same for every form of a ruleset, sides and language: built once
        # (the form is built on every save of a deal, the hot path of a club night: make
        # bench), then each form reads them, and gets copies of its own to mark (errors,
        # autofocus) when it is shown (:attr:`fields`). The ruleset is named by its identity
        # (comparing every rule costs more than building a few fields; every game of one
        # stored ruleset has the same object, Game.rules) and kept in the entry, so that its
        # id names it alone.
        key = (get_language(), id(rules), tuple(side_names), self.declaring, self._rows())
        built = _BUILT_FIELDS.get(key)
        if built is None or built[2] is not rules:
            self._add_fields()
            if len(_BUILT_FIELDS) >= _BUILT_FIELDS_MOST:
                _BUILT_FIELDS.clear()  # rulesets and names beyond a club's: start afresh
            fields = {name: own_copy(f) for name, f in self.fields.items()}
            built = _BUILT_FIELDS[key] = (fields, _values_when_not_sent(fields), rules)
            self._shared_fields = self.fields  # its own already
        else:
            self._shared_fields, self._own_fields = built[0], None
        #: What each field cleans to when the form does not send it (most of a deal's fields).
        self.not_sent = built[1]
        self.initial.setdefault("meld_entry", meld_entry)
        if not self.is_bound and "entry_key" not in self.initial:
            self.initial["entry_key"] = uuid.uuid4()

    @property
    def fields(self) -> dict[str, forms.Field]:
        """The form's fields: its own copies of the fields built for its ruleset, sides and
        language, made when first asked for (to show the form, mark one, add an error), so
        that a form that only checks a deal and saves it copies none."""
        if self._own_fields is None:
            self._own_fields = {name: own_copy(f) for name, f in self._shared_fields.items()}
        return self._own_fields

    @fields.setter
    def fields(self, fields: dict[str, forms.Field]) -> None:
        self._own_fields = fields

    @property
    def readable_fields(self) -> dict[str, forms.Field]:
        """The fields to read, never to change: the form's own once it has them, else the
        fields built for every form like it (the form's checks read these: no copy)."""
        return self._shared_fields if self._own_fields is None else self._own_fields

    def _clean_fields(self) -> None:
        """Django's, without a bound field made for each field first (a tenth of saving a deal,
        make bench): what that adds is for disabled fields, files and ``clean_<name>`` methods,
        and this form has none of them. A field the form did not send cleans to what it always
        cleans to then (:attr:`not_sent`): most of a deal's boxes are left empty."""
        data, not_sent = self.data, self.not_sent
        for name, field in self.readable_fields.items():
            key = self.add_prefix(name)
            if key not in data and name in not_sent:
                value = not_sent[name]
                # Worked out once (:func:`_values_when_not_sent`); a list is the form's own.
                self.cleaned_data[name] = list(value) if isinstance(value, list) else value
                continue
            value = field.widget.value_from_datadict(data, self.files, key)
            try:
                self.cleaned_data[name] = field.clean(value)
            except ValidationError as error:
                self.add_error(name, error)

    def _rows(self) -> tuple[int, ...]:
        """How many rows of declared melds each side gets (none when not declaring)."""
        if not self.declaring:
            return ()
        return tuple(self._declared_rows(i) for i in range(self.rules.sides))

    def _add_fields(self) -> None:
        """Every field of the form, in the page's order: what :meth:`__init__` builds once for
        a ruleset, its sides' names, the page's language and the rows of declared melds."""
        rules = self.rules
        side_names = self.side_names
        self.fields["entry_key"] = forms.UUIDField(
            widget=forms.HiddenInput, required=False, error_messages=self.NOT_THIS_PAGE
        )
        self.fields["version"] = forms.IntegerField(
            widget=forms.HiddenInput, required=False, error_messages=self.NOT_THIS_PAGE
        )
        # The deal this form enters (the game's next when the form was shown): a form for a
        # deal that somebody else has entered meanwhile is refused, not added as the deal after
        # it.
        self.fields["number"] = forms.IntegerField(
            widget=forms.HiddenInput, required=False, min_value=1, error_messages=self.NOT_THIS_PAGE
        )
        self.fields["meld_entry"] = forms.ChoiceField(
            choices=MeldEntry.choices, required=False, widget=forms.HiddenInput
        )
        sides = list(enumerate(side_names))
        self.fields["makers"] = forms.TypedChoiceField(
            choices=[(str(i), name) for i, name in sides],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
            label=_("Made trump"),
        )
        total = rules.card_total()
        # Translated once for all the fields (once a side for the melds), not once a field.
        # Each field copies the messages into a dict of its own.
        card_point_errors = {
            "invalid": _("Card points are a whole number."),
            "min_value": _("Card points cannot be below 0."),
            "max_value": _("No side takes more than %(total)s card points.") % {"total": total},
        }
        meld_kinds = [] if self.declaring or self.roem else self.meld_kinds
        meld_labels = self.meld_labels if meld_kinds else {}
        if self.roem:
            roem_errors = {
                "invalid": _("Roem is a whole number."),
                "min_value": _("Roem cannot be below 0."),
                "max_value": _("Roem cannot be above %(most)s.") % {"most": ROEM_MOST},
            }
        for i, name in sides:
            self.fields[f"card_points_{i}"] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=total,
                label=name,
                widget=forms.NumberInput(attrs={**NUMBER_INPUT, "min": 0, "max": total}),
                error_messages=card_point_errors,
            )
            if self.declaring:
                for row in range(self._declared_rows(i)):
                    self._add_declared_fields(i, row, name)
                continue
            if self.roem:
                self.fields[f"roem_{i}"] = forms.IntegerField(
                    required=False,
                    min_value=0,
                    max_value=ROEM_MOST,
                    label=name,
                    widget=forms.NumberInput(attrs={**NUMBER_INPUT, "min": 0, "step": 10}),
                    error_messages=roem_errors,
                )
                continue
            meld_errors = {
                "invalid": _("%(side)s: count each meld in whole numbers.") % {"side": name},
                "min_value": _("%(side)s: a meld count cannot be below 0.") % {"side": name},
                "max_value": _("%(side)s: at most 4 of one meld.") % {"side": name},
            }
            for kind in meld_kinds:
                self.fields[f"meld_{i}_{kind}"] = forms.IntegerField(
                    required=False,
                    min_value=0,
                    max_value=4,
                    label=meld_labels[kind],
                    widget=forms.NumberInput(attrs={**NUMBER_INPUT, "min": 0, "max": 4}),
                    error_messages=meld_errors,
                )
        nobody = pgettext("belle or renege: no side", "Nobody")
        self.fields["belle"] = forms.TypedChoiceField(
            choices=[("", nobody), *((str(i), name) for i, name in sides)],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
        )
        renege_choices = [("", nobody), *((str(i), name) for i, name in sides)]
        renege_choices.append(
            (
                "both",
                pgettext("renege", "Both sides")
                if rules.sides == 2
                else pgettext("renege", "Everybody"),
            )
        )
        self.fields["renege"] = forms.ChoiceField(
            choices=renege_choices, required=False, widget=forms.RadioSelect
        )
        # Only the void reasons this game knows (no schmeiss in a four-hand game); a posted
        # one it does not know is refused next to the field.
        self.fields["void_reason"] = VoidReasonField(
            choices=[
                ("", pgettext("a deal that was not void", "Played")),
                *((r, VoidReason(r).label) for r in rules.void_reasons),
            ],
            required=False,
            label=pgettext("noun, a deal of cards", "Deal"),
            game_name=rules.name,
            reasons=[str(VOID_REASON_IN_SENTENCE[VoidReason(r)]) for r in rules.void_reasons],
        )
        if rules.no_trump_allowed:
            self.fields["no_trump"] = forms.BooleanField(required=False, label=_("No trump"))
        self._add_family_fields(sides, nobody)

    def _add_family_fields(self, sides: list[tuple[int, str]], nobody: str) -> None:
        """The fields of part two's ideas that this ruleset plays (the class's docstring)."""
        rules = self.rules
        choose_side = {"invalid_choice": _("Choose one of the sides shown.")}
        if rules.all_tricks != "none":
            self.fields["all_tricks"] = forms.TypedChoiceField(
                choices=[("", nobody), *((str(i), name) for i, name in sides)],
                coerce=int,
                empty_value=None,
                required=False,
                widget=forms.RadioSelect,
                error_messages=choose_side,
            )
        if rules.bidding:
            # Plain text under the menu: a bid the menu does not offer (95, forged) reaches
            # the engine, which says why it is no bid.
            self.fields["bid"] = forms.CharField(
                required=False,
                max_length=10,
                label=_("Bid"),
                widget=forms.Select(choices=bid_choices(rules)),
            )
            self.fields["contre"] = forms.CharField(
                required=False,
                max_length=10,
                initial="0",
                label=_("Doubled"),
                widget=forms.RadioSelect(choices=contre_choices(rules)),
            )
        kinds = [k for k in rules.bonus_values if rules.bonus_value(k) is not None]
        if "bimah" in kinds:
            self.fields["bimah"] = forms.BooleanField(
                required=False,
                label=engine_word(BONUS_LABELS["bimah"]),
            )
        side_kinds = [k for k in kinds if k != "bimah"]
        if side_kinds:
            for i, name in sides:
                self.fields[f"bonuses_{i}"] = EngineJudgedChoices(
                    choices=[
                        (k, f"{engine_word(BONUS_LABELS[k])} ({rules.bonus_value(k)})")
                        for k in side_kinds
                    ],
                    required=False,
                    label=name,
                    widget=forms.CheckboxSelectMultiple,
                    error_messages={"invalid_choice": _("Choose from the bonuses shown.")},
                )

    @cached_property
    def offline(self) -> dict[str, Any]:
        """The game's state for the page's script (plain data, :func:`deal_form`'s), built when
        the page shows the form: a form that saves its deal never shows."""
        return {} if self.offline_of is None else self.offline_of()

    @property
    def meld_labels(self) -> dict[str, str]:
        """Each meld kind's label in the game's own words (belote's tierce, quarte, carré)."""
        if self.rules.meld_words == "belote":
            return {**MELD_LABELS, **BELOTE_MELD_LABELS}
        return dict(MELD_LABELS)

    # -- declared melds ------------------------------------------------------------------
    @property
    def declaring(self) -> bool:
        """Whether this form takes the melds each side declared (else the melds scored);
        never where each side's roem is a number, nor in a game that pays no melds."""
        return self.meld_entry == MeldEntry.DECLARED and not self.roem and bool(self.meld_kinds)

    @property
    def takes_melds(self) -> bool:
        """Whether the form has a melds part at all: not in a game that pays no melds
        (classic belote: only belote-rebelote, which is the belle part)."""
        return self.roem or bool(self.meld_kinds)

    def _declared_rows(self, side: int) -> int:
        """How many rows of declared melds side ``side`` gets: as many as were sent (or are
        stored), one more when its "Add another meld" was pressed, at least one."""
        prefix = f"declared_{side}_"
        if self.is_bound:
            sent = [
                key[len(prefix) :].partition("_")[0] for key in self.data if key.startswith(prefix)
            ]
            count = 1 + max((int(r) for r in sent if r.isdecimal() and len(r) < 3), default=0)
            if self.data.get("add_meld") == str(side):
                count += 1
        else:
            stored = self.initial.get("declared") or []
            count = len(stored[side]) if side < len(stored) else 0
        return max(1, min(count, self.MAX_DECLARED))

    def _add_declared_fields(self, side: int, row: int, name: str) -> None:
        rules = self.rules
        longest = min(len(self.ranks), rules.cards_each)
        belote = rules.meld_words == "belote"
        kinds = [("", _("No meld"))]
        for n in range(3, longest + 1):
            if belote and n <= 5:
                label = engine_word(BELOTE_MELD_LABELS[f"run{n}"])
            elif belote:
                label = _("Quinte (run of %(length)s)") % {"length": n}
            else:
                label = _("Run of %(length)s") % {"length": n}
            kinds.append((f"run{n}", label))
        if any(k.startswith("four_") for k in self.meld_kinds):
            kinds.append(
                (
                    "four",
                    pgettext("belote: four of a kind", "Carré") if belote else _("Four of a kind"),
                )
            )
        prefix = f"declared_{side}_{row}"
        self.fields[f"{prefix}_meld"] = forms.ChoiceField(
            choices=kinds,
            required=False,
            label=pgettext("noun", "Meld"),
            error_messages={
                "invalid_choice": _("%(side)s: choose a meld from the list.") % {"side": name}
            },
        )
        self.fields[f"{prefix}_card"] = forms.ChoiceField(
            choices=[
                ("", pgettext("a playing card, the menu's first line", "Card")),
                *((r, CARD_NAMES[r]) for r in reversed(self.ranks)),
            ],
            required=False,
            label=_("Up to (run) or of (four)"),
            error_messages={
                "invalid_choice": _("%(side)s: choose a card from the list.") % {"side": name}
            },
        )
        self.fields[f"{prefix}_trump"] = forms.BooleanField(required=False, label=_("in trumps"))

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks in this game's deck, low to high (a short deck leaves out the lowest)."""
        per_suit = self.rules.deck_size // 4
        return NATURAL_ORDER[len(NATURAL_ORDER) - per_suit :]

    def _declared(self, data: dict[str, Any]) -> tuple[tuple[scoring.Declared, ...], ...] | None:
        """The melds each side declared, or None when a row is wrong (its message is then
        beside it). Blank rows are skipped."""
        sides: list[tuple[scoring.Declared, ...]] = []
        ok = True
        for i, name in enumerate(self.side_names):
            melds: list[scoring.Declared] = []
            row = 0
            while f"declared_{i}_{row}_meld" in self.readable_fields:
                prefix = f"declared_{i}_{row}"
                row += 1
                kind, card = data.get(f"{prefix}_meld") or "", data.get(f"{prefix}_card") or ""
                trump = bool(data.get(f"{prefix}_trump"))
                if not kind and not card:
                    continue
                problem = None
                if not kind:
                    problem = (
                        f"{prefix}_meld",
                        _("%(side)s: choose a run's length or four of a kind.") % {"side": name},
                    )
                elif not card:
                    problem = (
                        f"{prefix}_card",
                        (
                            _("%(side)s: choose which four of a kind.")
                            if kind == "four"
                            else _("%(side)s: choose the top card of the run.")
                        )
                        % {"side": name},
                    )
                else:
                    try:
                        melds.append(
                            scoring.Declared.four(card)
                            if kind == "four"
                            else scoring.Declared.run(length=int(kind[3:]), top=card, trump=trump)
                        )
                    except (InvalidDeal, ValueError) as error:
                        message = (
                            engine_message(error) if isinstance(error, InvalidDeal) else str(error)
                        )
                        problem = (
                            f"{prefix}_meld",
                            pgettext(
                                "a side's name, then the engine's words about its meld",
                                "%(side)s: %(message)s",
                            )
                            % {"side": name, "message": message},
                        )
                if problem is not None:
                    ok = False
                    self.field_errors[problem[0]] = problem[1]
                    self.add_error(problem[0], problem[1])
            sides.append(tuple(melds))
        return tuple(sides) if ok else None

    @property
    def only_shown(self) -> bool:
        """Whether the scorer asked to see the form again rather than save it: the Preview
        button, or "Add another meld"."""
        return "preview" in self.data or "add_meld" in self.data

    @cached_property
    def meld_kinds(self) -> list[str]:
        return [k for k in MELD_KINDS if self.rules.meld_value(k) is not None]

    @staticmethod
    def shown_by_itself(field: str | None) -> bool:
        """Whether a field shows its own errors beside it (a card-point, meld count or roem
        box); the others' (the choices, a hidden field) show at the end of their group."""
        return field is not None and field.startswith(
            ("card_points_", "meld_", "declared_", "roem_")
        )

    @staticmethod
    def group_of(field: str) -> str:
        if field.startswith("card_points_"):
            return "card_points"
        if field.startswith(("meld_", "declared_", "roem_")):
            return "melds"
        if field == "void_reason":
            return "void"
        if field == "bimah" or field.startswith("bonuses_"):
            return "bonuses"
        if field in ("makers", "belle", "renege", "no_trump", "all_tricks", "bid", "contre"):
            return field
        return "game"

    def placed_errors(self) -> dict[str, str]:
        """Every message, keyed by where the page shows it: a card-point or meld field's name
        (beside that box), else the group it concerns (at the end of the group)."""
        return {**self.field_errors, **self.group_errors}

    def _group_error(self, group: str, message: str, field: str | None = None) -> None:
        """A message about the deal as a whole, shown at the end of ``group``; ``field`` (if
        any) is the box it marks as wrong, which the message then describes."""
        if group == "melds" and not self.takes_melds:
            group = "game"  # no melds part on the page: said at the form's top
        self.group_errors.setdefault(group, message)
        self.add_error(field, message)
        if self.shown_by_itself(field):
            assert field is not None
            self.fields[field].widget.attrs["aria-describedby"] = f"error-{group}"

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            # A field's own check failed (a count out of range, a choice not offered): the
            # boxes show theirs beside them; a choice's shows at the end of its group.
            for name, errors in self.errors.items():
                if self.shown_by_itself(name):
                    self.field_errors[name] = str(errors[0])
                elif name != NON_FIELD_ERRORS:
                    self.group_errors.setdefault(self.group_of(name), str(errors[0]))
            return data
        rules = self.rules
        if not self._no_stray_fields():
            return data
        sides = range(rules.sides)
        declared = None
        if self.declaring:
            declared = self._declared(data)
            if declared is None:
                return data
            if not any(declared):
                declared = None
        melds = tuple(
            tuple(k for k in self.meld_kinds for _count in range(data.get(f"meld_{i}_{k}") or 0))
            for i in sides
        )
        if not any(melds):
            melds = ()
        renege_raw = data.get("renege") or ""
        renege: Renege = None
        if renege_raw == "both":
            renege = "both"
        elif renege_raw:
            renege = int(renege_raw)
        void = bool(data.get("void_reason"))
        no_trump = bool(data.get("no_trump"))
        all_tricks = data.get("all_tricks")
        contract = self._contract(data)
        bonuses = self._bonuses(data)
        if contract is None or bonuses is None:
            return data
        meld_points = None
        if self.roem:
            roem = tuple(data.get(f"roem_{i}") or 0 for i in sides)
            meld_points = roem if any(roem) else None
        points: tuple[int, ...] | None = None
        if not void and renege is None:
            points = self._card_points(data, no_trump, all_tricks)
            if points is None:
                return data
        elif renege == "both":
            # Handed to the engine, which refuses card points on a deal both sides reneged.
            given = [data.get(f"card_points_{i}") for i in sides]
            if any(v is not None for v in given):
                points = tuple(v or 0 for v in given)
        deal = scoring.Deal(
            makers=data.get("makers"),
            card_points=points,
            melds=melds,
            declared=declared,
            elder=self.elder if declared else None,
            belle=data.get("belle"),
            renege=renege,
            void=void,
            no_trump=no_trump,
            meld_points=meld_points,
            all_tricks=all_tricks,
            bid=contract[0],
            contre=contract[1],
            bonuses=bonuses,
        )
        try:
            self.result = score_deal(rules, deal, held=self.held, side_names=self.side_names)
        except InvalidDeal as error:
            self.show_error(error)
            return data
        self.deal = deal
        return data

    def _no_stray_fields(self) -> bool:
        """Refuse a posted meld or card-point value the form has no field for (a meld kind the
        ruleset does not pay, a side the game has not got) rather than drop it unseen."""
        rules = self.rules
        for key in sorted(self.data.keys()):
            if key in self.readable_fields or not key.startswith(("meld_", "card_points_")):
                continue
            if str(self.data.get(key) or "").strip() == "":
                continue  # nothing entered: nothing lost
            group, rest = (
                ("melds", key[5:]) if key.startswith("meld_") else ("card_points", key[12:])
            )
            side, _sep, kind = rest.partition("_")
            params = {"game": rules.name, "count": rules.sides, "side": repr(side)}
            if not side.isdecimal() or int(side) >= rules.sides:
                if group == "melds":
                    message = _(
                        "%(game)s has %(count)s sides: there is no side %(side)s to score "
                        "melds for."
                    )
                else:
                    message = _(
                        "%(game)s has %(count)s sides: there is no side %(side)s to score "
                        "card points for."
                    )
                message %= params
            elif not self.meld_kinds:
                message = _("%(game)s pays for no melds: there is no meld %(kind)s.") % {
                    "game": rules.name,
                    "kind": repr(kind),
                }
            else:
                paid = ", ".join(engine_word(MELD_WORDS[k]) for k in self.meld_kinds)
                message = _("%(game)s has no meld %(kind)s; it pays for %(paid)s.") % {
                    "game": rules.name,
                    "kind": repr(kind),
                    "paid": paid,
                }
            self._group_error(group, message)
            return False
        return True

    def _contract(self, data: dict[str, Any]) -> tuple[Bid, int] | None:
        """The bid and its doubling (a game without bidding: none, 0), or None when either is
        not even a number (its message is then beside it). Whether the number is a bid, or
        the doubling one there is, is the engine's to say."""
        if "bid" not in self.readable_fields:
            return None, 0
        bid_raw = (data.get("bid") or "").strip().lower()
        contre_raw = (data.get("contre") or "0").strip()
        bid: Bid = None
        if bid_raw == CAPOT:
            bid = CAPOT
        elif bid_raw.isdecimal() and len(bid_raw) <= 4:
            bid = int(bid_raw)
        elif bid_raw:
            self._group_error("bid", _("Choose the bid from the list."), "bid")
            return None
        if not (contre_raw.isdecimal() and len(contre_raw) <= 2):
            self._group_error("contre", _("Choose none, contrée or surcontrée."), "contre")
            return None
        return bid, int(contre_raw)

    def _bonuses(self, data: dict[str, Any]) -> tuple[tuple[str, ...], ...] | None:
        """Each side's bonuses (the bimah to the makers), () when none; None when the bimah is
        ticked but nobody made trump (the message is then beside it)."""
        sides = range(self.rules.sides)
        chosen = [list(data.get(f"bonuses_{i}") or []) for i in sides]
        if data.get("bimah"):
            makers = data.get("makers")
            if makers is None:
                self._group_error(
                    "bonuses", _("Say which side made trump: the bimah is the makers'."), "bimah"
                )
                return None
            chosen[makers].insert(0, "bimah")
        if not any(chosen):
            return ()
        return tuple(tuple(side) for side in chosen)

    def _card_points(
        self, data: dict[str, Any], no_trump: bool, all_tricks: int | None = None
    ) -> tuple[int, ...] | None:
        """Card points per side; when every card is played, one side's is enough, and none
        when a side took every trick (it then holds them all)."""
        typed = [data.get(f"card_points_{i}") for i in range(self.rules.sides)]
        if all_tricks is not None and all(v is None for v in typed):
            total = self.rules.card_total(no_trump)
            typed = [total if i == all_tricks else 0 for i in range(self.rules.sides)]
        given = complete_card_points(self.rules, typed, no_trump)
        if any(v is None for v in given):
            missing = next(i for i, v in enumerate(given) if v is None)
            self._group_error(
                "card_points",
                _("Enter the card points of one side; the other is filled in.")
                if self.rules.all_cards_played
                else _("Enter the card points of %(side)s.") % {"side": self.side_names[missing]},
                f"card_points_{missing}",
            )
            return None
        return tuple(v for v in given if v is not None)  # none missing: checked above

    def show_error(self, error: InvalidDeal | Refused) -> None:
        """The engine's (or a service's) refusal, next to the part of the form it names."""
        # Declared melds, and the elder hand that may settle them, are the melds' part; so is
        # the roem entered as a number.
        field_name = "melds" if error.field in ("declared", "elder", "meld_points") else error.field
        group = field_name if field_name in self.GROUPS else "game"
        field: str | None = None
        if group == "card_points":
            field = f"card_points_{error.side or 0}"
        elif error.field == "meld_points" and f"roem_{error.side or 0}" in self.fields:
            field = f"roem_{error.side or 0}"
        elif group == "bonuses":
            field = next(
                (
                    f
                    for f in (f"bonuses_{error.side}", "bimah")
                    if f in self.fields and (f != "bimah" or self.data.get("bimah"))
                ),
                None,
            )
        elif group in ("makers", "belle", "renege", "all_tricks", "bid", "contre"):
            field = group if group in self.fields else None
        elif group == "no_trump" and "no_trump" in self.fields:
            field = "no_trump"
        self._group_error(group, engine_message(error.message), field)

    @classmethod
    def initial_from(cls, record: Deal) -> dict[str, Any]:
        """Initial values that show a stored deal in the form (for a correction)."""
        initial: dict[str, Any] = {
            "makers": "" if record.makers is None else str(record.makers),
            "belle": "" if record.belle is None else str(record.belle),
            "renege": record.renege,
            "void_reason": record.void_reason if record.void else "",
            "no_trump": record.no_trump,
            "version": record.version,
            "all_tricks": "" if record.all_tricks is None else str(record.all_tricks),
            "bid": record.bid,
            "contre": str(record.contre or 0),
        }
        for i, value in enumerate(record.meld_points or []):
            initial[f"roem_{i}"] = value
        for i, kinds in enumerate(record.bonuses or []):
            initial[f"bonuses_{i}"] = [k for k in kinds if k != "bimah"]
            if "bimah" in kinds:
                initial["bimah"] = True
        for i, value in enumerate(record.card_points or []):
            initial[f"card_points_{i}"] = value
        for i, kinds in enumerate(record.melds or []):
            for kind in set(kinds):
                initial[f"meld_{i}_{kind}"] = kinds.count(kind)
        initial["declared"] = record.declared or []
        for i, side in enumerate(record.declared or []):
            for row, meld in enumerate(side):
                prefix = f"declared_{i}_{row}"
                if "four" in meld:
                    initial[f"{prefix}_meld"], initial[f"{prefix}_card"] = "four", meld["four"]
                else:
                    initial[f"{prefix}_meld"] = f"run{meld['run']}"
                    initial[f"{prefix}_card"] = meld["top"]
                    initial[f"{prefix}_trump"] = meld["trump"]
        return initial


def deal_form(game: Game, data: Any = None, *, correcting: Deal | None = None) -> DealForm:
    """The deal form of ``game``: for its next deal, or with ``correcting`` for a correction of
    that stored deal (unbound, it then shows the deal as stored).

    Every page that scores a deal builds its form here (the game page, the correction page, the
    preview endpoints, the entry links), so that a preview scores the deal with the held points
    that saving it will: for the next deal those the game holds now; for a correction those
    held before the corrected deal, as the recompute after saving sees them.
    """
    if correcting is None:
        held, initial = game.held, {"number": game.deal_count + 1}
        number, meld_entry = game.deal_count + 1, game.meld_entry
    else:
        held = selectors.held_before(game, correcting.number)
        initial = DealForm.initial_from(correcting)
        if game.rules.meld_scoring == "each" and correcting.meld_points is None:
            # Roem stored as meld kinds (entered elsewhere): the form shows it as its number.
            for i, kinds in enumerate(correcting.melds or []):
                initial[f"roem_{i}"] = sum(game.rules.meld_value(k) or 0 for k in kinds)
        number = correcting.number
        # A stored deal is corrected the way it was entered.
        meld_entry = (
            MeldEntry.DECLARED
            if correcting.declared
            else MeldEntry.SCORED
            if any(correcting.melds or [])
            else game.meld_entry
        )
    if data is not None and data.get("meld_entry") in MeldEntry.values:
        # The way the form was shown in, though the game's may have changed since.
        meld_entry = data["meld_entry"]
    dealer = selectors.dealer_before(game, number) if meld_entry == MeldEntry.DECLARED else None
    elder = None if dealer is None else scoring.elder_side(game.rules, dealer)
    form = DealForm(
        data,
        initial=initial,
        rules=game.rules,
        side_names=game.side_names,
        held=held,
        meld_entry=meld_entry,
        elder=elder,
    )
    # What the page's script needs to score the deal without the server (static/js/rules.js:
    # the preview offline) and, for the next deal, to queue deals while the phone is offline
    # (the totals and held points the waiting deals add to; the dealer, whose elder hand
    # settles equal declared melds).
    rules, side_names = game.rules, list(game.side_names)
    totals = list(game.display_totals) if correcting is None else None

    def offline() -> dict[str, Any]:
        return {
            "words": engine_catalog(),  # the engine's words in the page's language (rules.js)
            "rules": resolved_ruleset_data(rules),  # every field: rules.js has no presets
            "side_names": side_names,
            "held": held,
            "meld_entry": meld_entry,
            "elder": elder,
            "dealer": dealer,
            "number": number,
            "queue": correcting is None,
            "totals": totals,
        }

    form.offline_of = offline
    return form


def refused_deal_form(game_id: int, data: Any, error: Refused) -> tuple[Game, DealForm]:
    """After a service refused a deal: the game as stored now (the refused write kept nothing)
    and the entry form again, with what was typed and the refusal next to the part it names."""
    game = selectors.game_afresh(game_id)
    if isinstance(error, DealTaken):
        # Told what was entered first, a second Save is a deliberate one: of the next deal.
        data = data.copy()
        data["number"] = str(game.deal_count + 1)
    form = deal_form(game, data)
    form.is_valid()
    form.show_error(error)
    return game, form
