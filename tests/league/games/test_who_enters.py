"""A signed-in reader who may not score a game still in play (a scorer opening a game an
organiser started) is told why the sheet has no form: who enters its deals, and whom to ask.
Those who may score get the form and no such words; a visitor is asked to sign in; a finished
game needs neither."""

from __future__ import annotations

from django.urls import reverse

from league.models import Role
from tests.builders import add, make_user, page, start_game
from tests.league.html import Element


def has_id(root: Element, id_: str) -> bool:
    return any(e.attrs.get("id") == id_ for e in root.iter())


def said(root: Element) -> str:
    return " ".join(root.by_id("who-enters").text.split())


def test_a_scorer_is_told_who_enters_an_organisers_game_and_whom_to_ask(organiser, outsider_client):
    game = start_game(organiser)
    root = page(outsider_client, reverse("games:detail", args=[game.pk]))
    assert not has_id(root, "deal-form")
    words = said(root)
    assert "olga enters the deals of this game." in words
    assert "Only the game's scorer and the club's organisers can change its sheet" in words
    assert "Only olga, who started the game, and the organisers (olga) can enter" in words


def test_two_scorers_enter_and_every_organiser_is_named(organiser, scorer, outsider_client):
    make_user("rita", Role.ORGANISER)
    game = start_game(scorer)
    game.scorers.add(make_user("zed", Role.SCORER))
    words = said(page(outsider_client, reverse("games:detail", args=[game.pk])))
    assert "sam, zed enter the deals of this game." in words
    assert "Only sam, who started the game, and the organisers (olga, rita) can enter" in words


def test_who_may_score_and_visitors_see_no_such_words(
    organiser, organiser_client, scorer, scorer_client, client
):
    game = start_game(organiser)
    game.scorers.add(scorer)
    for writer in (organiser_client, scorer_client):
        root = page(writer, reverse("games:detail", args=[game.pk]))
        assert has_id(root, "deal-form") and not has_id(root, "who-enters")
    root = page(client, reverse("games:detail", args=[game.pk]))
    assert not has_id(root, "who-enters") and "to score this game" in root.text


def test_a_finished_game_needs_no_words(organiser, outsider_client):
    game = start_game(organiser, "klaberjass", target=100)
    while game.winner is None:
        add(game, organiser, makers=0, card_points=(150, 12))
        game.refresh_from_db()
    assert not has_id(page(outsider_client, reverse("games:detail", args=[game.pk])), "who-enters")
