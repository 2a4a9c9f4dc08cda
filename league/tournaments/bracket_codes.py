"""What a bracket's match codes mean, in words, for a legend beside the bracket (its page, its
PDF and the room's screen).

The codes are :mod:`scoring.brackets`' match ids: ``W2-1`` is the winners' bracket's round 2,
match 1 (in a single elimination, simply round 2, match 1), ``L1-2`` the losers' bracket's
round 1, match 2, ``3P`` the match for third place, ``GF`` the grand final and ``GF2`` its
reset. A legend names each kind of code that the bracket has, once, taking its first code as
the example.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

_ROUND_MATCH = re.compile(r"^([WL])(\d+)-(\d+)$")


@dataclass(frozen=True)
class CodeMeaning:
    """One entry of the legend: a code and what it means ("W1-1", "winners' bracket, round 1,
    match 1")."""

    code: str
    meaning: str

    @property
    def text(self) -> str:
        """ "W1-1: winners' bracket, round 1, match 1"."""
        return pgettext("a bracket's match code and what it means", "%(code)s: %(meaning)s") % {
            "code": self.code,
            "meaning": self.meaning,
        }


def _meaning(code: str, double: bool) -> tuple[str, str] | None:
    """(the kind of code, what it means); None for a code of no kind known here."""
    found = _ROUND_MATCH.match(code)
    if found:
        side, numbers = found.group(1), {"round": found.group(2), "match": found.group(3)}
        if side == "L":
            return "L", _("losers' bracket, round %(round)s, match %(match)s") % numbers
        if double:
            return "W", _("winners' bracket, round %(round)s, match %(match)s") % numbers
        return "W", _("round %(round)s, match %(match)s") % numbers
    if code == "3P":
        return "3P", _("the match for third place")
    if code == "GF":
        return "GF", _("the grand final")
    if code == "GF2":
        return "GF2", _(
            "the grand final's reset, if the losers' bracket's winner wins the grand final"
        )
    return None


class _Box(Protocol):
    @property
    def id(self) -> str: ...


class _Column(Protocol):
    @property
    def boxes(self) -> Sequence[_Box]: ...


class _Section(Protocol):
    @property
    def columns(self) -> Sequence[_Column]: ...


def section_codes(sections: Iterable[_Section]) -> list[str]:
    """The codes of the boxes of bracket sections (a ``BracketDisplay``'s), column by column."""
    return [box.id for section in sections for column in section.columns for box in column.boxes]


def code_legend(codes: Iterable[str]) -> tuple[CodeMeaning, ...]:
    """The legend of a bracket whose boxes carry ``codes``: each kind once (winners', losers',
    third place, grand final, reset), in the order the codes come. A bracket with a losers'
    side names the winners' one too; a single elimination's rounds need no side."""
    codes = list(codes)
    double = any(code.startswith(("L", "GF")) for code in codes)
    seen: set[str] = set()
    legend = []
    for code in codes:
        found = _meaning(code, double)
        if found is None or found[0] in seen:
            continue
        seen.add(found[0])
        legend.append(CodeMeaning(code, found[1]))
    return tuple(legend)


def legend_text(legend: Iterable[CodeMeaning]) -> str:
    """The legend on one line: "Match codes: W1-1: round 1, match 1; 3P: the match for third
    place." ("" for none)."""
    entries = [entry.text for entry in legend]
    if not entries:
        return ""
    return _("Match codes: %(codes)s.") % {
        "codes": pgettext("between two entries of a legend", "; ").join(entries)
    }
