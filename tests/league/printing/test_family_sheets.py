"""The sheets of the rest of the family (RULES.md part two) as their players write them: a
Dutch klaverjas boom of 16 deals (points and roem apart, nat and pit marked, the deals still to
play as numbered rows, a drawn boom said so), a coinche game (the contract and its factor,
dedans, capot) and a belote litige; and the blank sheets of every preset (a Dutch tellijst of
16 deals). Games are played through the services, the sheet data checked closely, the PDFs'
text read back."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.charts.figures import game_figure, game_lines, set_deals
from league.competitions import services as competitions_services
from league.games import selectors
from league.games.selectors import sheet_columns
from league.models import EntrantKind, Game
from league.printing.pdf.sheets import (
    BlankSheet,
    GameSheet,
    SheetColumns,
    SheetRow,
    render_blank_sheets,
    render_game_sheet,
)
from league.printing.views import _standings_rules
from scoring import PRESETS, get_ruleset
from scoring.rules import PART_ONE_PRESETS
from tests.builders import FIRST_NIGHT, add, page, pdf_pages, signed_in, start_game
from tests.league.html import Element

AB, CD = "Anna & Ben", "Carl & Dora"

#: A klaverjas boom: (makers, card points, roem, all tricks). Deal 3 is nat (the makers' 80
#: against 82 + 20 roem), deal 4 nat the other way; deal 5 the makers' pit, deal 6 the
#: opponents' (the makers nat); then pairs that leave the totals level: drawn, 1476 each.
BOOM = [
    (0, (90, 72), (20, 0), None),
    (1, (72, 90), (0, 20), None),
    (0, (80, 82), (0, 20), None),
    (1, (82, 80), (20, 0), None),
    (0, (162, 0), (40, 0), 0),
    (0, (0, 162), (0, 40), 1),
] + [(0, (90, 72), (0, 0), None), (1, (72, 90), (0, 0), None)] * 5


def play(game: Game, by, deals) -> Game:
    for makers, cards, roem, every in deals:
        add(game, by, makers=makers, card_points=cards, meld_points=roem, all_tricks=every)
    game.refresh_from_db()
    return game


def pdf_text(pdf: bytes) -> str:
    return "\n".join(pdf_pages(pdf))


def grid_line(text: str, first: str) -> list[str]:
    """The words after ``first`` of the printed grid's row that starts with it (a deal's
    number, "Total"): the grid only, not the chart under it."""
    grid = text.split("The game deal by deal")[0]
    lines = grid.splitlines()
    # The grid starts at its headings: the header above it has lines of words and numbers too.
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == ["Deal"])
    for line in lines[start:]:
        found = line.split()
        if found and found[0] == first:
            return found[1:]
    raise AssertionError(f"no row {first!r} on the sheet")


def cells(row: Element) -> list[str]:
    return [c.text for c in row.iter("td")]


@pytest.fixture
def boom(scorer) -> Game:
    return start_game(scorer, "klaverjas", names=[AB, CD])


# -- klaverjas ----------------------------------------------------------------------------------
def test_a_klaverjas_sheet_keeps_points_and_roem_apart_and_marks_nat_and_pit(boom, scorer):
    play(boom, scorer, BOOM[:9])
    rows = selectors.deal_rows(boom, selectors.game_deals(boom))
    columns = sheet_columns(boom.rules)
    assert columns.roem and not columns.contract and columns.marks == ("nat", "pit")

    def side(row):
        return [(c.points, c.roem, c.total, c.set) for c in rows[row - 1].cells]

    assert side(1) == [("90", "20", 110, False), ("72", "", 72, False)]
    # Nat: the makers' cell reads nat; the opponents score 162 and the roem of both.
    assert side(3) == [("nat", "", 182, True), ("162", "20", 364, False)]
    assert rows[2].marks_text == "nat"
    # The makers' pit: 162 points and 40 roem + 100 for every trick.
    assert side(5) == [("162", "140", 666, False), ("-", "", 364, False)]
    assert rows[4].marks_text == "pit"
    # The opponents' pit (tegenpit): the makers nat, the pit the opponents', named.
    assert side(6) == [("nat", "", 666, True), ("162", "140", 666, False)]
    assert rows[5].marks_text == "nat; pit (Carl & Dora)"
    assert (rows[0].marks_text, rows[0].contract, rows[0].factor) == ("", "", "")

    sheet = selectors.game_sheet_pdf(boom)
    assert (sheet.target, sheet.deals, sheet.drawn, sheet.winner) == (None, 16, False, None)
    assert sheet.side_totals == ((738, 180), (720, 180))
    assert [sum(t) for t in sheet.side_totals] == boom.totals == [918, 900]
    assert sheet.rows[2].points == ("nat", "162") and sheet.rows[2].roem == ("", "20")
    assert sheet.rows[5].marks_text == "nat; pit (Carl & Dora)"
    assert sheet.ruleset_lines[0] == "Klaverjas (Dutch): a game of 16 deals"
    assert sheet.ruleset_lines[1].startswith("On a set: makers nat,")
    assert sheet.next_dealer == "Carl"


def test_the_printed_boom_in_play_numbers_the_deals_still_to_play(boom, scorer):
    play(boom, scorer, BOOM[:9])
    text = pdf_text(render_game_sheet(selectors.game_sheet_pdf(boom)))
    assert "None" not in text and "Target" not in text
    assert "16 deals" in text and "nat / pit" in text
    assert grid_line(text, "Pts") == ["Roem", "Total", "Pts", "Roem", "Total"]
    assert grid_line(text, "1")[:6] == ["90", "20", "110", "72", "72", AB.split()[0]]
    assert grid_line(text, "3")[:6] == ["nat", "182", "162", "20", "364", "nat"]
    assert grid_line(text, "5")[:6] == ["162", "140", "666", "-", "364", "pit"]
    # Deals 10 to 16 are still to play: their rows are there, numbered and empty.
    for number in range(10, 17):
        assert grid_line(text, str(number)) == []
    assert grid_line(text, "Total") == ["738", "180", "918", "720", "180", "900"]
    assert "In progress" in text and "After deal 9 of 16" in text
    assert "a deal in which the makers were set (nat)" in text


def test_a_drawn_boom_is_said_so_on_paper_and_on_the_page(boom, scorer, client: Client):
    play(boom, scorer, BOOM)
    assert boom.drawn and boom.winner is None and boom.totals == [1476, 1476]
    assert boom.result_text == "Drawn, 1476 each"
    assert boom.status_text == "Drawn, 1476 each"

    text = pdf_text(client.get(reverse("printing:game-pdf", args=[boom.pk])).content)
    assert "Drawn, 1476 each" in text
    assert "Winner" not in text and "In progress" not in text and "None" not in text
    assert grid_line(text, "Total") == ["1296", "180", "1476", "1296", "180", "1476"]
    assert grid_line(text, "16")[:6] == ["72", "1476", "90", "1476", "Carl", "&"]

    html = page(client, reverse("games:detail", args=[boom.pk]))
    assert "Drawn, 1476 each" in html.text
    meta = next(p for p in html.iter("p") if p.has_class("meta"))
    assert "a game of 16 deals" in meta.text and "None" not in meta.text
    assert "After deal 16 of 16 the game was drawn, 1476 each." in html.by_id("game-chart").text


def test_the_page_says_which_deal_of_the_boom_and_writes_roem_apart(boom, scorer, client):
    play(boom, scorer, BOOM[:5])
    html = page(client, reverse("games:detail", args=[boom.pk]))
    meta = next(p for p in html.iter("p") if p.has_class("meta"))
    assert "deal 5 of 16" in meta.text and "None" not in meta.text
    sheet = html.by_id("sheet")
    assert [th.text for th in sheet.iter("th") if th.has_class("sub")] == [
        "points",
        "roem",
        "total",
    ] * 2
    assert [th.text for th in sheet.iter("th") if th.has_class("marks")] == ["nat / pit"]
    assert cells(html.by_id("deal-3"))[:7] == ["nat", "", "182", "162", "20", "364", "nat"]
    assert cells(html.by_id("deal-5"))[:7] == ["162", "140", "666", "-", "", "364", "pit"]
    set_cells = [td.text for td in sheet.iter("td") if td.has_class("mark-set")]
    assert set_cells == ["nat", "nat"]
    foot = next(sheet.iter("tfoot"))
    assert cells(foot)[:6] == ["486", "180", "666", "324", "40", "364"]
    assert "deal 5 of 16" in cells(foot)[-1]
    assert "After deal 5 of 16: Anna & Ben 666, Carl & Dora 364." in html.by_id("game-chart").text


# -- belote and coinche ---------------------------------------------------------------------------
def test_a_coinche_sheet_writes_the_contract_its_factor_dedans_and_capot(scorer, client):
    game = start_game(scorer, "coinche", names=[AB, CD])
    add(game, scorer, makers=0, card_points=(110, 52), bid=100, contre=1)
    add(game, scorer, makers=1, card_points=(0, 162), bid="capot", all_tricks=1)
    add(game, scorer, makers=0, card_points=(95, 67), bid=100)
    add(game, scorer, makers=0, card_points=(0, 162), bid=80, all_tricks=1, contre=2)
    game.refresh_from_db()
    columns = sheet_columns(game.rules)
    assert columns.contract and not columns.roem and columns.marks == ("dedans", "capot")
    rows = selectors.deal_rows(game, selectors.game_deals(game))
    assert [(r.contract, r.factor, r.marks, r.marks_text) for r in rows] == [
        ("100", "×2", ("520", "-"), ""),
        ("capot", "", ("-", "500"), "capot"),
        ("100", "", ("XX", "260"), "dedans"),
        ("80", "×4", ("XX", "960"), "dedans; capot (Carl & Dora)"),
    ]

    sheet = selectors.game_sheet_pdf(game)
    assert sheet.columns == columns and sheet.side_totals == ()
    text = pdf_text(render_game_sheet(sheet))
    assert "Contract" in text and "Factor" in text and "Target: 2000" in text
    assert grid_line(text, "1")[:6] == ["100", "×2", "520", "520", "-", "0"]
    assert grid_line(text, "2")[:6] == ["capot", "-", "520", "500", "500", "capot"]
    assert grid_line(text, "3")[:6] == ["100", "XX", "520", "260", "760", "dedans"]
    assert grid_line(text, "Total") == ["520", "1720"]

    html = page(client, reverse("games:detail", args=[game.pk]))
    assert cells(html.by_id("deal-1"))[:6] == ["100", "×2", "520", "520", "-", "0"]
    assert cells(html.by_id("deal-4"))[:7] == [
        "80",
        "×4",
        "XX",
        "520",
        "960",
        "1720",
        "dedans; capot (Carl & Dora)",
    ]


def test_a_belote_litige_holds_the_takers_points_and_a_dedans_keeps_belote(scorer):
    game = start_game(scorer, "belote", names=[AB, CD])
    add(game, scorer, makers=0, card_points=(81, 81))
    add(game, scorer, makers=0, card_points=(100, 62))
    add(game, scorer, makers=1, card_points=(92, 70), belle=1)
    add(game, scorer, makers=1, card_points=(162, 0), belle=0, all_tricks=0)
    game.refresh_from_db()
    rows = selectors.deal_rows(game, selectors.game_deals(game))
    assert [(r.marks, r.marks_text) for r in rows] == [
        (("-", "81"), "litige"),
        (("181", "62"), ""),
        (("162", "20"), "dedans"),  # the takers keep their belote
        (("272", "XX"), "dedans; capot (Anna & Ben)"),
    ]
    assert rows[0].note == "tie: 81 held"
    assert rows[1].note == "Anna & Ben take the 81 held"
    text = pdf_text(render_game_sheet(selectors.game_sheet_pdf(game)))
    assert sheet_columns(game.rules).marks == ("dedans", "capot", "litige")
    assert grid_line(text, "1")[:5] == ["-", "0", "81", "81", "litige"]
    assert "No melds; belote-rebelote 20." in " ".join(text.split())
    assert "Target: 501" in text


def test_printed_standings_say_how_long_a_game_of_fixed_deals_is():
    # Only klaverjas's games are booms; another game of fixed deals is a game of N deals.
    assert _standings_rules(get_ruleset("klaverjas")) == "Klaverjas (Dutch), booms of 16 deals"
    partie = get_ruleset("belote", deals=12, target=None)
    assert _standings_rules(partie) == "Belote (French, classic), games of 12 deals"
    assert _standings_rules(get_ruleset("clabber")).endswith(", games to 500")


def test_part_one_keeps_its_sheet(scorer):
    for preset in PART_ONE_PRESETS:
        assert sheet_columns(get_ruleset(preset)).plain, preset


# -- blank sheets ------------------------------------------------------------------------------
def blank(client: Client, preset: str) -> str:
    response = client.get(
        reverse("printing:blank-sheets"), {"preset": preset, "sheets": "1", "page_size": "A4"}
    )
    assert response.status_code == 200, preset
    return pdf_text(response.content)


def test_a_blank_dutch_tellijst_has_16_deals_points_and_roem(client: Client, db):
    text = blank(client, "klaverjas")
    assert "16 deals" in text and "None" not in text and "Target" not in text
    assert grid_line(text, "Pts") == ["Roem", "Total", "Pts", "Roem", "Total"]
    assert "nat / pit" in text
    for number in range(1, 17):
        assert grid_line(text, str(number)) == []
    with pytest.raises(AssertionError):
        grid_line(text, "17")
    assert "Klaverjas (Dutch): a game of 16 deals" in text


def test_a_blank_coinche_sheet_has_the_contract_and_its_factor(client: Client, db):
    text = blank(client, "coinche")
    assert "Contract" in text and "Factor" in text and "Target: 2000" in text
    assert "Roem" not in text
    assert grid_line(text, "30") == []


def test_every_preset_prints_a_blank_sheet_and_none_says_none(client: Client, db):
    for preset in PRESETS:
        text = blank(client, preset)
        assert "None" not in text, preset
        if preset in PART_ONE_PRESETS:
            assert "Contract" not in text and "Roem" not in text, preset
            assert "Target: 500" in text or "Target: 100" in text, preset


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_every_column_at_once_fits_three_sides(size):
    """A house's variant may keep roem apart, bid and mark in a game of three: the sheet still
    prints, every column in its place."""
    columns = SheetColumns(roem=True, contract=True, marks=("nat", "pit", "litige"))
    rows = tuple(
        SheetRow(
            n,
            ("100", "nat", "62"),
            (100 * n, 0, 62 * n),
            0,
            "",
            points=("80", "nat", "62"),
            roem=("20", "", ""),
            contract="capot",
            factor="×4",
            marks_text="nat; pit (Carl & Dora)",
        )
        for n in range(1, 4)
    )
    sheet = GameSheet(
        title="Three",
        ruleset_name="house",
        ruleset_lines=(),
        side_names=("Anna", "Ben", "Carl"),
        target=None,
        rows=rows,
        totals=rows[-1].running,
        winner=None,
        deals=12,
        columns=columns,
        side_totals=((240, 60), (0, 0), (186, 0)),
        page_size=size,
    )
    text = pdf_text(render_game_sheet(sheet))
    assert grid_line(text, "2")[:9] == ["capot", "×4", "80", "20", "200", "nat", "0", "62", "124"]
    assert grid_line(text, "Total") == ["240", "60", "300", "0", "0", "0", "186", "0", "186"]
    assert grid_line(text, "12") == []
    blank = pdf_text(
        render_blank_sheets([BlankSheet("house", (), 3, target=None, deals=12, columns=columns)])
    )
    assert "12 deals" in blank and "None" not in blank
    assert grid_line(blank, "12") == []


def test_a_klaverjas_league_s_table_pack_prints_tellijsten(organiser):
    club = competitions_services.club_create(name="De Hoop")
    league = competitions_services.competition_create(
        club=club,
        name="Bomen",
        rules=get_ruleset("klaverjas"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    for i in range(1, 5):
        first = competitions_services.player_add(club=club, name=f"Speler {i}a")
        second = competitions_services.player_add(club=club, name=f"Speler {i}b")
        pair = competitions_services.partnership_add(
            club=club, first=first, second=second, name=f"Paar {i}"
        )
        competitions_services.entrant_add(competition=league, partnership=pair)
    competitions_services.fixtures_generate(competition=league, first_date=FIRST_NIGHT)
    address = reverse("printing:round-tables-pdf", args=[league.slug, 1])
    sheets = pdf_pages(signed_in(organiser).get(address, {"lang": "en"}).content)
    assert len(sheets) == 2
    for text in sheets:
        assert "16 deals" in text and "None" not in text and "Target" not in text
        assert grid_line(text, "Pts") == ["Roem", "Total", "Pts", "Roem", "Total"]
        assert grid_line(text, "16") == []


# -- what the engine works out, and the games' own words ------------------------------------
def test_a_pit_the_engine_infers_is_marked_on_the_page_and_on_paper(boom, scorer):
    # Pit left on "Nobody": 162 card points to one side is every trick all the same.
    play(boom, scorer, [(0, (162, 0), (0, 0), None), (0, (0, 162), (0, 0), None)])
    rows = selectors.deal_rows(boom, selectors.game_deals(boom))
    assert [r.marks_text for r in rows] == ["pit", "nat; pit (Carl & Dora)"]
    assert rows[0].cells[0].roem == "100"  # scored as a pit, and now marked as one
    sheet = selectors.game_sheet_pdf(boom)
    assert [r.marks_text for r in sheet.rows] == ["pit", "nat; pit (Carl & Dora)"]


def test_a_dedans_whose_takers_keep_their_belote_is_a_set(scorer):
    game = start_game(scorer, "belote", names=[AB, CD])
    add(game, scorer, makers=0, card_points=(81, 81))  # litige: points held, no set
    add(game, scorer, makers=1, card_points=(92, 70), belle=1)  # dedans, belote kept: "20"
    add(game, scorer, makers=1, card_points=(162, 0), belle=0, all_tricks=0)  # dedans: "XX"
    game.refresh_from_db()
    rows = selectors.deal_rows(game, selectors.game_deals(game))
    assert [r.marks[1] for r in rows] == ["81", "20", "XX"]
    assert [r.sets for r in rows] == [(False, False), (False, True), (False, True)]
    assert [r.sets for r in selectors.game_sheet_pdf(game).rows] == [r.sets for r in rows]
    # The page styles the "20" as the set it is.
    assert [[c.set for c in r.cells] for r in rows] == [
        [False, False],
        [False, True],
        [False, True],
    ]
    figure = game_figure(list(game.side_names), game_lines(rows), 501, set_mark="dedans")
    assert figure is not None
    assert "Carl & Dora went set 2 times (deals 2 and 3)." in figure.summary
    assert figure.table.caption == "Each side's total after each deal (dedans: the makers were set)"
    assert set_deals(game_lines(rows), 2) == [[], [2, 3]]
    assert selectors.set_mark_word(game.rules) == "dedans"


def test_notes_say_stuk_belote_rebelote_and_tierce(scorer):
    klaverjas = start_game(scorer, "klaverjas", names=[AB, CD])
    add(klaverjas, scorer, makers=0, card_points=(90, 72), meld_points=(20, 0), belle=0)
    add(klaverjas, scorer, makers=0, card_points=(81, 81), meld_points=(0, 0))
    rows = selectors.deal_rows(klaverjas, selectors.game_deals(klaverjas))
    assert rows[0].note == "stuk (Anna & Ben)"
    assert rows[1].note == "tie: nat"  # klaverjas's own word, not "counts as a set"
    belote = start_game(scorer, "belote-annonces", names=[AB, CD])
    Game.objects.filter(pk=belote.pk).update(meld_entry="scored")
    belote.refresh_from_db()
    add(belote, scorer, makers=0, card_points=(100, 62), melds=[["run3"], []], belle=1)
    note = selectors.deal_rows(belote, selectors.game_deals(belote))[0].note
    assert note == "Tierce (run of 3) (Anna & Ben); belote-rebelote (Carl & Dora)"
    text = pdf_text(render_game_sheet(selectors.game_sheet_pdf(belote)))
    assert "belote-rebelote" in text and "belle (" not in text
