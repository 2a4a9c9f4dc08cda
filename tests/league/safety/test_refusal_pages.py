"""The 403 page: a signed-in person refused sees the site's page with its menu, a sentence that
says who may do what they tried ("Only the club's organisers can create a competition."),
whom to ask by name, and a way to sign in as somebody who may. The form-expired page (a
failed CSRF check) keeps the menu of the person signed in."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.access import ORGANISERS_ONLY
from tests.builders import make_league, start_game, tournament
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def places(organiser) -> dict[str, str]:
    league = make_league(organiser)
    cup = tournament(organiser, 4)
    return {
        "slug": league.slug,
        "club": league.club.slug,
        "fixture": str(league.fixtures.first().pk),
        "cup": cup.slug,
        "user": str(organiser.pk),
        "round": "1",
        "game": str(start_game(organiser).pk),
    }


# (method, URL name, its arguments from ``places``, what the page says may be done only by
# organisers).
ORGANISER_PAGES = [
    ("get", "accounts:list", [], "see the accounts"),
    ("get", "accounts:new", [], "add an account"),
    ("get", "accounts:lockouts", [], "let a locked sign-in in again"),
    ("post", "accounts:active", ["user"], "disable or enable an account"),
    ("get", "accounts:set-password", ["user"], "set another person's password"),
    ("get", "competitions:new", [], "create a competition"),
    ("get", "tournaments:new", [], "create a tournament"),
    ("post", "competitions:club-list", [], "add a club"),
    ("get", "competitions:club-export", ["club"], "download a club's data"),
    ("post", "competitions:club-settings", ["club"], "change a club's settings"),
    ("post", "competitions:player-add", ["club"], "add members to a club"),
    ("post", "competitions:partnership-add", ["club"], "add partnerships to a club"),
    ("post", "competitions:entrant-add", ["slug"], "enter players or partnerships"),
    ("post", "competitions:draw", ["slug"], "draw a competition's fixtures"),
    ("post", "competitions:fixture-move", ["slug", "fixture"], "move a fixture"),
    ("post", "competitions:fixture-concede", ["slug", "fixture"], "record a forfeit"),
    ("post", "competitions:fixture-result", ["slug", "fixture"], "type in a fixture's result"),
    ("get", "tournaments:director", ["cup"], "run a tournament"),
    ("post", "tournaments:entrant-add", ["cup"], "enter players or partnerships"),
    ("post", "tournaments:seed", ["cup"], "seed a tournament"),
    ("post", "tournaments:start", ["cup"], "start a tournament"),
    ("post", "tournaments:withdraw", ["cup"], "withdraw an entrant"),
    ("post", "tournaments:swap", ["cup", "round"], "swap two entrants of a drawn round"),
    ("post", "tournaments:publish", ["cup", "round"], "publish a drawn round"),
    ("get", "games:abandon", ["game"], "abandon a game started by mistake"),
    ("post", "screen:clock", ["slug", "round"], "set a round's clock"),
    ("post", "ratings:club-list-settings", ["club"], "change who its rating list shows"),
    ("get", "competitions:fixture-tables", ["slug", "fixture"], "swap the tables of fixtures"),
    ("get", "competitions:fixture-void", ["slug", "fixture"], "void a fixture"),
    ("post", "competitions:fixture-restore", ["slug", "fixture"], "restore a void fixture"),
    ("get", "competitions:withdrawals", ["slug"], "withdraw an entrant from a league"),
]


def menu(page: Element) -> set[str]:
    nav = next(n for n in page.iter("nav") if n.attrs.get("aria-label") == "Main")
    return {a.text for a in nav.iter("a")} | {b.text for b in nav.iter("button")}


@pytest.mark.parametrize(("method", "name", "args", "what"), ORGANISER_PAGES)
def test_a_scorer_on_an_organisers_page_is_told_who_may_do_it(
    scorer_client: Client, places, method, name, args, what
):
    address = reverse(name, args=[places[a] for a in args])
    response = getattr(scorer_client, method)(address)
    assert response.status_code == 403
    page = parse(response.content)
    refusal = page.by_id("refusal").text
    assert refusal.startswith(f"Only the club's organisers can {what}"), refusal
    assert "olga" in page.by_id("ask-organiser").text  # the organiser, by name
    assert {"Home", "Games", "Clubs", "Rules", "Signed in as sam", "Log out"} <= menu(page)
    # Nothing refused changes hands: no menu link for organisers is offered to a scorer.
    assert "Accounts" not in menu(page)


def test_the_403_page_offers_to_sign_in_as_an_organiser_and_come_back(scorer_client: Client):
    page = parse(scorer_client.get("/competitions/new/?club=x").content)
    hrefs = {a.attrs["href"]: a.text for a in page.iter("a") if "href" in a.attrs}
    assert hrefs["/accounts/login/?next=/competitions/new/%3Fclub%3Dx"] == "Sign in as an organiser"


def test_after_a_refused_form_the_sign_in_link_does_not_lead_back_to_the_form(
    scorer_client: Client, places
):
    response = scorer_client.post(reverse("competitions:draw", args=[places["slug"]]))
    hrefs = {a.text: a.attrs["href"] for a in parse(response.content).iter("a")}
    assert hrefs["Sign in as an organiser"] == "/accounts/login/"


def test_every_organisers_page_named_in_the_words_exists():
    for name in ORGANISERS_ONLY:
        assert name.split(":")[0] in {
            "accounts",
            "competitions",
            "games",
            "tournaments",
            "printing",
            "screen",
            "ratings",
        }
    tested = {name for _, name, _, _ in ORGANISER_PAGES}
    assert tested <= set(ORGANISERS_ONLY)


def test_another_scorers_game_says_whom_to_ask(outsider_client: Client, scorer):
    game = start_game(scorer)
    response = outsider_client.post(
        reverse("games:deal-add", args=[game.pk]), {"makers": "0", "card_points_0": "90"}
    )
    assert response.status_code == 403
    page = parse(response.content)
    assert page.by_id("refusal").text == (
        "Only the scorers of this game and the club's organisers can change its sheet."
    )
    assert "Ask sam, who started it" in page.by_id("ask").text


def test_a_form_expired_page_keeps_the_menu_of_whoever_is_signed_in(scorer):
    client = Client(enforce_csrf_checks=True)
    client.force_login(scorer)
    response = client.post(reverse("competitions:club-list"), {"name": "A club"})
    assert response.status_code == 403
    page = parse(response.content)
    assert "This form has expired" in page.text
    assert {"Signed in as sam", "Log out"} <= menu(page) and "Log in" not in menu(page)
