"""The site's menu as the HTML has it (issue 22, finding 17): folded behind one "Menu" summary
(a <details>: no script needed; base.css opens it on a wide screen, tests/browser/test_menu.py
measures it), and a language switcher that switches on choosing with a script of its own (no
inline script: strict CSP) and keeps its "Go" button for a browser without JavaScript."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders

from tests.builders import page

pytestmark = pytest.mark.django_db


def test_the_menu_is_folded_behind_one_summary(organiser_client):
    root = page(organiser_client, "/rules/")
    menu = root.by_id("site-menu")
    assert menu.tag == "details" and "open" not in menu.attrs
    summaries = list(menu.iter("summary"))
    assert [s.text for s in summaries] == ["Menu"]
    nav = next(n for n in menu.iter("nav") if n.attrs.get("aria-label") == "Main")
    links = {a.text for a in nav.iter("a")}
    assert {"Home", "Games", "Clubs", "Accounts", "Locked sign-ins"} <= links
    # The language switcher is in the fold too.
    assert any(f.has_class("language-switch") for f in nav.iter("form"))


def test_the_language_switcher_switches_by_its_own_script_and_keeps_go(client):
    root = page(client, "/")
    scripts = [s.attrs.get("src", "") for s in root.iter("script")]
    assert any(src.endswith(".js") and "language-switch" in src for src in scripts)
    assert all(s.attrs.get("src") for s in root.iter("script")), "an inline script"
    switcher = next(f for f in root.iter("form") if f.has_class("language-switch"))
    buttons = list(switcher.iter("button"))
    assert [b.text for b in buttons] == ["Go"] and "hidden" not in buttons[0].attrs
    script = finders.find("js/language-switch.js")
    assert script is not None
    with open(script, encoding="utf-8") as source:
        text = source.read()
    assert '"change"' in text and "submit()" in text and "hidden = true" in text
