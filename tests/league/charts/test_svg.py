"""A Drawing as inline SVG: no style attribute left (the CSP forbids them), valid XML, the
text readable, ids of its own, scaled by its viewBox, named for a screen reader."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from reportlab.graphics.shapes import Drawing, Line, PolyLine, String

from league.charts import drawing
from league.charts.svg import SVG_NS, inline_svg, presentation_attributes

NS = {"svg": SVG_NS}


def sample() -> Drawing:
    d = Drawing(200, 100)
    d.add(Line(0, 0, 200, 100, strokeColor=None, strokeWidth=2, strokeDashArray=[4, 2]))
    d.add(PolyLine([0, 0, 50, 50, 100, 20], strokeWidth=3))
    d.add(String(10, 80, "Anna & Ben <3>", fontName="Helvetica", fontSize=12))
    return d


def test_style_attributes_become_presentation_attributes():
    root = ET.fromstring(
        '<svg xmlns="http://www.w3.org/2000/svg"><g style="clip-path: url(#clip)">'
        '<path style="stroke: rgb(0%,0%,0%); stroke-width: 2; fill: None; color: red;"/>'
        '<text style="font-family: DejaVuSans; font-size: 10px;fill: rgb(0%,0%,0%); stroke:none;"'
        ">x</text></g></svg>"
    )
    presentation_attributes(root)
    g = root.find("svg:g", NS)
    path, text = g.find("svg:path", NS), g.find("svg:text", NS)
    assert g.attrib == {"clip-path": "url(#clip)"}
    # SVG's 'none', not Python's None; a property SVG takes no attribute for is dropped
    assert path.attrib == {"stroke": "rgb(0%,0%,0%)", "stroke-width": "2", "fill": "none"}
    assert text.attrib == {
        "font-family": "inherit",  # the page's own font
        "font-size": "10px",
        "fill": "rgb(0%,0%,0%)",
        "stroke": "none",
    }


def test_inline_svg_is_safe_to_put_in_a_page():
    markup = inline_svg(sample(), key="game-chart", title="The game", description="A & B <led>")
    assert "style=" not in markup
    assert not markup.startswith("<?xml") and "DOCTYPE" not in markup
    root = ET.fromstring(markup)  # well-formed XML
    assert root.tag == f"{{{SVG_NS}}}svg"
    assert root.get("viewBox") == "0 0 200 100"
    assert root.get("width") == "100%" and root.get("height") is None
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "game-chart-title game-chart-desc"
    assert root.find("svg:title", NS).get("id") == "game-chart-title"
    assert root.find("svg:title", NS).text == "The game"
    assert root.find("svg:desc", NS).text == "A & B <led>"
    texts = [t.text for t in root.iter(f"{{{SVG_NS}}}text")]
    assert texts == ["Anna & Ben <3>"]  # escaped in the markup, read back whole
    assert "Anna &amp; Ben &lt;3&gt;" in markup
    for element in root.iter():
        assert "style" not in element.attrib


def test_every_id_is_prefixed_and_references_follow():
    one = ET.fromstring(inline_svg(sample(), key="a", title="t", description="d"))
    two = ET.fromstring(inline_svg(sample(), key="b", title="t", description="d"))
    ids_one = {e.get("id") for e in one.iter() if e.get("id")}
    ids_two = {e.get("id") for e in two.iter() if e.get("id")}
    assert ids_one and not ids_one & ids_two  # two charts on one page share no id
    assert all(i.startswith("a-") for i in ids_one)
    for element in one.iter():
        for value in element.attrib.values():
            if value.startswith("url(#"):
                assert value[5:-1] in ids_one


def test_a_builders_drawing_converts_whole():
    chart = drawing.game_progress(
        ["Anna & Ben", "Carl & Dora"], [[100, 250], [82, 90]], [[], [2]], 500
    )
    markup = inline_svg(chart, key="g", title="t", description="d")
    root = ET.fromstring(markup)
    assert "style=" not in markup
    assert {"Anna & Ben", "Carl & Dora", "target 500"} <= {
        t.text for t in root.iter(f"{{{SVG_NS}}}text")
    }
    assert {t.get("font-family") for t in root.iter(f"{{{SVG_NS}}}text")} == {"inherit"}
    assert all(
        float(t.get("font-size").removesuffix("px")) >= 10 for t in root.iter(f"{{{SVG_NS}}}text")
    )


def test_a_dashed_line_stays_dashed():
    # renderSVG closes a Line's path (there and back again), which fills a dash's gaps
    d = Drawing(100, 50)
    d.add(Line(0, 10, 100, 10, strokeDashArray=[5, 3]))
    root = ET.fromstring(inline_svg(d, key="k", title="t", description="d"))
    (path,) = [p for p in root.iter(f"{{{SVG_NS}}}path") if p.get("stroke-dasharray")]
    assert path.get("d") == "M 0,10 L 100,10"
