"""The two entry links of a match: one side enters the deals (the side that started the game,
or took entry over since), the other confirms the result, or disputes it with its words. A
form is for one deal number: the same deal typed on two phones is saved once and the second
phone is told what was entered. The entering side may undo its last deal until the result is
confirmed. Every write is tried by the side that may (it works) and the side that may not
(refused, nothing saved)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import Deal, DealAudit, Fixture, FixtureSide, MatchEvent
from league.stored_words import audit_who, event_who
from league.tournaments import services as tournaments_services
from tests.builders import page, signed_in, tournament
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

#: Klaberjass to 150: the makers win a deal by 120 to 42; two such deals win the game.
WIN = {"makers": "0", "card_points_0": "120", "card_points_1": "42"}


def url(name: str, *args) -> str:
    return reverse(name, args=list(args))


def match(organiser, n: int = 2) -> tuple[Fixture, str, str]:
    """A started tournament's first match: the fixture and its two sides' tokens."""
    competition = tournament(organiser, n, name="Spring cup")
    tournaments_services.tournament_start(competition=competition)
    fixture = competition.fixtures.order_by("id").first()
    sides = {s.side: s.entry_token for s in FixtureSide.objects.filter(fixture=fixture)}
    return fixture, sides[0], sides[1]


def has_id(root: Element, id_: str) -> bool:
    return any(e.attrs.get("id") == id_ for e in root.iter())


def form_values(root: Element) -> dict[str, str]:
    form = root.by_id("deal-form")
    return {
        i.attrs["name"]: i.attrs.get("value", "")
        for i in form.iter("input")
        if i.attrs.get("type") in ("hidden", "number")
    }


def deal_form_post(client: Client, token: str) -> dict[str, str]:
    """What the link's page would send for WIN: its hidden fields with the deal typed in."""
    hidden = form_values(page(client, url("tournaments:entry", token)))
    return {
        "entry_key": hidden["entry_key"],
        "number": hidden["number"],
        **WIN,
    }


def test_the_side_that_starts_enters_and_the_other_side_is_told_it_confirms(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    assert client.post(url("tournaments:entry-start", away)).status_code == 302
    fixture.refresh_from_db()
    assert fixture.entered_by == 1

    # The entering side has the deal form, for deal 1.
    assert form_values(page(client, url("tournaments:entry", away)))["number"] == "1"
    # The other side's page says who enters, and has no deal form and no start button.
    root = page(client, url("tournaments:entry", home))
    assert not has_id(root, "deal-form") and not has_id(root, "start")
    assert "P2 enters the deals; you confirm the result." in root.by_id("they-enter").text
    # Its posts are refused, with nothing saved.
    response = client.post(url("tournaments:entry-deal", home), WIN)
    assert response.status_code == 409
    assert "P2 enters the deals of this match" in parse(response.content).by_id("entry-error").text
    assert Deal.objects.count() == 0
    # Its start is no game more: told the game has started, back to its page.
    assert client.post(url("tournaments:entry-start", home)).status_code == 302
    assert fixture.games.count() == 1


def test_one_deal_typed_on_both_links_is_saved_once_and_the_second_told_what_was(organiser):
    # The director started the game from the fixture: nobody enters yet, so both links show the
    # form for deal 1 (as in the Swiss round of the issue); both type 120 / 42.
    fixture, home, away = match(organiser)
    competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    client = Client()
    from_home, from_away = deal_form_post(client, home), deal_form_post(client, away)
    assert from_home["number"] == from_away["number"] == "1"

    assert client.post(url("tournaments:entry-deal", away), from_away).status_code == 302
    response = client.post(url("tournaments:entry-deal", home), from_home)
    assert response.status_code == 409
    root = parse(response.content)
    said = root.by_id("entry-error").text
    assert "Deal 1 was already entered from another phone: 120 - 42. Nothing was saved." in said
    # The page shows the sheet as it is (one deal) and says who enters.
    assert has_id(root, "deal-1") and not has_id(root, "deal-2")
    assert "P2 enters the deals" in root.by_id("they-enter").text
    assert Deal.objects.count() == 1
    # The first phone sending its form again is the same deal, not a refusal.
    again = client.post(url("tournaments:entry-deal", away), from_away, follow=True)
    assert "already saved" in again.content.decode()
    assert Deal.objects.count() == 1


def test_two_phones_of_the_entering_side_keep_the_input_and_save_it_as_the_next_deal(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    client.post(url("tournaments:entry-start", away))
    phone_1, phone_2 = deal_form_post(client, away), deal_form_post(client, away)
    assert client.post(url("tournaments:entry-deal", away), phone_1).status_code == 302
    phone_2["card_points_0"], phone_2["card_points_1"] = "100", "62"
    response = client.post(url("tournaments:entry-deal", away), phone_2)
    assert response.status_code == 400
    root = parse(response.content)
    assert (
        "Deal 1 was already entered from another phone: 120 - 42" in root.by_id("error-game").text
    )
    kept = form_values(root)
    assert (kept["card_points_0"], kept["card_points_1"]) == ("100", "62")
    assert kept["number"] == "2" and "Deal 2" in root.by_id("entry").text
    assert Deal.objects.count() == 1
    # Told, a deliberate second Save adds it as deal 2.
    resend = {k: kept[k] for k in ("entry_key", "number")} | {
        **WIN,
        **{"card_points_0": "100", "card_points_1": "62"},
    }
    assert client.post(url("tournaments:entry-deal", away), resend).status_code == 302
    assert list(Deal.objects.values_list("number", "card_points")) == [
        (1, [120, 42]),
        (2, [100, 62]),
    ]


def test_taking_over_entry_switches_the_sides_and_is_kept_for_the_director(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    client.post(url("tournaments:entry-start", away))
    client.post(url("tournaments:entry-deal", away), WIN)
    # The entering side cannot take over from itself.
    assert client.post(url("tournaments:entry-take-over", away)).status_code == 409
    root = page(client, url("tournaments:entry", home))
    assert "We enter the deals from now on" in root.by_id("take-over").text
    response = client.post(url("tournaments:entry-take-over", home))
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.entered_by == 0
    event = MatchEvent.objects.get()
    # Kept as the side's index, named as the side is named now.
    assert (event.kind, event.side, event_who(event, ["P1", "P2"])) == ("take_over", 0, "P1")
    # Now the home link enters, the away link confirms.
    assert has_id(page(client, url("tournaments:entry", home)), "deal-form")
    root = page(client, url("tournaments:entry", away))
    assert not has_id(root, "deal-form") and "P1 enters the deals" in root.by_id("they-enter").text
    assert client.post(url("tournaments:entry-deal", away), WIN).status_code == 409
    # The director sees it on the match's page.
    root = page(
        signed_in(organiser),
        url("competitions:fixture-detail", fixture.competition.slug, fixture.pk),
    )
    assert "P1 : took over entering the deals" in root.by_id("match-events").text


def test_the_entering_side_undoes_its_last_deal_until_the_result_is_confirmed(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    client.post(url("tournaments:entry-start", away))
    client.post(url("tournaments:entry-deal", away), WIN)
    game = fixture.games.get()
    root = page(client, url("tournaments:entry", away))
    undo = {i.attrs["name"]: i.attrs.get("value", "") for i in root.by_id("undo").iter("input")}
    assert "Undo deal 1" in root.by_id("undo-deal").text
    # The confirming side has no undo, and its post is refused.
    assert not has_id(page(client, url("tournaments:entry", home)), "undo")
    assert client.post(url("tournaments:entry-undo", home), undo).status_code == 409
    assert game.deals.count() == 1

    response = client.post(url("tournaments:entry-undo", away), undo, follow=True)
    assert "Deal 1 undone (120 - 42)" in response.content.decode()
    game.refresh_from_db()
    assert game.deal_count == 0 and game.totals == [0, 0]
    audit = DealAudit.objects.get()
    assert (audit.action, audit.deal_number, audit.via, audit.via_side) == (
        "undo",
        1,
        DealAudit.VIA_ENTRY_LINK,
        1,
    )
    assert audit_who(audit, game.side_names) == "entry link of P2"
    # The same form again finds no deal 1 to undo: nothing happens.
    assert client.post(url("tournaments:entry-undo", away), undo).status_code == 409

    # The deal that ended the match can be undone too, which reopens it.
    client.post(url("tournaments:entry-deal", away), WIN)
    client.post(url("tournaments:entry-deal", away), WIN)
    fixture.refresh_from_db()
    assert fixture.finished
    root = page(client, url("tournaments:entry", away))
    undo = {i.attrs["name"]: i.attrs.get("value", "") for i in root.by_id("undo").iter("input")}
    assert client.post(url("tournaments:entry-undo", away), undo).status_code == 302
    fixture.refresh_from_db()
    assert not fixture.finished and fixture.games.get().winner is None
    # Once the other side confirms, undo is gone: the link has expired.
    client.post(url("tournaments:entry-deal", away), WIN)
    assert client.post(url("tournaments:entry-confirm", home)).status_code == 302
    root = page(client, url("tournaments:entry", away))
    assert not has_id(root, "undo")
    undo["number"] = "2"
    assert client.post(url("tournaments:entry-undo", away), undo).status_code == 410
    assert game.deals.count() == 2


def test_the_confirming_side_disputes_and_the_director_sees_both_sides_words(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    client.post(url("tournaments:entry-start", away))
    client.post(url("tournaments:entry-deal", away), WIN)
    # The entering side cannot dispute its own sheet.
    response = client.post(url("tournaments:entry-dispute", away), {"words": "Oops"})
    assert response.status_code == 400
    client.post(url("tournaments:entry-deal", away), WIN)
    root = page(client, url("tournaments:entry", home))
    assert "This is not what we played" in root.by_id("dispute").text
    # No words: said next to the box, nothing kept.
    response = client.post(url("tournaments:entry-dispute", home), {"words": "  "})
    assert response.status_code == 400
    assert "Say what was not as you played it" in parse(response.content).by_id("words-error").text
    fixture.refresh_from_db()
    assert fixture.disputed_at is None

    words = "Deal 2 was 42 - 120 to us, not to them."
    assert client.post(url("tournaments:entry-dispute", home), {"words": words}).status_code == 302
    fixture.refresh_from_db()
    assert fixture.disputed_at is not None and fixture.confirmed_at is None
    # Now the disputing side cannot confirm; the entering side may add its words.
    assert client.post(url("tournaments:entry-confirm", home)).status_code == 409
    reply = "We played it 120 - 42, as entered."
    assert client.post(url("tournaments:entry-dispute", away), {"words": reply}).status_code == 302
    root = page(client, url("tournaments:entry", away))
    assert words in root.by_id("match-events").text and reply in root.by_id("match-events").text

    # The director's page and the match's page show the flag and both sides' words.
    director = signed_in(organiser)
    slug = fixture.competition.slug
    root = page(director, url("tournaments:director", slug))
    box = root.by_id(f"disputed-{fixture.pk}")
    assert words in box.text and reply in box.text
    root = page(director, url("competitions:fixture-detail", slug, fixture.pk))
    assert "The result is disputed" in root.by_id("match-events").text
    # Confirming as director settles it.
    assert director.post(url("tournaments:confirm", slug, fixture.pk)).status_code == 302
    fixture.refresh_from_db()
    assert fixture.disputed_at is None and fixture.confirmed_at is not None
    assert not has_id(page(director, url("tournaments:director", slug)), "disputes")
    assert MatchEvent.objects.filter(kind="settled").count() == 1


def test_unknown_tokens_and_expired_links_refuse_the_new_writes(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    for name in (
        "tournaments:entry-take-over",
        "tournaments:entry-undo",
        "tournaments:entry-dispute",
    ):
        assert client.post(url(name, "no-such-token")).status_code == 404
        assert client.get(url(name, home)).status_code == 405
    client.post(url("tournaments:entry-start", away))
    client.post(url("tournaments:entry-deal", away), WIN)
    client.post(url("tournaments:entry-deal", away), WIN)
    client.post(url("tournaments:entry-confirm", home))
    for name in (
        "tournaments:entry-take-over",
        "tournaments:entry-undo",
        "tournaments:entry-dispute",
    ):
        assert client.post(url(name, home), {"words": "x"}).status_code == 410
    assert MatchEvent.objects.count() == 0 and Deal.objects.count() == 2


def test_a_refused_deal_is_said_first_in_the_form_where_the_page_opens(organiser):
    # On a phone the page that comes back opens at the form (#entry); the refusal of a deal
    # entered from a second phone is the first thing in it, not under the last group.
    fixture, home, away = match(organiser)
    client = Client()
    client.post(url("tournaments:entry-start", away))
    phone_1, phone_2 = deal_form_post(client, away), deal_form_post(client, away)
    client.post(url("tournaments:entry-deal", away), phone_1)
    root = parse(client.post(url("tournaments:entry-deal", away), phone_2).content)
    form = root.by_id("deal-form")
    assert form.attrs["action"].endswith("#entry")
    ids = [e.attrs["id"] for e in form.iter() if "id" in e.attrs]
    assert ids.index("error-game") < ids.index("group-makers")


def test_a_disputed_match_stays_as_it_is_and_every_page_says_disputed(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    client.post(url("tournaments:entry-start", away))
    client.post(url("tournaments:entry-deal", away), WIN)
    client.post(url("tournaments:entry-deal", away), WIN)
    root = page(client, url("tournaments:entry", away))
    undo = {i.attrs["name"]: i.attrs.get("value", "") for i in root.by_id("undo").iter("input")}
    client.post(url("tournaments:entry-dispute", home), {"words": "Deal 2 was ours."})

    # The entering side can no longer take a deal off under the director's eyes.
    root = page(client, url("tournaments:entry", away))
    assert not has_id(root, "undo")
    response = client.post(url("tournaments:entry-undo", away), undo)
    assert response.status_code == 409
    assert "disputed" in parse(response.content).by_id("entry-error").text
    assert fixture.games.get().deals.count() == 2

    slug = fixture.competition.slug
    director = signed_in(organiser)
    fixtures = page(director, url("competitions:fixtures", slug))
    assert "Disputed" in fixtures.by_id(f"fixture-{fixture.pk}").text
    assert "Played" not in fixtures.by_id(f"fixture-{fixture.pk}").text
    assert "Disputed" in page(director, url("tournaments:director", slug)).text
    assert "Disputed" in page(Client(), url("tournaments:bracket", slug)).text


def test_the_second_phone_to_start_the_game_is_told_it_has_started(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    assert client.post(url("tournaments:entry-start", away)).status_code == 302
    response = client.post(url("tournaments:entry-start", home), follow=True)
    assert response.status_code == 200
    assert "The game has started already" in response.content.decode()
    assert fixture.games.count() == 1


def test_after_a_take_over_a_side_cannot_undo_the_deals_the_other_side_entered(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    client.post(url("tournaments:entry-start", away))
    client.post(
        url("tournaments:entry-deal", away), {**WIN, "card_points_0": "90", "card_points_1": "72"}
    )
    game = fixture.games.get()
    assert client.post(url("tournaments:entry-take-over", home)).status_code == 302
    # Deal 1 is the other side's: no undo offered, and a forged one is refused.
    assert not has_id(page(client, url("tournaments:entry", home)), "undo")
    deal = game.deals.get()
    forged = {"game": game.pk, "number": 1, "version": deal.version}
    response = client.post(url("tournaments:entry-undo", home), forged)
    assert response.status_code == 409
    assert "before your side took over" in parse(response.content).by_id("entry-error").text
    assert game.deals.count() == 1
    # Its own deal it may undo.
    client.post(url("tournaments:entry-deal", home), deal_form_post(client, home))
    root = page(client, url("tournaments:entry", home))
    assert "Undo deal 2" in root.by_id("undo-deal").text
