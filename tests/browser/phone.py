"""What a phone 360 px wide must show on every page, measured in the browser: a page no wider
than the screen (``MEASURE``), tap targets of 44 x 44 px and inputs that write in 18 px text
(``CONTROLS``); ``problems`` looks at a list of pages with both."""

from __future__ import annotations

from typing import Any

PHONE = {"width": 360, "height": 740}

# The document's width, and the elements that make it wide: those that stick out past the
# screen's right edge while their parent does not, leaving out what a box that scrolls
# sideways (overflow-x other than visible) holds, which does not widen the page.
MEASURE = """() => {
  const screen = document.documentElement.clientWidth;
  const width = document.documentElement.scrollWidth;
  if (width <= screen) return {width, culprits: []};
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    [...el.classList].map((c) => "." + c).join("");
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== "visible") return true;
    }
    return false;
  };
  const culprits = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.right > screen + 0.5 && el.parentElement.getBoundingClientRect().right <= screen + 0.5
        && !clipped(el)) {
      culprits.push({name: name(el), right: Math.round(box.right), width: Math.round(box.width)});
    }
  }
  culprits.sort((a, b) => b.right - a.right);
  return {width, culprits: culprits.slice(0, 3)};
}"""

# Things a finger taps, smaller than 44 x 44 px: the menu's links and buttons, every button, link
# drawn as a button, folded part's heading (summary) and form control (a radio button or tick
# box counts with the label around it, which takes the tap too); and inputs whose text is
# smaller than 18 px.
CONTROLS = """() => {
  const found = [];
  const describe = (el, what) => {
    const words = (el.name || el.textContent.trim().split("\\n")[0] || el.value || "").trim();
    return `${el.tagName.toLowerCase()}${el.type ? "[" + el.type + "]" : ""} ` +
      `"${words.slice(0, 30)}": ${what}`;
  };
  for (const el of document.querySelectorAll(
      "nav a, nav button, button, a.button, summary, input:not([type=hidden]), select, " +
      "textarea")) {
    const choice = el.type === "checkbox" || el.type === "radio";
    const target = (choice && el.closest("label")) || el;
    const box = target.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if ((box.width < 43.5 || box.height < 43.5)) {
      found.push(describe(el, `${Math.round(box.width)} x ${Math.round(box.height)} px`));
    }
    const text = parseFloat(getComputedStyle(el).fontSize);
    if (el.matches("input:not([type=checkbox], [type=radio]), select, textarea") && text < 18) {
      found.push(describe(el, `${text} px text`));
    }
  }
  return found;
}"""


def problems(page: Any, urls: list[str], *, language: str | None = None) -> list[str]:
    """Every page of ``urls`` opened in ``page`` (a Playwright page on a phone-sized screen),
    each answering 200: each page wider than the screen with the elements that stick out
    furthest, and each control too small, with the first page it is on. ``language``: each page
    must also say it speaks it in ``<html lang>``."""
    width = page.viewport_size["width"]
    too_wide: list[str] = []
    too_small: dict[str, str] = {}
    for url in urls:
        response = page.goto(url)
        # A page that is not there (a 404 fits a phone too) must not pass for one that is.
        assert response is not None and response.status == 200, f"{url} answered {response}"
        if language is not None:
            assert page.locator("html").get_attribute("lang") == language, url
        measured = page.evaluate(MEASURE)
        if measured["width"] > width:
            worst = ", ".join(
                f"{c['name']} ({c['width']} px wide, to {c['right']} px)"
                for c in measured["culprits"]
            )
            too_wide.append(f"{url} is {measured['width']} px wide: {worst}")
        for control in page.evaluate(CONTROLS):
            too_small.setdefault(control, url)
    return too_wide + [f"{control}, first on {url}" for control, url in too_small.items()]
