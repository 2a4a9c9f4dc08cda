"""The home page and the rules pages, read the way a person reads them."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from league.rulebook.text import SET_AWARD_TEXT, TIE_RULE_TEXT, TRICKLESS_MELDS_TEXT, meld_label
from league.rulebook.views import render_rules
from scoring.rules import MELD_KINDS, PRESETS, get_ruleset
from tests.league.html import Element, parse, rule_lines, table_rows

# The home page lists recent games and offers setup on an empty install: both read the database.
pytestmark = pytest.mark.django_db


def page(client: Client, url: str) -> Element:
    response = client.get(url)
    assert response.status_code == 200, url
    return parse(response.content)


def hrefs(root: Element) -> set[str]:
    return {a.attrs["href"] for a in root.iter("a") if "href" in a.attrs}


def rules_page(client: Client, preset: str) -> Element:
    return page(client, reverse("rules:detail", args=[preset]))


def test_home_page_says_what_hicksheet_is_and_links_every_preset(client: Client) -> None:
    root = page(client, "/")
    assert "keeps score for Klaberjass, Clabber, Klaverjas, Belote and their relatives" in root.text
    links = hrefs(root)
    for key, rules in PRESETS.items():
        assert f"/rules/{key}/" in links
        assert rules.name in root.text
    assert "/rules/" in links


def test_rules_index_lists_every_preset_in_a_table(client: Client) -> None:
    table = page(client, "/rules/").by_id("presets")
    body = next(table.iter("tbody"))
    rows = list(body.iter("tr"))
    assert [next(row.iter("a")).attrs["href"] for row in rows] == [
        f"/rules/{key}/" for key in PRESETS
    ]
    clabber = rows[list(PRESETS).index("clabber")].text
    assert "Evansville Clabber" in clabber
    assert "24 cards, 6 each" in clabber
    assert "own points" in clabber


def test_clabber_rules(client: Client) -> None:
    root = rules_page(client, "clabber")
    assert next(root.iter("h1")).text == "Evansville Clabber"

    melds = table_rows(root.by_id("meld-values"))
    assert melds["Four jacks"] == "200"
    assert melds["Run of 3"] == "20"
    assert melds["Run of 4"] == "50"
    assert melds["Run of 5 or more"] == "100"
    assert melds["Four nines"] == "100"
    assert melds["Belle (king and queen of trumps in one hand)"] == "20"

    game = rule_lines(root.by_id("game"))
    assert game["Players"].startswith("4 players in 2 partnerships of 2")
    assert game["Deck"].startswith("24 cards, nine to ace in each of the 4 suits; 6 cards")
    assert game["Cards played"] == (
        "Every card is played (24 of 24): the sides' card points add up to exactly 162."
    )
    assert game["No trump"] == "Every deal has a trump suit; a no-trump deal is refused."
    assert game["Game"].startswith("The first side to reach 500 points wins.")
    assert game["Source"].startswith(
        "Written from source 002, an encyclopedia article on Evansville Clabber"
    )

    scoring = rule_lines(root.by_id("scoring"))
    assert scoring["On a set"] == SET_AWARD_TEXT["own"].two % {"mark": "XX"}
    assert scoring["On a tie"] == TIE_RULE_TEXT["set"].two
    assert "the other side scores 162 plus its own melds and belle" in scoring["On a renege"]
    assert "If both sides renege, the deal is void." in scoring["On a renege"]
    assert scoring["No trick taken"] == TRICKLESS_MELDS_TEXT["kept"]

    # A 24-card deck has no sevens or eights; the card tables say so.
    trump = table_rows(root.by_id("trump-values"))
    plain = table_rows(root.by_id("plain-values"))
    assert trump["Jack (jass)"] == "20"
    assert trump["Nine (menel)"] == "14"
    assert plain["Jack"] == "2"
    assert plain["Seven"] == "0 (not in this deck)"
    assert plain["Nine"] == "0"
    assert "With a trump suit the deck holds 152 card points, 162 with the last trick." in (
        root.by_id("cards").text
    )


def test_klaberjass_rules(client: Client) -> None:
    root = rules_page(client, "klaberjass")
    melds = table_rows(root.by_id("meld-values"))
    assert melds["Run of 5 or more"] == "50"
    # Only the kinds a game pays have a row; the others are named in one sentence.
    assert "Four jacks" not in melds
    not_paid = root.by_id("melds-not-paid").text
    assert not_paid.startswith("Not paid in this game: four jacks, four nines, four aces")
    assert not_paid.endswith("and ménage (king, queen and jack of trumps).")

    game = rule_lines(root.by_id("game"))
    assert game["Players"] == "2 players, each playing and scoring alone."
    assert game["Cards played"] == (
        "Not every card is played (18 of 32): the card points of both sides add up to at most 162."
    )
    scoring = rule_lines(root.by_id("scoring"))
    assert scoring["On a set"] == (
        "The makers score nothing (XX on the sheet) and the opponents score the combined "
        "points of both sides: the makers' card points, melds and belle go to them too."
    )
    assert scoring["On a tie"] == (
        "On a tie the makers score nothing and the opponents score only their own combined points."
    )
    assert scoring["No trick taken"] == "A side that takes no trick scores no melds, only belle."
    assert table_rows(root.by_id("plain-values"))["Seven"] == "0"  # a 32-card deck


def test_hanging_ties_explain_held_points(client: Client) -> None:
    scoring = rule_lines(rules_page(client, "klaberjass-hang").by_id("scoring"))
    assert scoring["On a tie"] == TIE_RULE_TEXT["hang"].two
    assert "go to the winner of the next deal that is not void" in scoring["On a tie"]


def test_four_hand_klaberjass_allows_no_trump(client: Client) -> None:
    game = rule_lines(rules_page(client, "klaberjass-4").by_id("game"))
    assert game["Cards played"] == (
        "Every card is played (32 of 32): the sides' card points add up to exactly 162 "
        "(130 in a no-trump deal)."
    )
    assert game["No trump"].startswith("No-trump deals are allowed")
    assert "120 points, 130 with the last trick" in game["No trump"]


def test_three_hand_rules_speak_of_each_other_player(client: Client) -> None:
    root = rules_page(client, "klaberjass-3")
    game = rule_lines(root.by_id("game"))
    scoring = rule_lines(root.by_id("scoring"))
    assert game["Players"] == "3 players, each playing and scoring alone."
    assert "more than each other player's" in scoring["Made"]
    assert scoring["On a set"] == (
        "The makers score nothing (XX on the sheet) and each other player scores their own "
        "combined points."
    )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_page_shows_its_own_values_and_no_changes(client: Client, preset: str) -> None:
    rules = PRESETS[preset]
    root = rules_page(client, preset)
    melds = table_rows(root.by_id("meld-values"))
    for kind in MELD_KINDS:
        value = rules.meld_value(kind)
        if value is None:
            assert meld_label(rules, kind) not in melds
        else:
            assert melds[meld_label(rules, kind)] == str(value)
    game_end = rule_lines(root.by_id("game"))["Game"]
    if rules.target is not None:
        assert f"reach {rules.target} points" in game_end
    else:
        assert f"A game is {rules.deals} deals, with no target" in game_end
    assert "changes" not in {e.attrs.get("id") for e in root.iter()}
    assert "changed" not in root.text


def test_unknown_preset_is_not_found(client: Client) -> None:
    response = client.get("/rules/bridge/")
    assert response.status_code == 404
    assert "There is no page here." in parse(response.content).text


def test_a_ruleset_with_overrides_lists_and_marks_them(rf: RequestFactory) -> None:
    rules = get_ruleset(
        "clabber",
        target=1000,
        set_award="all",
        meld_values={"run5": 150, "four_9": None},
    )
    response = render_rules(rf.get("/"), rules)
    assert response.status_code == 200
    root = parse(response.content)

    changes = [
        [cell.text for cell in row.children if not isinstance(cell, str)]
        for row in next(root.by_id("changes").iter("tbody")).iter("tr")
    ]
    assert changes == [
        ["Target", "1000", "500"],
        ["Run of 5 or more", "150", "100"],
        ["Four nines", "not paid", "100"],
        ["On a set", "both sides' points", "own points"],
    ]
    melds = table_rows(root.by_id("meld-values"))
    assert melds["Run of 5 or more"] == "150 changed"
    assert melds["Four nines"] == "not paid changed"
    assert melds["Four jacks"] == "200"
    game = rule_lines(root.by_id("game"))
    assert game["Game"].startswith("The first side to reach 1000 points wins.")
    overridden = [
        next(rule.iter("dt")).text for rule in root.iter("div") if rule.has_class("overridden")
    ]
    assert overridden == ["Game changed", "On a set changed"]


@pytest.mark.django_db
def test_login_page_logs_a_user_in(client: Client, django_user_model) -> None:
    django_user_model.objects.create_user("secretary", password="a long pass phrase")
    assert client.get(reverse("accounts:login")).status_code == 200
    response = client.post(
        reverse("accounts:login"), {"username": "secretary", "password": "a long pass phrase"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert "Log out" in parse(client.get("/").content).text


def test_the_stylesheet_is_served_and_linked(client: Client) -> None:
    root = page(client, "/")
    stylesheets = [
        link.attrs["href"] for link in root.iter("link") if link.attrs["rel"] == "stylesheet"
    ]
    area_css = ["base", "games", "competitions", "tournaments", "fixtures", "charts"]
    assert stylesheets == [f"/static/css/{name}.css" for name in area_css]
    for href in stylesheets:
        response = client.get(href)
        assert response.status_code == 200
        assert b"{" in b"".join(response.streaming_content)
    base = b"".join(client.get(stylesheets[0]).streaming_content)
    assert b"@media (min-width: 40rem)" in base
