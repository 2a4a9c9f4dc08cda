"""A small reader of the HTML a page sends, to check what a person sees in tables and lists."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"br", "hr", "img", "input", "link", "meta", "source", "wbr", "col", "area", "base"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def text(self) -> str:
        parts = [c if isinstance(c, str) else c.text for c in self.children]
        return " ".join(" ".join(parts).split())

    def iter(self, tag: str | None = None):
        for child in self.children:
            if isinstance(child, Element):
                if tag is None or child.tag == tag:
                    yield child
                yield from child.iter(tag)

    def by_id(self, id_: str) -> Element:
        for element in self.iter():
            if element.attrs.get("id") == id_:
                return element
        raise AssertionError(f"no element with id {id_!r}")

    def has_class(self, name: str) -> bool:
        return name in self.attrs.get("class", "").split()


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: bytes | str) -> Element:
    builder = _Builder()
    builder.feed(html.decode() if isinstance(html, bytes) else html)
    builder.close()
    return builder.root


def table_rows(table: Element) -> dict[str, str]:
    """Body rows of a two-column table: the row heading's text to the cell's text."""
    rows = {}
    for tr in table.iter("tr"):
        cells = [c for c in tr.children if isinstance(c, Element) and c.tag in ("th", "td")]
        if len(cells) == 2 and cells[0].tag == "th" and cells[1].tag == "td":
            rows[cells[0].text] = cells[1].text
    return rows


def rule_lines(section: Element) -> dict[str, str]:
    """A section's rules list: each dt's text (its "changed" mark removed) to its dd's text."""
    lines = {}
    for rule in section.iter("div"):
        if rule.has_class("rule"):
            dt = next(rule.iter("dt"))
            dd = next(rule.iter("dd"))
            lines[dt.text.removesuffix(" changed")] = dd.text
    return lines
