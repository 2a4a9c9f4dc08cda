"""The club's list of changes as sentences in the reader's language: one presenter per
(subject, action) of the audit (:class:`~league.models.RecordChange`), each reading the
``before`` and ``after`` its writer stores.

Words: a *presenter* turns one change into one whole sentence ("Renamed member Anna to
Anne"); a change it cannot read (an unknown subject or action, or values of another shape)
gets the plain *generic* sentence ("Edited: Competition Winter league"), never its raw data.
*Where* is what a change's own row does not keep: the competition of an entrant or a fixture
(read once for a whole page, see :func:`where_of`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext, pgettext

from league.engine_words import engine_word
from league.languages import language_in_words
from league.models import Competition, Entrant, Fixture, RecordChange
from league.rulebook.text import FIELD_LABELS, rule_value_text
from scoring.rules import (
    BONUS_KINDS,
    BONUS_LABELS,
    MELD_KINDS,
    MELD_LABELS,
    PRESETS,
    Ruleset,
    ruleset_from_data,
)
from scoring.standings import TIEBREAKS


@dataclass
class Where:
    """The competition of each entrant and fixture a page of changes names, by id."""

    entrants: dict[int, str] = field(default_factory=dict)
    fixtures: dict[int, str] = field(default_factory=dict)


def where_of(changes: Iterable[RecordChange]) -> Where:
    """The competitions of the entrants and fixtures among ``changes`` (a query for each kind
    present, whatever their number; a removed one is simply not found)."""
    rows = list(changes)
    where = Where()
    entrant_ids = {c.subject_id for c in rows if c.subject == "entrant"}
    fixture_ids = {c.subject_id for c in rows if c.subject == "fixture"}
    if entrant_ids:
        where.entrants = dict(
            Entrant.objects.filter(pk__in=entrant_ids).values_list("pk", "competition__name")
        )
    if fixture_ids:
        where.fixtures = dict(
            Fixture.objects.filter(pk__in=fixture_ids).values_list("pk", "competition__name")
        )
    return where


class Unreadable(Exception):
    """A change whose values are not of the shape its presenter reads."""


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise Unreadable
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unreadable
    return value


def _ids(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise Unreadable
    return value


def _date(value: Any) -> str:
    if value is None:
        return pgettext("a date in the list of changes", "no date")
    try:
        return date_format(datetime.date.fromisoformat(_text(value)), "DATE_FORMAT")
    except ValueError:
        raise Unreadable from None


# -- members, partnerships, the club ---------------------------------------------------------
def _team(value: Any) -> str:
    return _text(value) or gettext("(no team name)")


def _player(change: RecordChange, where: Where) -> str:
    name = change.subject_name
    if change.action == "rename":
        return gettext("Renamed member %(before)s to %(after)s") % {
            "before": _text(change.before["name"]),
            "after": _text(change.after["name"]),
        }
    if change.action == "retire":
        return gettext("Retired %(name)s") % {"name": name}
    if change.action == "return":
        return gettext("Brought %(name)s back into the club") % {"name": name}
    if change.action == "remove":
        return gettext("Removed member %(name)s") % {"name": name}
    raise Unreadable


def _partnership(change: RecordChange, where: Where) -> str:
    name = change.subject_name
    if change.action == "rename":
        return gettext("Renamed partnership %(before)s to %(after)s") % {
            "before": _team(change.before["name"]),
            "after": _team(change.after["name"]),
        }
    if change.action == "retire":
        return gettext("Retired partnership %(name)s") % {"name": name}
    if change.action == "return":
        return gettext("Brought partnership %(name)s back into the club") % {"name": name}
    if change.action == "remove":
        players = change.before.get("players")
        if change.before.get("name") and isinstance(players, str) and players:
            return gettext("Removed partnership %(name)s (%(players)s)") % {
                "name": name,
                "players": players,
            }
        return gettext("Removed partnership %(name)s") % {"name": name}
    raise Unreadable


def _club(change: RecordChange, where: Where) -> str:
    if change.action == "rename":
        return gettext("Renamed the club %(before)s to %(after)s") % {
            "before": _text(change.before["name"]),
            "after": _text(change.after["name"]),
        }
    if change.action == "remove":
        return gettext("Removed the club %(name)s") % {"name": change.subject_name}
    raise Unreadable


# -- a competition's edit ---------------------------------------------------------------------
def _language(code: Any) -> str:
    if not code:
        return pgettext("a competition's language", "each reader's language")
    try:
        return language_in_words(_text(code))
    except KeyError:
        raise Unreadable from None


def _choice(field_name: str, value: Any) -> str:
    choices = dict(getattr(Competition._meta.get_field(field_name), "choices", None) or ())
    return str(choices.get(value, _text(value)))


def _nights(value: Any) -> str:
    if value is None:
        return pgettext("nights counted", "all")
    return str(_count(value))


def _tiebreaks(value: Any) -> str:
    """A chain of tie-breaks by their names ("Match points, Head to head"): clearer in a
    sentence than the standings' column heads (:func:`~league.competitions.selectors.
    tiebreak_labels`: "Pts, H2H")."""
    keys = [_text(k) for k in _ids(value)]
    if any(k not in TIEBREAKS for k in keys):
        raise Unreadable
    return ", ".join(
        engine_word(TIEBREAKS[k].name) or engine_word(TIEBREAKS[k].label) for k in keys
    )


def _rule_value(name: str, value: Any) -> str:
    """A house rule's value as the rules page's list of changes says it (a meld or a bonus
    not paid: "not paid")."""
    if value is None and name in ("meld_values", "bonus_values"):
        return pgettext("a meld", "not paid")
    return rule_value_text(name, value)


def _rules_changes(before: Any, after: Any) -> list[str]:
    """What changed between two stored rulesets, as the rules page names them: the game
    (its preset's name), else each house rule "Target 1000 → 1500"."""
    try:
        old: Ruleset = ruleset_from_data(before)
        new: Ruleset = ruleset_from_data(after)
    except Exception:  # noqa: BLE001 - any unreadable stored ruleset reads generically
        raise Unreadable from None
    arrow = pgettext(
        "a change in the list of changes: a value before and after",
        "%(what)s %(before)s → %(after)s",
    )
    if old.preset != new.preset:
        return [
            pgettext("a change of a competition", "game %(before)s → %(after)s")
            % {
                "before": engine_word(PRESETS[old.preset].name),
                "after": engine_word(PRESETS[new.preset].name),
            }
        ]
    parts: list[str] = []
    for name in Ruleset.OVERRIDABLE:
        if name == "meld_values":
            for kind in MELD_KINDS:
                if old.meld_value(kind) != new.meld_value(kind):
                    parts.append(
                        arrow
                        % {
                            "what": engine_word(MELD_LABELS[kind]),
                            "before": _rule_value(name, old.meld_value(kind)),
                            "after": _rule_value(name, new.meld_value(kind)),
                        }
                    )
        elif name == "bonus_values":
            for kind in BONUS_KINDS:
                if old.bonus_value(kind) != new.bonus_value(kind):
                    parts.append(
                        arrow
                        % {
                            "what": engine_word(BONUS_LABELS[kind]),
                            "before": _rule_value(name, old.bonus_value(kind)),
                            "after": _rule_value(name, new.bonus_value(kind)),
                        }
                    )
        elif getattr(old, name) != getattr(new, name):
            parts.append(
                arrow
                % {
                    "what": str(FIELD_LABELS[name]),
                    "before": _rule_value(name, getattr(old, name)),
                    "after": _rule_value(name, getattr(new, name)),
                }
            )
    return parts


def _points_changes(before: Any, after: Any) -> list[str]:
    old, new = _ids(before), _ids(after)
    if len(old) != 3 or len(new) != 3:
        raise Unreadable
    words = (
        pgettext("a change of a competition", "points for a win %(before)s → %(after)s"),
        pgettext("a change of a competition", "points for a draw %(before)s → %(after)s"),
        pgettext("a change of a competition", "points for a loss %(before)s → %(after)s"),
    )
    return [
        text % {"before": _count(b), "after": _count(a)}
        for text, b, a in zip(words, old, new, strict=True)
        if b != a
    ]


def _dates_changes(before: Any, after: Any) -> list[str]:
    if not isinstance(before, Mapping) or not isinstance(after, Mapping):
        raise Unreadable
    return [
        pgettext("a change of a competition", "round %(round)s's night %(before)s → %(after)s")
        % {"round": number, "before": _date(before.get(number)), "after": _date(after[number])}
        for number in sorted(after, key=lambda n: int(n) if str(n).isdigit() else 0)
    ]


#: Each edited field's change as words ("tie-breaks Match points, Head to head → ...").
_SIMPLE: Mapping[str, tuple[str, Callable[[Any], str]]] = {
    "name": (pgettext("a change of a competition", "name ‘%(before)s’ → ‘%(after)s’"), _text),
    "language": (
        pgettext("a change of a competition", "language %(before)s → %(after)s"),
        _language,
    ),
    "tiebreaks": (
        pgettext("a change of a competition", "tie-breaks %(before)s → %(after)s"),
        _tiebreaks,
    ),
    "best_nights": (
        pgettext("a change of a competition", "nights counted %(before)s → %(after)s"),
        _nights,
    ),
    "games_per_match": (
        pgettext("a change of a competition", "games a match %(before)s → %(after)s"),
        lambda v: str(_count(v)),
    ),
    "entrant_kind": (
        pgettext("a change of a competition", "entrants %(before)s → %(after)s"),
        lambda v: _choice("entrant_kind", v),
    ),
    "format": (
        pgettext("a change of a competition", "format %(before)s → %(after)s"),
        lambda v: _choice("format", v),
    ),
}


def _edit_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    parts: list[str] = []
    for name, old in before.items():
        new = after.get(name)
        if name == "points":
            parts.extend(_points_changes(old, new))
        elif name == "dates":
            parts.extend(_dates_changes(old, new))
        elif name == "rules":
            parts.extend(_rules_changes(old, new))
        elif name in _SIMPLE:
            text, words = _SIMPLE[name]
            parts.append(text % {"before": words(old), "after": words(new)})
        else:
            raise Unreadable
    return pgettext("between the changes of one edit", "; ").join(parts)


def _competition(change: RecordChange, where: Where) -> str:
    name = change.subject_name
    before, after = change.before, change.after
    if change.action == "edit":
        changes = _edit_changes(before, after)
        if not changes:
            raise Unreadable
        return gettext("Edited %(name)s: %(changes)s") % {"name": name, "changes": changes}
    if change.action == "rescore":
        count = _count(after.get("games", 0))
        return ngettext(
            "Rescored %(count)s game of %(name)s under new house rules: %(changes)s",
            "Rescored %(count)s games of %(name)s under new house rules: %(changes)s",
            count,
        ) % {"count": count, "name": name, "changes": _edit_changes(before, after)}
    if change.action == "archive":
        return gettext("Archived %(name)s") % {"name": name}
    if change.action == "restore":
        return gettext("Brought %(name)s back from the archive") % {"name": name}
    if change.action == "delete":
        return gettext("Deleted %(name)s") % {"name": name}
    raise Unreadable


# -- entrants and fixtures ------------------------------------------------------------------
def _entrant(change: RecordChange, where: Where) -> str:
    competition = where.entrants.get(change.subject_id)
    if competition is None:
        raise Unreadable  # its competition is gone: the generic sentence names the entrant
    values = {"name": change.subject_name, "competition": competition}
    after = change.after
    if change.action == "withdraw":
        conceded = len(_ids(after.get("conceded", [])))
        if "redrawn" in after:  # a tournament: its matches still to play conceded
            return ngettext(
                "Withdrew %(name)s from %(competition)s: %(count)s match conceded",
                "Withdrew %(name)s from %(competition)s: %(count)s matches conceded",
                conceded,
            ) % {**values, "count": conceded}
        if after.get("outcome") == "void":
            voided = len(_ids(after.get("voided", [])))
            return ngettext(
                "Withdrew %(name)s from %(competition)s: %(count)s fixture voided",
                "Withdrew %(name)s from %(competition)s: %(count)s fixtures voided",
                voided,
            ) % {**values, "count": voided}
        if after.get("outcome") == "stand":
            return ngettext(
                "Withdrew %(name)s from %(competition)s: %(played)s results stand, "
                "%(count)s fixture conceded",
                "Withdrew %(name)s from %(competition)s: %(played)s results stand, "
                "%(count)s fixtures conceded",
                conceded,
            ) % {**values, "played": _count(after.get("played")), "count": conceded}
        raise Unreadable
    if change.action == "return":
        back = _count(after.get("fixtures", 0))
        return ngettext(
            "Brought %(name)s back into %(competition)s: %(count)s fixture as it was",
            "Brought %(name)s back into %(competition)s: %(count)s fixtures as they were",
            back,
        ) % {**values, "count": back}
    raise Unreadable


def _fixture_label(change: RecordChange, where: Where) -> str:
    """A fixture as the list names it: "Anna & Ben – Westsiders (Winter league, round 5)"."""
    number, separator, sides = change.subject_name.partition(": ")
    if not separator or not number.isdigit():
        raise Unreadable
    competition = where.fixtures.get(change.subject_id)
    if competition is None:
        return pgettext("a fixture in the list of changes", "%(sides)s (round %(round)s)") % {
            "sides": sides,
            "round": number,
        }
    return pgettext(
        "a fixture in the list of changes", "%(sides)s (%(competition)s, round %(round)s)"
    ) % {"sides": sides, "competition": competition, "round": number}


def _fixture(change: RecordChange, where: Where) -> str:
    fixture = _fixture_label(change, where)
    before, after = change.before, change.after
    if change.action == "reschedule":
        if after.get("date") is None:
            return gettext("Moved the fixture %(fixture)s back to its round's night") % {
                "fixture": fixture
            }
        return gettext("Moved the fixture %(fixture)s to %(date)s") % {
            "fixture": fixture,
            "date": _date(after["date"]),
        }
    if change.action == "table":
        table = _text(after.get("table", ""))
        if not table:
            return gettext("Took the table off the fixture %(fixture)s") % {"fixture": fixture}
        return gettext("Moved the fixture %(fixture)s to table %(table)s") % {
            "fixture": fixture,
            "table": table,
        }
    if change.action == "void":
        if "withdrawal" in after:
            return gettext("Voided the fixture %(fixture)s on a withdrawal") % {"fixture": fixture}
        return gettext("Voided the fixture %(fixture)s") % {"fixture": fixture}
    if change.action == "concede":
        return gettext("Conceded the fixture %(fixture)s on a withdrawal") % {"fixture": fixture}
    if change.action == "restore":
        if before.get("status") == "forfeit":
            return gettext("Put the conceded fixture %(fixture)s back to be played") % {
                "fixture": fixture
            }
        return gettext("Put the voided fixture %(fixture)s back") % {"fixture": fixture}
    raise Unreadable


#: The presenter of each subject (each reads its own actions).
PRESENTERS: Mapping[str, Callable[[RecordChange, Where], str]] = {
    "player": _player,
    "partnership": _partnership,
    "club": _club,
    "competition": _competition,
    "entrant": _entrant,
    "fixture": _fixture,
}


def change_sentence(change: RecordChange, where: Where, generic: Callable[[], str]) -> str:
    """``change`` as one sentence; ``generic()`` when no presenter reads it."""
    presenter = PRESENTERS.get(change.subject)
    if (
        presenter is None
        or not isinstance(change.before, dict)
        or not isinstance(change.after, dict)
    ):
        return generic()
    try:
        return presenter(change, where)
    except (Unreadable, KeyError, TypeError):
        return generic()
