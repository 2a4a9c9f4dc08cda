"""A Drawing as SVG markup to put inside a page: what reportlab's ``renderSVG`` writes, made
safe for the site's strict Content-Security-Policy and for a phone.

``renderSVG`` writes ``style="stroke: ...; font-size: 10px"`` attributes, which
``style-src 'self'`` forbids (the browser would draw every line black and every text in its
default size). :func:`presentation_attributes` turns each into SVG presentation attributes
(``stroke="..." font-size="10px"``), which the policy allows. :func:`inline_svg` also drops the
XML declaration and the DOCTYPE, prefixes every id (several charts on one page must not share
``#clip``), lets the SVG scale to the width of its box (a ``viewBox``, ``width="100%"`` and
no height), asks for the page's own font, and names the chart for a screen reader
(``role="img"`` and ``aria-labelledby`` pointing to its ``<title>`` and ``<desc>``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from django.utils.safestring import SafeString, mark_safe
from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Drawing

__all__ = ["SVG_NS", "inline_svg", "presentation_attributes"]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

#: The style properties renderSVG writes that SVG also takes as attributes (any other is
#: dropped: an attribute SVG does not know would do nothing anyway).
PRESENTATION = frozenset(
    {
        "clip-path",
        "fill",
        "fill-opacity",
        "fill-rule",
        "font-family",
        "font-size",
        "font-style",
        "font-weight",
        "opacity",
        "stroke",
        "stroke-dasharray",
        "stroke-dashoffset",
        "stroke-linecap",
        "stroke-linejoin",
        "stroke-miterlimit",
        "stroke-opacity",
        "stroke-width",
        "text-anchor",
    }
)
_URL = re.compile(r"url\(\s*#([^)\s]+)\s*\)")
#: A straight line as renderSVG writes it: moved to, drawn to, and closed (back again).
_CLOSED_LINE = re.compile(r"^(M\s*[-\d.]+[ ,][-\d.]+\s*L\s*[-\d.]+[ ,][-\d.]+)\s*Z$")


def _tag(element: ET.Element) -> str:
    return element.tag.rpartition("}")[2]


def presentation_attributes(root: ET.Element, font_family: str = "inherit") -> ET.Element:
    """Every ``style`` attribute under ``root`` (itself included) turned into presentation
    attributes, in place; ``font-family`` becomes ``font_family`` (the page's font). An
    attribute already set on the element wins over its style's (as it would not in CSS, but
    renderSVG never writes both). Returns ``root``."""
    for element in root.iter():
        style = element.attrib.pop("style", None)
        if style is None:
            continue
        for declaration in style.split(";"):
            name, colon, value = declaration.partition(":")
            name, value = name.strip().lower(), value.strip()
            if not colon or not value or name not in PRESENTATION:
                continue
            if name == "font-family":
                value = font_family
            elif value.lower() == "none":
                value = "none"  # renderSVG writes Python's None
            element.attrib.setdefault(name, value)
    return root


def _prefix_ids(root: ET.Element, prefix: str) -> None:
    """Every id made ``<prefix>-<id>``, and every ``url(#id)`` and ``href="#id"`` with it."""
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    for element in root.iter():
        for name, value in list(element.attrib.items()):
            if name == "id":
                element.set(name, f"{prefix}-{value}")
            elif "url(#" in value:
                element.set(
                    name,
                    _URL.sub(lambda m: f"url(#{prefix}-{m[1]})" if m[1] in ids else m[0], value),
                )
            elif name.endswith("href") and value.startswith("#") and value[1:] in ids:
                element.set(name, f"#{prefix}-{value[1:]}")


def _tidy(root: ET.Element) -> None:
    """The indentation renderSVG writes, and its empty ``transform=""``, dropped (a chart of
    a long season has thousands of elements); a straight line left open."""
    for element in root.iter():
        if element.get("transform", None) == "":
            del element.attrib["transform"]
        # A line closed back on itself is drawn twice: a dashed one looks solid.
        if _tag(element) == "path":
            element.set("d", _CLOSED_LINE.sub(r"\1", element.get("d", "")))
        if _tag(element) not in ("text", "title", "desc", "tspan") and (
            element.text is not None and not element.text.strip()
        ):
            element.text = None
        if element.tail is not None and not element.tail.strip():
            element.tail = None


def inline_svg(drawing: Drawing, *, key: str, title: str, description: str) -> SafeString:
    """``drawing`` as an ``<svg>`` element to write into a page, its ids prefixed with ``key``
    (unique on the page), titled ``title`` and described by ``description`` (the text
    alternative). The names in the drawing and both texts are escaped."""
    root = ET.fromstring(renderSVG.drawToString(drawing))
    presentation_attributes(root)
    _prefix_ids(root, key)
    for name in ("width", "height", "version"):
        root.attrib.pop(name, None)
    root.set("width", "100%")
    root.set("class", "chart-svg")
    root.set("role", "img")
    root.set("aria-labelledby", f"{key}-title {key}-desc")
    root.set("focusable", "false")
    for element, text, suffix in (
        (root.find(f"{{{SVG_NS}}}title"), title, "title"),
        (root.find(f"{{{SVG_NS}}}desc"), description, "desc"),
    ):
        if element is None:
            element = ET.Element(f"{{{SVG_NS}}}{suffix}")
            root.insert(0, element)
        element.text = text
        element.set("id", f"{key}-{suffix}")
    _tidy(root)
    markup = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return mark_safe(markup)  # noqa: S308 - ElementTree escaped every text and attribute
