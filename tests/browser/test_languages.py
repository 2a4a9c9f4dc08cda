"""The site in the players' languages on a phone: German and French (the longest words) fit a
360 px screen on every kind of page (one of each kind and shape, tests/crawl.py), and the
menu's switcher changes the language with and without JavaScript (on choosing, with it; with
its "Go" button, without), keeping the page."""

from __future__ import annotations

import pytest
from django.test import Client

from league.management.commands.demo import DEMO_PASSWORD, ORGANISER
from tests.browser.phone import PHONE, problems

# The demo's tests share a worker: on SQLite the demo is built there once and each crawl made once.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("demo-copy")]


@pytest.mark.layout
@pytest.mark.parametrize(("language", "locale"), [("de", "de-DE"), ("fr", "fr-FR")])
def test_every_kind_of_page_fits_a_phone_in_the_longest_languages(
    demo, demo_pages, new_context, language, locale
):
    client = Client()
    assert client.login(username=ORGANISER, password=DEMO_PASSWORD)
    pages = demo_pages(client, ORGANISER)
    assert len(pages) > 50, "the crawl found too few kinds of page to mean anything"
    # The browser's own language chooses (no cookie): what a phone set to German sends.
    context = new_context(client, viewport=PHONE, is_mobile=True, locale=locale)
    found = problems(context.new_page(), pages, language=language)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("javascript", [True, False])
def test_the_switcher_changes_the_language_and_keeps_the_page(new_context, javascript):
    context = new_context(viewport=PHONE, is_mobile=True, java_script_enabled=javascript)
    page = context.new_page()
    page.goto("/rules/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.click("#site-menu > summary")  # folded on a phone
    go = page.locator(".language-switch button")
    # With JavaScript choosing switches, and there is no "Go" to press; without, "Go" sends it.
    assert go.is_visible() is not javascript
    with page.expect_navigation():
        page.select_option("#language-menu", "nl")
        if not javascript:
            go.click()
    page.wait_for_load_state()
    assert page.url.endswith("/rules/")
    assert page.locator("html").get_attribute("lang") == "nl"
    page.click("#site-menu > summary")
    assert page.locator("nav").get_by_text("Regels").is_visible()
    # Remembered: the next page is Dutch too, and the menu shows the choice.
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "nl"
    assert page.locator("#language-menu").input_value() == "nl"
