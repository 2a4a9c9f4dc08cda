"""Deal entry through a Wi-Fi drop, on a phone (360 x 740) with an entry link.

Playwright's offline mode takes the phone off the network: the deals saved meanwhile wait on
the phone (IndexedDB), the page says so, the preview and the totals keep working (rules.js),
and when the network is back they land in order, each once. When somebody else entered that
deal meanwhile, the phone shows the conflict and asks; nothing is saved until the user says.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

import scoring
from league.competitions import services as competitions_services
from league.models import Deal, FixtureSide, Game, Role
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.builders import PASSWORD, make_user, signed_in, start_game, tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}


def started_game(organiser: User) -> tuple[Game, dict[int, FixtureSide]]:
    competition = tournament(organiser, 2, name="Club night", rules=get_ruleset("klaberjass"))
    tournaments_services.tournament_start(competition=competition)
    fixture = competition.fixtures.get()
    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    sides = {s.side: s for s in FixtureSide.objects.filter(fixture=fixture)}
    return game, sides


def phone(new_context, address: str):
    context = new_context(viewport=PHONE)
    tab = context.new_page()
    tab.goto(address)
    tab.wait_for_selector("#deal-form[data-ready='1'][data-queue-ready='1']")
    return context, tab


def type_deal(tab, makers: int, points: tuple[int, int]) -> None:
    tab.check(f"#id_makers_{makers}")
    tab.fill("#id_card_points_0", str(points[0]))
    tab.fill("#id_card_points_1", str(points[1]))


def saved(game: Game) -> list[tuple[int, int | None, list[int]]]:
    return [(d.number, d.makers, d.card_points) for d in Deal.objects.filter(game=game)]


DEALS = [(0, (90, 72)), (1, (60, 102)), (0, (100, 42))]


def test_three_deals_entered_offline_land_once_in_order(new_context):
    organiser = make_user("director", Role.ORGANISER)
    game, sides = started_game(organiser)
    context, tab = phone(new_context, f"/m/{sides[0].entry_token}/")

    context.set_offline(True)
    for number, (makers, points) in enumerate(DEALS, start=1):
        assert tab.inner_text("#entry h2") == f"Deal {number}"
        type_deal(tab, makers, points)
        # The preview still works: the browser scores the deal itself.
        expect(tab.locator("#preview .preview-summary")).to_have_text("Made.")
        if number == 1:
            # The Preview button, which asks the server, is answered by the browser offline.
            tab.click("button[name='preview']")
            expect(tab.locator("#preview .preview-summary")).to_have_text("Made.")
            assert tab.input_value("#id_card_points_0") == str(points[0])
        tab.click("#save-deal")
        tab.wait_for_selector(f"#offline-status[data-waiting='{number}']")
    status = tab.inner_text("#offline-status")
    assert "Offline" in status and "3 deals waiting to send" in status
    # The form moved on, and the sheet shows the waiting deals with the totals they make.
    assert tab.inner_text("#entry h2") == "Deal 4"
    assert tab.input_value("#deal-form input[name='number']") == "4"
    assert tab.locator("#sheet tr.waiting").count() == 3
    assert tab.inner_text("#waiting-3 td.running >> nth=0") == str(90 + 60 + 100)
    assert "Score: P1 250 · P2 216 (with 3 waiting deals)" in tab.inner_text("#entry-score")
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert saved(game) == []

    context.set_offline(False)
    # Sent in order; then the page shows the sheet as the server scored it.
    tab.wait_for_selector("#deal-3")
    tab.wait_for_selector("#offline-status", state="hidden")
    assert saved(game) == [(1, 0, [90, 72]), (2, 1, [60, 102]), (3, 0, [100, 42])]
    assert tab.locator("#sheet tr.waiting").count() == 0
    assert tab.inner_text("#entry h2") == "Deal 4"
    assert tab.input_value("#deal-form input[name='number']") == "4"

    # A waiting deal sent again (its answer lost on the way, say) is not added twice.
    keys = [str(d.entry_key) for d in Deal.objects.filter(game=game)]
    answer = tab.evaluate(
        """async ([key]) => {
          const form = document.getElementById('deal-form');
          const data = new FormData(form);
          data.set('entry_key', key); data.set('number', '1');
          data.set('makers', '0'); data.set('card_points_0', '90'); data.set('card_points_1', '72');
          const r = await fetch(form.getAttribute('action').split('#')[0], {method: 'POST',
            body: data, headers: {Accept: 'application/json'}});
          return await r.json();
        }""",
        [keys[0]],
    )
    assert answer["saved"] and not answer["created"] and answer["number"] == 1
    assert len(saved(game)) == 3

    # A reload still shows nothing waiting: the phone's store is empty.
    tab.reload()
    tab.wait_for_selector("#deal-form[data-queue-ready='1']")
    assert tab.locator("#sheet tr.waiting").count() == 0


def test_deals_waiting_survive_a_reload(new_context):
    organiser = make_user("director", Role.ORGANISER)
    game, sides = started_game(organiser)
    context, tab = phone(new_context, f"/m/{sides[0].entry_token}/")
    context.set_offline(True)
    type_deal(tab, 0, (90, 72))
    tab.click("#save-deal")
    tab.wait_for_selector("#offline-status[data-waiting='1']")
    context.set_offline(False)
    # Taken off the network before it was sent? It is still on the phone after a new page.
    tab.wait_for_selector("#deal-1")
    assert saved(game) == [(1, 0, [90, 72])]


def test_an_offline_deal_the_sheet_moved_past_is_asked_about(new_context):
    organiser = make_user("director", Role.ORGANISER)
    game, sides = started_game(organiser)
    context, tab = phone(new_context, f"/m/{sides[0].entry_token}/")

    context.set_offline(True)
    type_deal(tab, 1, (60, 102))
    tab.click("#save-deal")
    tab.wait_for_selector("#offline-status[data-waiting='1']")
    # Meanwhile another phone of the side enters deal 1.
    tournaments_services.token_add_deal(
        side=sides[0],
        game=game,
        deal=scoring.Deal(makers=0, card_points=(90, 72)),
        expected_number=1,
    )

    context.set_offline(False)
    conflict = tab.wait_for_selector("#offline-conflict:not([hidden])")
    said = conflict.inner_text()
    assert "Deal 1 was not sent" in said and "already entered" in said
    assert "P2 made trump; card points 60 – 102" in said
    assert tab.inner_text("#conflict-send-next") == "Send it as the next deal (deal 2)"
    assert tab.is_visible("#conflict-discard")
    # Nothing is saved until the user chooses, retry timer or not.
    assert saved(game) == [(1, 0, [90, 72])]

    tab.click("#conflict-send-next")
    tab.wait_for_selector("#deal-2")
    assert saved(game) == [(1, 0, [90, 72]), (2, 1, [60, 102])]
    tab.wait_for_selector("#offline-conflict", state="hidden")
    assert tab.inner_text("#entry h2") == "Deal 3"


def test_discarding_a_conflicting_deal_saves_nothing(new_context):
    organiser = make_user("director", Role.ORGANISER)
    game, sides = started_game(organiser)
    context, tab = phone(new_context, f"/m/{sides[0].entry_token}/")
    context.set_offline(True)
    type_deal(tab, 1, (60, 102))
    tab.click("#save-deal")
    tab.wait_for_selector("#offline-status[data-waiting='1']")
    tournaments_services.token_add_deal(
        side=sides[0],
        game=game,
        deal=scoring.Deal(makers=0, card_points=(90, 72)),
        expected_number=1,
    )
    context.set_offline(False)
    tab.wait_for_selector("#offline-conflict:not([hidden])")
    tab.click("#conflict-discard")
    tab.wait_for_selector("#offline-conflict", state="hidden")
    tab.reload()
    tab.wait_for_selector("#deal-form[data-queue-ready='1']")
    assert tab.locator("#sheet tr.waiting").count() == 0
    assert saved(game) == [(1, 0, [90, 72])]


def test_a_wrong_deal_offline_is_not_kept(new_context):
    """Offline, the browser's rules refuse what the server would: the message is by the
    field and nothing waits."""
    organiser = make_user("director", Role.ORGANISER)
    _, sides = started_game(organiser)
    context, tab = phone(new_context, f"/m/{sides[0].entry_token}/")
    context.set_offline(True)
    type_deal(tab, 0, (1, 161))
    tab.click("#save-deal")
    tab.wait_for_selector("[data-error-for='queue']")
    assert "cannot happen" in tab.inner_text("#deal-form")
    assert tab.locator("#offline-status[data-waiting='0']").count() == 1


def test_the_entry_page_is_an_app_that_reloads_offline(new_context, live_server):
    """On localhost (a secure page) the service worker registers; with the network gone, a
    reload still shows the entry page, and its deal form still keeps deals."""
    organiser = make_user("director", Role.ORGANISER)
    game, sides = started_game(organiser)
    address = f"/m/{sides[0].entry_token}/"
    context, tab = phone(new_context, address)
    manifest = tab.get_attribute("link[rel='manifest']", "href")
    assert manifest == f"/manifest.webmanifest?start={address.replace('/', '%2F')}"
    data = tab.evaluate("async (url) => (await fetch(url)).json()", manifest)
    assert data["start_url"] == address and data["scope"] == "/"
    assert {icon["sizes"] for icon in data["icons"]} >= {"192x192", "512x512"}
    tab.wait_for_selector("html[data-offline-ready='1']", state="attached")
    # The page is kept once the worker has fetched it (asked by the page on its first visit).
    kept = tab.evaluate(
        """async (path) => {
          for (;;) {
            const hit = await caches.match(location.origin + path);
            if (hit) return true;
            await new Promise(r => setTimeout(r, 100));
          }
        }""",
        address,
    )
    assert kept
    context.set_offline(True)
    tab.reload()
    tab.wait_for_selector("#deal-form[data-queue-ready='1']")
    assert tab.inner_text("#entry h2") == "Deal 1"
    type_deal(tab, 0, (90, 72))
    tab.click("#save-deal")
    tab.wait_for_selector("#offline-status[data-waiting='1']")
    context.set_offline(False)
    tab.wait_for_selector("#deal-1")
    assert saved(game) == [(1, 0, [90, 72])]


def test_the_scorers_game_page_keeps_deals_offline_too(new_context):
    """Clabber on the game's page: one side's card points fill in the other, the offline
    preview says what the deal scores, and two deals wait and land."""
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer)
    context = new_context(client=signed_in(scorer), viewport=PHONE)
    tab = context.new_page()
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1'][data-queue-ready='1']")
    context.set_offline(True)
    tab.check("#id_makers_0")
    tab.fill("#id_card_points_0", "62")
    expect(tab.locator("#preview .preview-summary")).to_have_text(
        "Set (XX): the makers score nothing."
    )
    tab.click("#save-deal")
    tab.wait_for_selector("#offline-status[data-waiting='1']")
    tab.check("#id_makers_1")
    tab.fill("#id_card_points_0", "100")
    tab.click("#save-deal")
    tab.wait_for_selector("#offline-status[data-waiting='2']")
    assert "2 deals waiting to send" in tab.inner_text("#offline-status")
    assert tab.inner_text("#waiting-1 td.mark >> nth=0") == "XX"
    context.set_offline(False)
    tab.wait_for_selector("#deal-2")
    rows = [(d.number, d.makers, d.card_points, d.marks) for d in Deal.objects.filter(game=game)]
    assert rows == [(1, 0, [62, 100], ["XX", "100"]), (2, 1, [100, 62], ["100", "XX"])]


PREVIEW_BOTH = """async ([cases]) => {
  const form = document.getElementById('deal-form');
  const url = form.dataset.previewUrl;
  const out = [];
  for (const fields of cases) {
    const data = new FormData(form);
    for (const key of Array.from(data.keys())) {
      if (/^(makers|belle|renege|void_reason|no_trump|card_points_|meld_|declared_)/.test(key)) {
        data.delete(key);
      }
    }
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    const server = await (await fetch(url, {method: 'POST', body: data})).json();
    const local = window.HicksheetDealForm.localPreview(data);
    out.push([server, local]);
  }
  return out;
}"""


def same_previews(tab, cases) -> None:
    for fields, (server, local) in zip(cases, tab.evaluate(PREVIEW_BOTH, [cases]), strict=True):
        assert local["valid"] == server["valid"], (fields, server, local)
        if server["valid"]:
            for key in ("summary", "sides", "held", "melds", "made"):
                assert local[key] == server[key], (fields, key, server, local)
        else:
            assert local["errors"] == server["errors"], fields


@pytest.mark.parametrize("meld_entry", ["scored", "declared"])
def test_the_offline_preview_says_what_the_server_says(new_context, meld_entry):
    """The form read and scored in the browser gives the server's preview, word for word:
    the summary, each side's mark, the words about declared melds, and the messages."""
    scorer = make_user("sam", Role.SCORER)
    preset = "clabber" if meld_entry == "scored" else "klabberjass-100"
    game = start_game(scorer, preset)
    Game.objects.filter(pk=game.pk).update(meld_entry=meld_entry)
    context = new_context(client=signed_in(scorer), viewport=PHONE)
    tab = context.new_page()
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1']")
    cp = "card_points_0"
    cases = [
        {"makers": "0", cp: "100"},
        {"makers": "0", cp: "62"},
        {"makers": "1", cp: "81"},
        {"makers": "0", cp: "1"},
        {cp: "100"},
        {"makers": "0"},
        {"makers": "0", cp: "abc"},
        {"makers": "0", cp: "300"},
        {"renege": "1"},
        {"renege": "both"},
        {"renege": "both", cp: "100"},
        {"void_reason": "passed"},
        {"void_reason": "passed", "renege": "0"},
        {"makers": "0", cp: "71", "belle": "0"},
    ]
    if meld_entry == "scored":
        cases += [
            {"makers": "0", cp: "71", "meld_0_run3": "1"},
            {"makers": "0", cp: "71", "meld_0_run3": "1", "meld_1_run4": "1"},
            {"makers": "0", cp: "71", "meld_0_four_jacks": "2"},
            {"makers": "0", cp: "71", "meld_0_run3": "9"},
            {"renege": "0", "meld_0_run3": "1", "meld_1_run4": "1"},
        ]
    else:
        cp1 = "card_points_1"
        cases = [{**c, cp1: str(162 - int(c[cp]))} if c.get(cp, "").isdigit() else c for c in cases]
        d0, d1 = "declared_0_0", "declared_1_0"
        cases += [
            {"makers": "0", cp: "81", cp1: "81", f"{d0}_meld": "run3", f"{d0}_card": "K"},
            {
                "makers": "0",
                cp: "81",
                cp1: "81",
                f"{d0}_meld": "run3",
                f"{d0}_card": "K",
                f"{d1}_meld": "run3",
                f"{d1}_card": "K",
            },
            {
                "makers": "1",
                cp: "81",
                cp1: "81",
                f"{d0}_meld": "run4",
                f"{d0}_card": "A",
                f"{d0}_trump": "on",
                f"{d1}_meld": "run4",
                f"{d1}_card": "A",
            },
            {"makers": "0", cp: "81", cp1: "81", f"{d0}_meld": "run3"},
            {"makers": "0", cp: "81", cp1: "81", f"{d0}_meld": "run5", f"{d0}_card": "9"},
            {
                "renege": "0",
                f"{d0}_meld": "run3",
                f"{d0}_card": "K",
                f"{d1}_meld": "run4",
                f"{d1}_card": "A",
            },
        ]
    same_previews(tab, cases)


def test_online_saves_go_on_to_the_page_as_a_plain_save_does(new_context):
    """Online, Save is sent by the script: a wrong deal comes back on the server's page with
    its message (the address is then the form's); the next good one opens the link's page at
    the form, saved once."""
    organiser = make_user("director", Role.ORGANISER)
    game, sides = started_game(organiser)
    address = f"/m/{sides[0].entry_token}/"
    context, tab = phone(new_context, address)
    type_deal(tab, 0, (1, 161))
    with tab.expect_navigation():
        tab.click("#save-deal")
    assert "cannot happen" in tab.inner_text("#deal-form")
    assert "/deals/" in tab.url and saved(game) == []
    tab.wait_for_selector("#deal-form[data-queue-ready='1']")
    type_deal(tab, 0, (90, 72))
    with tab.expect_navigation():
        tab.click("#save-deal")
    tab.wait_for_selector("#deal-1")
    assert tab.url.endswith(f"{address}#entry")
    assert tab.inner_text("#entry h2") == "Deal 2"
    assert saved(game) == [(1, 0, [90, 72])]


def test_a_deal_the_server_will_not_take_waits_for_the_user(new_context):
    """Signed out while the deal waited (the session ended): the answer is a sign-in page,
    not a save. The deal stays on the phone, the page says so, nothing is sent again until
    the user says."""
    from django.contrib.sessions.models import Session

    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer)
    context = new_context(client=signed_in(scorer), viewport=PHONE)
    tab = context.new_page()
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1'][data-queue-ready='1']")
    context.set_offline(True)
    tab.check("#id_makers_0")
    tab.fill("#id_card_points_0", "100")
    tab.click("#save-deal")
    tab.wait_for_selector("#offline-status[data-waiting='1']")
    Session.objects.all().delete()
    context.set_offline(False)
    said = tab.wait_for_selector("#offline-conflict:not([hidden])").inner_text()
    assert "Deal 1 was not sent: the server did not take it." in said
    assert "You were signed out meanwhile. Sign in again in another tab" in said
    assert tab.is_visible("#conflict-try-again") and tab.is_visible("#conflict-discard")
    assert tab.locator("#conflict-send-next").count() == 0
    assert "1 deal waiting to send" in tab.inner_text("#offline-status")
    assert Deal.objects.count() == 0
    # Signed in again in another tab (a new session, a new CSRF token): Try again sends the
    # deal kept on the phone, with the token as it is now.
    other = context.new_page()
    other.goto("/accounts/login/")
    other.fill("#id_username", "sam")
    other.fill("#id_password", PASSWORD)
    with other.expect_navigation():
        other.click("main button[type='submit']")
    tab.click("#conflict-try-again")
    tab.wait_for_function(
        "() => Number(document.querySelector('#offline-status').dataset.waiting || 0) === 0"
    )
    assert list(Deal.objects.values_list("number", "card_points")) == [(1, [100, 62])]
