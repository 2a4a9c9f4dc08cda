"""Sentences several areas say alike, so that a games list, a fixture, an entry link and a
bracket word a result the same way.

Words: a *result sentence* names the winner and puts the winner's score first ("Mara & Nils
won, 716 – 170"), whatever order the sides are listed in elsewhere on the page; a draw says
so ("A draw, 500 – 500").
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.words import possessive

DASH = " \u2013 "


def winner_first(scores: Sequence[object], winner: int | None) -> list[str]:
    """``scores`` (one a side, in side order) as text, the winner's first and the others in
    side order after it; in side order when nobody won."""
    texts = [str(s) for s in scores]
    if winner is None or not 0 <= winner < len(texts):
        return texts
    return [texts[winner], *(t for i, t in enumerate(texts) if i != winner)]


def result_text(names: Sequence[str], scores: Sequence[object], winner: int | None) -> str:
    """Who won and by how much, the winner's score first: "Mara & Nils won, 716 – 170";
    "A draw, 500 – 500" when nobody won; without scores, only who won."""
    shown = DASH.join(winner_first(scores, winner)) if any(str(s) for s in scores) else ""
    if winner is None:
        return _("A draw, %(scores)s") % {"scores": shown} if shown else _("A draw")
    name = names[winner]
    if shown:
        return _("%(name)s won, %(scores)s") % {"name": name, "scores": shown}
    return _("%(name)s won") % {"name": name}


__all__ = ["DASH", "possessive", "result_text", "winner_first"]


def withdrawn_name(name: str, withdrawn: bool = True) -> str:
    """An entrant's name as a table lists it: marked "(withdrawn)" once it has withdrawn from
    the competition (its line stays, with whatever results still count), else as it is."""
    if not withdrawn:
        return name
    return pgettext("an entrant's name in a table, after it withdrew", "%(name)s (withdrawn)") % {
        "name": name
    }
