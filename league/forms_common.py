"""What several areas' forms share: numeric inputs that open a phone's number pad, the
house-rule choices in the words of the rules pages, and :func:`show_refusal`, which puts a
service's :class:`~league.errors.Refused` next to the field it names (or above the form).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, pgettext

from league.engine_words import engine_word
from league.errors import Refused
from league.names import clean_name, clean_text, name_sort_key
from league.rulebook.text import MELD_TIE_SHORT, RENEGE_MELDS_SHORT, TIE_RULE_SHORT
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
    offered = {str(key) for key, _ in preset.widget.choices}
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
