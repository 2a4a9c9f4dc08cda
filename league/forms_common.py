"""What several areas' forms share: numeric inputs that open a phone's number pad, the
house-rule choices in the words of the rules pages, and :func:`show_refusal`, which puts a
service's :class:`~league.errors.Refused` next to the field it names (or above the form).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, pgettext

from league.engine_words import engine_message, engine_word
from league.errors import Refused
from league.names import clean_name, clean_text, name_sort_key
from league.rulebook.text import MELD_TIE_SHORT, RENEGE_MELDS_SHORT, TIE_RULE_SHORT
from scoring import MELD_KINDS, PRESETS, InvalidRuleset, Ruleset, get_ruleset
from scoring.errors import Term
from scoring.rules import TIE_RULES
from scoring.standings import TIEBREAKS

NUMBER_INPUT = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}


# The engine's values, in the words of the rules pages.
AS_THE_PRESET_SAYS = gettext_lazy("As the preset says")

SET_AWARD_CHOICES = [
    ("", AS_THE_PRESET_SAYS),
    ("own", gettext_lazy("Opponents score their own points")),
    ("all", gettext_lazy("Opponents score both sides' points")),
    ("cards", gettext_lazy("Opponents score the card points only")),
]


# capfirst keeps a lazy text lazy: the words are those of the language of the request.
TIE_RULE_CHOICES = [
    ("", AS_THE_PRESET_SAYS),
    *((v, capfirst(TIE_RULE_SHORT[v])) for v in TIE_RULES),
]


#: Who scores melds when the best are equal (``Ruleset.meld_tie``).
MELD_TIE_CHOICES = [
    ("", AS_THE_PRESET_SAYS),
    ("nobody", gettext_lazy("Nobody scores melds")),
    ("elder", gettext_lazy("The elder hand's side scores its melds")),
]
assert {k for k, _ in MELD_TIE_CHOICES if k} == set(MELD_TIE_SHORT)

#: Which melds the innocent side scores on a renege (``Ruleset.renege_melds``).
RENEGE_MELDS_CHOICES = [
    ("", AS_THE_PRESET_SAYS),
    ("own", gettext_lazy("The other side scores all its own melds")),
    ("scored", gettext_lazy("The other side scores its melds only if they were the best")),
    ("counted", gettext_lazy("The other side scores every meld that counted in the deal")),
    ("none", gettext_lazy("The other side scores the renege award only, no melds")),
]
assert {k for k, _ in RENEGE_MELDS_CHOICES if k} == set(RENEGE_MELDS_SHORT)


def meld_tie_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=MELD_TIE_CHOICES,
        required=False,
        label=gettext_lazy("When the best melds are equal"),
    )


def renege_melds_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=RENEGE_MELDS_CHOICES, required=False, label=gettext_lazy("Melds on a renege")
    )


RULE_FIELDS = ("target", "set_award", "tie_rule", "meld_tie", "renege_melds")


# -- the games in a menu, and the house options of each family ---------------------------------
#: The menu's groups: by the number of players, what a person choosing a game for a table
#: knows first (the sources' split into "part one" and "part two" means nothing at a table, and
#: would put the two three-hand games apart).
PLAYER_GROUPS = (
    (2, gettext_lazy("Two players")),
    (3, gettext_lazy("Three players, each alone")),
    (4, gettext_lazy("Four players in partnerships")),
)


def preset_choices(fits: Callable[[Ruleset], bool] = lambda rules: True) -> list[Any]:
    """Every preset that ``fits``, by its name, in groups by the number of players (a menu's
    optgroups), in the engine's order inside each group."""
    groups: list[Any] = []
    for players, label in PLAYER_GROUPS:
        options = [
            (key, rules.name)
            for key, rules in PRESETS.items()
            if rules.players == players and fits(rules)
        ]
        if options:
            groups.append((label, options))
    return groups


def flat_choices(choices: Any) -> list[tuple[Any, Any]]:
    """A menu's choices without their groups."""
    flat: list[tuple[Any, Any]] = []
    for key, label in choices:
        if isinstance(label, (list, tuple)):
            flat.extend(label)
        else:
            flat.append((key, label))
    return flat


def rule_family(rules: Ruleset) -> str:
    """The family whose house options a game has, from its fields: ``coinche`` (a contract),
    ``belote`` (capot), ``klaverjas`` (roem of each side, pit), ``kalabriasz`` (a fixed
    contract), or "" (none of the options below)."""
    if rules.bidding:
        return "coinche"
    if rules.all_tricks == "capot":
        return "belote"
    if rules.meld_scoring == "each" or rules.all_tricks == "bonus":
        return "klaverjas"
    if rules.made_when != "beat" and rules.contract is not None:
        return "kalabriasz"
    return ""


#: The families in words, for "This option is for …".
FAMILY_WORDS: Mapping[str, Any] = {
    "klaverjas": gettext_lazy("Klaverjas"),
    "belote": gettext_lazy("Belote"),
    "coinche": gettext_lazy("Coinche"),
    "kalabriasz": gettext_lazy("Kalabriasz"),
}


@dataclass(frozen=True)
class RuleOption:
    """A house option of some families of games (RULES.md part two calls them options):
    the form field ``name``, the ruleset ``field`` it sets, the ``families`` it is for,
    ``to_rule`` (the form's value to the ruleset's, given the preset) and ``to_form`` (an
    override's value back to the form's, for the edit form)."""

    name: str
    field: str
    families: tuple[str, ...]
    build: Callable[[], forms.Field]
    to_rule: Callable[[Any, Ruleset], Any]
    to_form: Callable[[Any], Any]

    @property
    def family_words(self) -> str:
        return (
            pgettext("a list: a, b and c", "%(items)s and %(last)s")
            % {
                "items": pgettext("list separator", ", ").join(
                    str(FAMILY_WORDS[f]) for f in self.families[:-1]
                ),
                "last": FAMILY_WORDS[self.families[-1]],
            }
            if len(self.families) > 1
            else str(FAMILY_WORDS[self.families[0]])
        )


def _choice(label: Any, help_text: Any, *choices: tuple[str, Any]) -> Callable[[], forms.Field]:
    return lambda: forms.ChoiceField(
        choices=[("", AS_THE_PRESET_SAYS), *choices],
        required=False,
        label=label,
        help_text=help_text,
    )


def _number(label: Any, help_text: Any, low: int, high: int) -> Callable[[], forms.Field]:
    return lambda: number(
        required=False, min_value=low, max_value=high, label=label, help_text=help_text
    )


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "deals",
        "deals",
        ("klaverjas", "belote"),
        _number(
            gettext_lazy("Deals in a game (blank: the preset's)"),
            gettext_lazy(
                "Klaverjas and Belote only. A Klaverjas boom is 16 deals (some clubs play 12); "
                "a Belote partie of a fixed number of deals (a concours plays 12) has no target "
                "unless you give one."
            ),
            1,
            200,
        ),
        lambda value, preset: value,
        lambda value: value,
    ),
    RuleOption(
        "tegenpit",
        "all_tricks_defenders",
        ("klaverjas",),
        _choice(
            gettext_lazy("Tegenpit"),
            gettext_lazy("Klaverjas only."),
            ("on", gettext_lazy("Tegenpit: the opponents taking every trick earn the pit too")),
            ("off", gettext_lazy("No tegenpit: only the makers' pit counts")),
        ),
        lambda value, preset: value == "on",
        lambda value: "on" if value else "off",
    ),
    RuleOption(
        "capot",
        "all_tricks_value",
        ("belote", "coinche"),
        _choice(
            gettext_lazy("Capot"),
            gettext_lazy("Belote and Coinche only."),
            ("252", gettext_lazy("A capot's card points count 252")),
            ("250", gettext_lazy("A capot's card points count 250")),
        ),
        lambda value, preset: int(value),
        lambda value: str(value),
    ),
    RuleOption(
        "belle_on_set",
        "belle_on_set",
        ("belote", "coinche"),
        _choice(
            gettext_lazy("Belote-rebelote on a failed contract"),
            gettext_lazy("Belote and Coinche only."),
            ("kept", gettext_lazy("Imprenable: it stays with its holder")),
            ("lost", gettext_lazy("Prenable: it is lost with the contract")),
        ),
        lambda value, preset: value,
        lambda value: value,
    ),
    RuleOption(
        "set_cards",
        "set_cards",
        ("belote", "coinche"),
        _choice(
            gettext_lazy("Card points for the defenders on a failed contract"),
            gettext_lazy("Belote and Coinche only."),
            ("deal", gettext_lazy("The deal's card points: 162, 252 on a capot")),
            ("160", "160"),
        ),
        lambda value, preset: None if value == "deal" else int(value),
        lambda value: "deal" if value is None else str(value),
    ),
    RuleOption(
        "rounding",
        "rounding",
        ("belote", "coinche"),
        _choice(
            gettext_lazy("Rounding"),
            gettext_lazy("Belote and Coinche only."),
            ("ten", gettext_lazy("Each deal's scores rounded to the nearest ten, 5 up")),
            ("ten_down", gettext_lazy("Each deal's scores rounded to the nearest ten, 5 down")),
            ("none", gettext_lazy("No rounding")),
        ),
        lambda value, preset: value,
        lambda value: value,
    ),
    RuleOption(
        "surcontree",
        "contre_factors",
        ("coinche",),
        _choice(
            gettext_lazy("Surcontrée"),
            gettext_lazy("Coinche only. A contrée doubles the score."),
            ("4", gettext_lazy("Surcontrée multiplies by 4")),
            ("3", gettext_lazy("Surcontrée multiplies by 3")),
        ),
        lambda value, preset: (preset.contre_factors[0], int(value)),
        lambda value: str(tuple(value)[1]),
    ),
    RuleOption(
        "made_when",
        "made_when",
        ("coinche",),
        _choice(
            gettext_lazy("A contract is made when the takers"),
            gettext_lazy("Coinche only."),
            ("reach_and_beat", gettext_lazy("Reach the bid and beat the defenders")),
            ("reach", gettext_lazy("Reach the bid")),
        ),
        lambda value, preset: value,
        lambda value: value,
    ),
    RuleOption(
        "contract_scoring",
        "contract_scoring",
        ("coinche",),
        _choice(
            gettext_lazy("A made contract scores"),
            gettext_lazy("Coinche only."),
            ("points_and_bid", gettext_lazy("The takers' points and the bid")),
            ("bid", gettext_lazy("The bid only")),
        ),
        lambda value, preset: value,
        lambda value: value,
    ),
    RuleOption(
        "contract",
        "contract",
        ("kalabriasz",),
        _number(
            gettext_lazy("Contract (blank: the preset's)"),
            gettext_lazy("Kalabriasz only: the points the makers must reach."),
            1,
            1_000,
        ),
        lambda value, preset: value,
        lambda value: value,
    ),
)

#: A ruleset field, and the form field it is offered in (a refusal is told there).
FORM_FIELD_OF_RULE: Mapping[str, str] = {
    **{name: name for name in RULE_FIELDS},
    **{option.field: option.name for option in RULE_OPTIONS},
}


def add_rule_options(form: forms.BaseForm) -> None:
    """Give ``form`` every house option of :data:`RULE_OPTIONS`, and its preset menu the
    family of each game (``data-families``), for the page's script that shows only the chosen
    game's options."""
    for option in RULE_OPTIONS:
        form.fields[option.name] = option.build()
    preset = form.fields["preset"]
    assert isinstance(preset, forms.ChoiceField)
    families = {str(key): rule_family(PRESETS[str(key)]) for key, _ in flat_choices(preset.choices)}
    preset.widget.attrs["data-families"] = json.dumps(families)


@dataclass(frozen=True)
class OptionRow:
    """One house option as a page draws it: its field and the families it is for."""

    field: forms.BoundField
    families: str


def option_rows(form: forms.BaseForm) -> list[OptionRow]:
    return [
        OptionRow(form[option.name], " ".join(option.families))
        for option in RULE_OPTIONS
        if option.name in form.fields
    ]


@dataclass(frozen=True)
class MeldRowField:
    """One meld value box, and the presets that pay its kind (for the page's script)."""

    field: forms.BoundField
    paid_by: str


def meld_rows(form: forms.BaseForm, *, paid: bool) -> list[MeldRowField]:
    """The meld value boxes of the kinds the chosen preset pays (``paid``) or does not: the
    others are folded away, so that a phone shows a game's own melds first."""
    preset = form.fields["preset"]
    assert isinstance(preset, forms.ChoiceField)
    # Nothing chosen yet: the menu shows its first game.
    value = form["preset"].value() or next(iter(flat_choices(preset.choices)), ("", ""))[0]
    chosen = PRESETS.get(str(value))
    rows = []
    for kind in MELD_KINDS:
        name = f"meld_{kind}"
        if name not in form.fields:
            continue
        pays = chosen is None or chosen.meld_value(kind) is not None
        if pays == paid:
            rows.append(
                MeldRowField(
                    form[name],
                    " ".join(k for k, r in PRESETS.items() if r.meld_value(kind) is not None),
                )
            )
    return rows


def clean_house_rules(form: forms.BaseForm, data: dict[str, Any]) -> Ruleset | None:
    """The preset with ``form``'s house rules (:data:`RULE_FIELDS` it has, the options of
    :data:`RULE_OPTIONS`, the meld values ``meld_<kind>``), or None with each refusal told at
    its own field. An option of another family than the preset's is refused beside it, in
    words: it would silently change nothing, or something the organiser did not mean."""
    key = data.get("preset")
    if not key or key not in PRESETS:
        return None
    preset = PRESETS[key]
    family = rule_family(preset)
    overrides: dict[str, tuple[str, Any]] = {}
    for name in RULE_FIELDS:
        if name in form.fields and data.get(name) not in (None, ""):
            overrides[name] = (name, data[name])
    for option in RULE_OPTIONS:
        value = data.get(option.name)
        if option.name not in form.fields or value in (None, ""):
            continue
        if family not in option.families:
            form.add_error(
                option.name,
                # The refusal sits beside the rule's own label: it does not repeat it (a
                # label such as "A contract is made when the takers" reads badly inside).
                _(
                    "This rule is an option of %(games)s, not of %(game)s: leave it as the "
                    "preset says."
                )
                % {
                    "games": option.family_words,
                    "game": engine_word(preset.name),
                },
            )
            continue
        overrides[option.name] = (option.field, option.to_rule(value, preset))
    melds: dict[str, int | None] = {}
    for kind in MELD_KINDS:
        value = data.get(f"meld_{kind}")
        if f"meld_{kind}" in form.fields and value is not None:
            # 0 means "not paid here", which the engine spells None.
            melds[kind] = value or None
            overrides[f"meld_{kind}"] = ("meld_values", {kind: melds[kind]})
    # Each override on its own first, so that the engine's message lands on the field that
    # caused it; then all together (they could clash with each other).
    for field, (name, value) in overrides.items():
        try:
            get_ruleset(key, **{name: value})
        except InvalidRuleset as error:
            form.add_error(field, engine_message(error))
    if form.errors:
        return None
    changes: dict[str, Any] = {
        name: value for field, (name, value) in overrides.items() if name != "meld_values"
    }
    if melds:
        changes["meld_values"] = melds
    if "deals" in changes and "target" not in changes and preset.target is not None:
        # A game of a fixed number of deals (a partie) has no target unless one is given.
        changes["target"] = None
    try:
        return get_ruleset(key, **changes)
    except InvalidRuleset as error:
        form.add_error(list(overrides)[-1] if overrides else "preset", engine_message(error))
        return None


def rule_initial(rules: Ruleset) -> dict[str, Any]:
    """A form's values for ``rules``: each house rule and option the preset's is blank."""
    overrides = rules.overrides()
    initial: dict[str, Any] = {"preset": rules.preset}
    for name in RULE_FIELDS:
        value = overrides.get(name)
        initial[name] = "" if value is None else value
    for option in RULE_OPTIONS:
        if option.field in overrides:
            initial[option.name] = option.to_form(overrides[option.field])
    melds = overrides.get("meld_values", {})
    for kind in MELD_KINDS:
        if kind in melds:
            initial[f"meld_{kind}"] = melds[kind] or 0
    return initial


def show_refusal(form: forms.BaseForm, error: Refused) -> None:
    """A service's refusal, next to the field it names (or above the form)."""
    form.add_error(error.field if error.field in form.fields else None, error.message)


def autofocus(form: forms.BaseForm, name: str) -> forms.BaseForm:
    """Put the cursor in ``form``'s field ``name`` when the page loads (the HTML attribute, so
    without JavaScript too): after adding one name the next is typed straight away. A page
    with an address fragment does not autofocus, so its redirect carries none."""
    form.fields[name].widget.attrs["autofocus"] = True
    return form


def number(**kwargs: Any) -> forms.IntegerField:
    kwargs.setdefault("widget", forms.NumberInput(attrs=NUMBER_INPUT))
    return forms.IntegerField(**kwargs)


def offer_usual_game(form: forms.BaseForm, usual_games: Mapping[int, str]) -> None:
    """Start the ``preset`` menu of a new competition's ``form`` at its club's usual game
    (``usual_games``: club id to the preset of its latest competition), and give the page's
    script the map, so that choosing another club chooses that club's game too."""
    preset = form.fields["preset"]
    assert isinstance(preset, forms.ChoiceField)
    offered = {str(key) for key, _ in flat_choices(preset.widget.choices)}
    usual = {pk: key for pk, key in usual_games.items() if key in offered}
    preset.widget.attrs["data-usual-games"] = json.dumps({str(k): v for k, v in usual.items()})
    club = form.initial.get("club")
    if club is not None and club.pk in usual:
        preset.initial = usual[club.pk]
        preset.help_text = _("The club's usual game: the one its last competition was played by.")


# -- the chain of tie-breaks: chosen from a list, in order ------------------------------------
#: How many numbered menus the chain's field shows (more when a stored chain is longer).
TIEBREAK_SLOTS = 6


def ordinal(n: int) -> str:
    """``n`` as an ordinal in the active language, for a place or a tie-break (both masculine
    where a language cares): "1st", "2nd", "3rd", "4th" ... "11th", "21st" in English, "1.º"
    in Spanish, "1." in German, "1er", "2e" in French. A language whose ordinals take no
    English suffix translates every form the same way."""
    number = {"number": n}
    if n == 1:  # French and others have a form for the first alone ("1er")
        return pgettext("ordinal: first (a place, a tie-break)", "%(number)dst") % number
    if 10 <= n % 100 <= 20:
        return (
            pgettext("ordinal: 4th-20th, 24th... (a place, a tie-break)", "%(number)dth") % number
        )
    if n % 10 == 1:
        return pgettext("ordinal: 21st, 31st... (a place, a tie-break)", "%(number)dst") % number
    if n % 10 == 2:
        return pgettext("ordinal: 2nd, 22nd... (a place, a tie-break)", "%(number)dnd") % number
    if n % 10 == 3:
        return pgettext("ordinal: 3rd, 23rd... (a place, a tie-break)", "%(number)drd") % number
    return pgettext("ordinal: 4th-20th, 24th... (a place, a tie-break)", "%(number)dth") % number


def tiebreak_choice(key: str) -> str:
    """A tie-break as its menu offers it: its name, then the heading of its column."""
    tiebreak = TIEBREAKS[key]
    # A Term: a menu shows it in the reader's language (league.engine_words).
    return Term(gettext_noop("%(name)s (%(label)s)"), name=tiebreak.name, label=tiebreak.label)


#: The menu of every tie-break, in the engine's order: (key, words).
TIEBREAK_CHOICES = [(key, tiebreak_choice(key)) for key in TIEBREAKS]


def tiebreak_help() -> list[tuple[str, str]]:
    """Every tie-break as the menu names it, and how it is worked out (for the page's key)."""
    return [(tiebreak_choice(key), t.description) for key, t in TIEBREAKS.items()]


class TieBreakChainInput(forms.Widget):
    """Numbered menus ``<name>_0``, ``<name>_1`` ... one tie-break each, first the one the
    table is ordered by (rendered by ``includes/tiebreak_chain.html``; the page's script adds
    buttons that move a tie-break up and down). A single ``<name>`` of keys separated by
    commas is read too, for a client that posts the chain as text."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str] | None:
        numbered = [f"{name}_{i}" for i in range(len(TIEBREAKS))]
        if any(key in data for key in numbered):
            return [data.get(key) or "" for key in numbered]
        text = data.get(name)
        if text is None:
            return None
        return str(text).replace("\n", ",").split(",")

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return self.value_from_datadict(data, files, name) is None


@dataclass(frozen=True)
class TieBreakSlot:
    """One numbered menu of the chain: "2nd tie-break", its input's name and id, its key."""

    label: str
    name: str
    id: str
    value: str


class TieBreakChainBoundField(forms.BoundField):
    @property
    def slots(self) -> list[TieBreakSlot]:
        value = self.value()
        if isinstance(value, str):
            value = value.split(",")
        chosen = [str(v).strip() for v in (value or ())]
        if self.form.is_bound:
            # As sent, blanks in their places, so that nothing moves under the user's eyes.
            chosen = chosen[: max(TIEBREAK_SLOTS, len([v for v in chosen if v]))]
        count = min(max(TIEBREAK_SLOTS, len(chosen)), len(TIEBREAKS))
        chosen += [""] * (count - len(chosen))
        return [
            TieBreakSlot(
                label=pgettext("a numbered menu of the chain", "%(ordinal)s tie-break")
                % {"ordinal": ordinal(i + 1)},
                name=f"{self.html_name}_{i}",
                id=f"{self.auto_id}_{i}",
                value=key if key in TIEBREAKS else "",
            )
            for i, key in enumerate(chosen[:count])
        ]

    @property
    def choices(self) -> list[tuple[str, str]]:
        return TIEBREAK_CHOICES


class TieBreakChainField(forms.Field):
    """The keys that order a table, as a list (blank menus left out): each a known tie-break,
    none twice. Optional fields (``required=False``) give ``[]`` when every menu is blank."""

    widget = TieBreakChainInput
    bound_field_class = TieBreakChainBoundField
    default_error_messages = {
        "required": gettext_lazy("Choose at least one tie-break to order the table by."),
        "unknown": gettext_lazy("“%(key)s” is not a tie-break: choose one from the list."),
        "twice": gettext_lazy("%(name)s is chosen twice: choose each tie-break once."),
    }

    def to_python(self, value: Any) -> list[str]:
        if value in (None, ""):
            return []
        if isinstance(value, str):
            value = value.split(",")
        return [str(v).strip() for v in value if str(v).strip()]

    def validate(self, value: Sequence[str]) -> None:
        if not value and self.required:
            raise ValidationError(self.error_messages["required"], code="required")
        seen: set[str] = set()
        for key in value:
            if key not in TIEBREAKS:
                raise ValidationError(
                    self.error_messages["unknown"], code="unknown", params={"key": key}
                )
            if key in seen:
                raise ValidationError(
                    self.error_messages["twice"],
                    code="twice",
                    params={"name": engine_word(TIEBREAKS[key].name)},
                )
            seen.add(key)


class NameField(forms.CharField):
    """A name as a person types it (a club, member, team, competition, game title or side, a
    table), cleaned as it is stored (:func:`league.names.clean_name`), its ``max_length``
    checked on the clean name: NFKC can make a name longer than typed (one U+FDFA becomes 18
    letters), and the length that is stored is the one that must fit. Only blank or invisible
    characters typed count as nothing typed."""

    def to_python(self, value: Any) -> str | None:
        text = super().to_python(value)
        return clean_name(text) if text else text


class WordsField(forms.CharField):
    """Several lines of words (a side's words for the director), cleaned line by line as names
    are (:func:`league.names.clean_text`), the line breaks kept; ``max_length`` checked on the
    clean words."""

    def to_python(self, value: Any) -> str | None:
        text = super().to_python(value)
        return clean_text(text) if text else text


class ByNameChoiceIterator(forms.models.ModelChoiceIterator):  # type: ignore[type-arg]
    """A menu's choices in the order of their names (:func:`league.names.name_sort_key`:
    "Élodie" between "Elias" and "Emil"), not the database's order of code points."""

    def __iter__(self) -> Any:
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        label = self.field.label_from_instance
        for obj in sorted(self.queryset, key=lambda o: name_sort_key(str(label(o)))):
            yield self.choice(obj)


def choices_by_name(field: forms.Field) -> None:
    """List ``field``'s choices (a ModelChoiceField's) in the order of their names."""
    assert isinstance(field, forms.ModelChoiceField)
    field.iterator = ByNameChoiceIterator
    # The widget took its choices from the queryset when it was set: take them again.
    field.widget.choices = field.choices


def partnership_choice_label(partnership: Any) -> str:
    """A partnership as a pick list names it: a team by its name and its players
    ("Westsiders (Ruth Meyer & Carl)"), a pair without a team name by its players alone.
    Its players should be selected with it (``select_related("first", "second")``)."""
    if not partnership.name:
        return str(partnership.players_text)
    return pgettext(
        "a partnership in a list to choose from: its team name, then its players",
        "%(team)s (%(players)s)",
    ) % {"team": partnership.name, "players": partnership.players_text}


def entrant_choice_label(entrant: Any) -> str:
    """An entrant as a pick list names it: as entered, and a team with its players too (see
    :func:`partnership_choice_label`; select ``partnership__first`` and ``__second``)."""
    pair = entrant.partnership if entrant.partnership_id else None
    if pair is None or not pair.name:
        return str(entrant.name)
    return pgettext(
        "a partnership in a list to choose from: its team name, then its players",
        "%(team)s (%(players)s)",
    ) % {"team": entrant.name, "players": pair.players_text}


class PartnershipChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    """A pick list of partnerships, each named by :func:`partnership_choice_label`."""

    def label_from_instance(self, obj: Any) -> str:
        return partnership_choice_label(obj)


class EntrantChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    """A pick list of entrants, each named by :func:`entrant_choice_label`."""

    def label_from_instance(self, obj: Any) -> str:
        return entrant_choice_label(obj)
