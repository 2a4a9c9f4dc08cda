"""A game's ruleset as the browser scores with it (static/js/rules.js, the deal form's
offline preview): every field of :class:`scoring.Ruleset`, resolved, as plain JSON.

The stored ``Game.ruleset_data`` is a preset's name and its overrides; resolved here, so that
rules.js needs no copy of the presets: what the engine plays is what the browser gets.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from scoring import Ruleset


def _plain(value: Any) -> Any:
    """``value`` as JSON data: a mapping as a dict, a tuple as a list, a Term as its English
    (rules.js translates it from the page's catalog of the engine's words)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def resolved_ruleset_data(rules: Ruleset) -> dict[str, Any]:
    """Every field of ``rules`` as plain JSON data (the ``"rules"`` of the deal form's
    ``deal-state``), meld and bonus values in the engine's order."""
    return {field.name: _plain(getattr(rules, field.name)) for field in dataclasses.fields(rules)}


__all__ = ["resolved_ruleset_data"]
