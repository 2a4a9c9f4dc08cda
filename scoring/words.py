"""Small rules of English for the sentences the engine writes about named sides."""

from __future__ import annotations


def possessive(name: str, apostrophe: str = "'") -> str:
    """``name`` owning something: "Anna & Ben's", but "The Jassers'" for a name that ends in
    s, as English writes a plural."""
    return f"{name}{apostrophe}" if name.endswith(("s", "S")) else f"{name}{apostrophe}s"
