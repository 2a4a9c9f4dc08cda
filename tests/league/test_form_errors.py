"""Every form that comes back with errors opens at its error summary (nothing saved, each
error a link to its field) with the cursor in the first wrong field: ``autofocus`` on it
alone (the browser scrolls it into view, JavaScript or not), ``aria-invalid`` on each wrong
field. Tried on forms of every area, among them the two the trials found reloading at the top
with the error far below: a new competition with the wrong kind of entrants and a result
typed from the paper sheet (templates/includes/error_summary.html)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import Role
from tests.builders import (
    PASSWORD,
    add,
    fixtures_of,
    make_league,
    make_user,
    signed_in,
    start_game,
)
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db


def summary(root: Element) -> Element:
    found = [e for e in root.iter() if "data-error-summary" in e.attrs]
    assert len(found) == 1, "one error summary"
    return found[0]


def focused(root: Element) -> list[str]:
    """The ids of the elements with ``autofocus`` (the browser takes the first)."""
    return [e.attrs.get("id", "") for e in root.iter() if "autofocus" in e.attrs]


def links(box: Element) -> list[str]:
    return [a.attrs["href"] for a in box.iter("a")]


def new_competition(client: Client) -> tuple[int, bytes]:
    club = competitions_services.club_create(name="Abbey club")
    data = {
        "name": "Spring league",
        "club": str(club.pk),
        "preset": "clabber",  # played by partnerships
        "entrant_kind": "players",
        "games_per_match": "1",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "tiebreaks_0": "match_points",
    }
    response = client.post(reverse("competitions:new"), data)
    return response.status_code, response.content


def paper_result(client: Client) -> tuple[int, bytes]:
    league = make_league(make_user("maker", Role.ORGANISER))
    fixture = fixtures_of(league)[0]
    address = reverse("competitions:fixture-result", args=[league.slug, fixture.pk])
    response = client.post(address, {"typed-scores": "512"})
    return response.status_code, response.content


def same_partners(client: Client) -> tuple[int, bytes]:
    club = competitions_services.club_create(name="Abbey club")
    ann = competitions_services.player_add(club=club, name="Ann")
    competitions_services.player_add(club=club, name="Ben")
    address = reverse("competitions:partnership-add", args=[club.slug])
    post = {"partnership-first": ann.pk, "partnership-second": ann.pk}
    response = client.post(address, post)
    return response.status_code, response.content


def new_tournament(client: Client) -> tuple[int, bytes]:
    club = competitions_services.club_create(name="Abbey club")
    data = {"name": "", "club": str(club.pk), "preset": "klaberjass", "target": "300"}
    data |= {"format": "single", "games_per_match": "1"}
    response = client.post(reverse("tournaments:new"), data)
    return response.status_code, response.content


def new_game(client: Client) -> tuple[int, bytes]:
    response = client.post(reverse("games:new"), {"preset": "clabber", "side_0": "A"})
    return response.status_code, response.content


def new_account(client: Client) -> tuple[int, bytes]:
    post = {"username": "newbie", "password1": PASSWORD, "password2": "other", "role": "scorer"}
    response = client.post(reverse("accounts:new"), post)
    return response.status_code, response.content


CASES: dict[str, tuple[Callable[[Client], tuple[int, bytes]], str]] = {
    # what is posted, and the id of the field that is wrong
    "new competition, wrong kind of entrants": (new_competition, "id_entrant_kind"),
    "result from the paper sheet": (paper_result, "id_typed-scores"),
    "partnership of one member twice": (same_partners, "id_partnership-second"),
    "new tournament without a name": (new_tournament, "id_name"),
    "new game with one side named": (new_game, "id_side_1"),
    "new account, passwords differ": (new_account, "id_password2"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_form_with_errors_opens_at_its_summary_with_the_first_wrong_field_focused(
    case, organiser_client
):
    post, wrong = CASES[case]
    status, content = post(organiser_client)
    assert status in (200, 400)
    root = parse(content)
    box = summary(root)
    assert box.attrs.get("role") == "alert"
    assert f"#{wrong}" in links(box)
    assert focused(root)[:1] == [wrong]
    field = root.by_id(wrong)
    assert field.attrs.get("aria-invalid") == "true"


def test_a_form_whose_error_is_about_the_whole_puts_the_cursor_in_the_summary(db):
    make_user("sam", Role.SCORER)
    response = Client().post(reverse("accounts:login"), {"username": "sam", "password": "no"})
    root = parse(response.content)
    box = summary(root)
    assert "correct username and password" in box.text
    assert focused(root) == ["error-summary"]


def test_a_form_without_errors_has_no_summary(organiser_client):
    club = competitions_services.club_create(name="Abbey club")
    root = parse(
        organiser_client.get(reverse("competitions:club-detail", args=[club.slug])).content
    )
    assert not [e for e in root.iter() if "data-error-summary" in e.attrs]
    assert not [e for e in root.iter() if "aria-invalid" in e.attrs]


def test_the_game_settings_form_opens_at_its_summary(organiser):
    game = start_game(organiser)
    post = {"meld_entry": "scored", "first_dealer": "9"}
    response = signed_in(organiser).post(reverse("games:settings", args=[game.pk]), post)
    root = parse(response.content)
    assert "#id_first_dealer" in links(summary(root))
    assert focused(root)[:1] == ["id_first_dealer"]


# Templates that show a field's errors, and what opens such a form at its summary: the
# shared fields (form_fields.html), the tag, or a summary of the form's own (the deal form's,
# the round clock's). field.html and tiebreak_chain.html are parts of a form, not forms.
SUMMARISED = ("form_fields.html", "error_summary", "focus_first_error", 'id="error-summary"')
# Parts of a form, included in pages that have the summary.
PARTS = {
    "includes/field.html",
    "includes/tiebreak_chain.html",
    "includes/meld_values.html",
    "includes/rule_options.html",
    # The evening's tables: their paper forms are summarised at the top of the evening's page
    # (evenings/night_paper_summary.html), where the phone lands.
    "evenings/night_tables.html",
}


def test_every_template_that_shows_field_errors_has_an_error_summary():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "templates"
    missing = []
    for path in sorted(root.rglob("*.html")):
        name = path.relative_to(root).as_posix()
        text = path.read_text()
        shows_errors = "includes/field.html" in text or ".errors" in text
        if name not in PARTS and shows_errors and not any(s in text for s in SUMMARISED):
            missing.append(name)
    assert missing == []


# The competition's edit page (trial finding 8): it had a summary of its own that neither
# focused nor linked the first wrong field.
def edit_data(competition, **changes: object) -> dict[str, object]:
    """What the edit form posts as it opens, with ``changes``."""
    from league.competitions.edit_forms import initial_of

    data: dict[str, object] = {}
    for name, value in initial_of(competition, list(competition.rounds.all())).items():
        if name == "tiebreaks":
            data |= {f"tiebreaks_{i}": key for i, key in enumerate(value)}
        else:
            data[name] = "" if value is None else str(value)
    return data | changes


@pytest.mark.parametrize(
    ("changes", "wrong"),
    [
        ({"name": " "}, "id_name"),
        ({"points_loss": "-3"}, "id_points_loss"),
        ({"name": "", "points_win": "-3"}, "id_name"),
        ({"tiebreaks_0": "fewest_hicks", "tiebreaks_1": "fewest_hicks"}, "id_tiebreaks_0"),
        ({"target": "1000"}, "id_target"),  # refused by the service: reopens a finished game
    ],
)
def test_the_competition_edit_page_opens_at_the_shared_summary(
    organiser, organiser_client, changes, wrong
):
    league = make_league(organiser)
    game = competitions_services.fixture_start_game(fixture=fixtures_of(league)[0], by=organiser)
    for _ in range(5):
        add(game, organiser, makers=0, card_points=(120, 42))
    address = reverse("competitions:edit", args=[league.slug])
    response = organiser_client.post(address, edit_data(league, **changes))
    assert response.status_code == 400
    root = parse(response.content)
    box = summary(root)
    assert f"#{wrong}" in links(box)
    assert focused(root)[:1] == [wrong]
    assert root.by_id(wrong).attrs.get("aria-invalid") == "true"
    assert response.content.count(b'class="error-summary"') == 1
