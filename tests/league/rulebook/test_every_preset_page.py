"""Every preset's rules page reads its own rules in words (RULES.md part two): the contract,
every trick, rounding, belle on a set, bonuses, the queen as highest trump, a boom; a variant's
page says what it changes from its base game; a league's override of a new field is listed in
words; the sources name the rulebooks."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import EntrantKind
from league.rulebook.text import VARIANT_OF, describe, variant_changes
from league.rulebook.views import render_rules
from scoring.rules import PART_TWO_PRESETS, PRESETS, get_ruleset
from tests.league.html import Element, parse, rule_lines, table_rows

pytestmark = pytest.mark.django_db


def rules_page(client: Client, preset: str) -> Element:
    response = client.get(reverse("rules:detail", args=[preset]))
    assert response.status_code == 200, preset
    return parse(response.content)


def changes_table(root: Element, section: str) -> list[list[str]]:
    return [
        [cell.text for cell in row.children if not isinstance(cell, str)]
        for row in next(root.by_id(section).iter("tbody")).iter("tr")
    ]


#: Words each preset's page must hold: the rules that set it apart.
DISTINCTIVE = {
    "klaberjass": ["the opponents score the combined points of both sides"],
    "klaberjass-hang": ["both sides' points are held"],
    "klabberjass-100": ["the side of the elder hand scores its melds"],
    "zensa": ["Four jacks 200"],
    "klaberjass-3": ["each other player scores their own combined points"],
    "klaberjass-4": ["No-trump deals are allowed"],
    "clabber": ["24 cards, nine to ace"],
    "derda": ["Run of 3 30", "What it changes from Klaberjass"],
    "bulka": [
        "Queen (jasek) 20",
        "Nine (minela) 14",
        "the queen takes the jack's 20 points and the jack the queen's 3",
        "Bejle (king and queen of trumps in one hand) 40",
        "Four queens 200",
    ],
    "darda": [
        "Queen (jasek) 20",
        "What it changes from Bulka (Czech, two hands)",
        "the meld worth more wins (here 200, 150, 100, 50 and 20)",
    ],
    "klebias-norm": [
        "this game reckons a deal at 164 card points",
        "Bimah 40: the dealer forced to take trump",
        "Shlomo HaMelech 20: a red king and both black queens, or a black king and both red queens",
        "Cleopatra 20: a red queen and both black jacks, or a black queen and both red jacks",
        "Ménage (K-Q-J of trumps) 50",
        "Three sevens 20",
        "its melds, its belle and its bonuses (the bimah only when it makes it)",
        "the makers' card points, melds, belle and bonuses go to them too",
    ],
    "kalabriasz-3": ["reach the contract, 82, whatever the others have"],
    "kalabriasz-4": ["reach the contract, 82", "What it changes from Four-hand Klaberjass"],
    "clob": ["A schmeiss is always accepted: the dealer has no choice"],
    "klabberjass-belote": ["Tierce (run of 3) 20", "Quinte (run of 5 or more) 100", "carré"],
    "bela-100": ["The first side to reach 100 points wins."],
    "klaverjas": [
        "A game is 16 deals, with no target: after the last deal the higher total wins; equal "
        "totals are a draw.",
        "(nat on the sheet)",
        "At the table such a game is a boom.",
        "a run of three with it is worth 40, a run of four 70",
        "A side that takes every trick (a pit) scores 100 roem more.",
        "(tegenpit)",
        "Each side scores its own melds (roem)",
        "A sheet may write a side's roem as one number",
        "Stuk (king and queen of trumps in one hand) 20",
        "Stuk on a set",
        "Four sevens 100",
        "the other side scores 262 (162 and 100 roem), whatever the card points",
        "KNB and NKU",
    ],
    "belote": [
        "On a tie (a litige) the defenders score their own points now",
        "A side that takes every trick (capot) counts 252 card points instead of 162.",
        "the makers keep their belote-rebelote",
        "(imprenable)",
        "No meld is paid in this game: only belote-rebelote scores.",
        "At the table a failed contract is said to be dedans.",
        "The first side to reach 501 points wins.",
        "Fédération Française de Belote",
    ],
    "belote-annonces": ["Carré of nines 150", "Carré of jacks 200", "What it changes from Belote"],
    "coinche": [
        "the takers bid 80 or more by tens, up to 250, or capot (every trick, worth 250",
        "(contrée, ×2)",
        "(surcontrée, ×4)",
        "reach the bid and beat the defenders'",
        "the takers score their points and the bid",
        "the defenders 160, the bid, every announcement that counted",
        "rounded to the nearest ten, once and last (85 becomes 90",
        "The first side to reach 2000 points wins.",
    ],
}


def test_every_preset_has_its_distinctive_words() -> None:
    assert set(DISTINCTIVE) == set(PRESETS)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_page_reads_its_own_rules(client: Client, preset: str) -> None:
    text = " ".join(rules_page(client, preset).text.split())
    for words in DISTINCTIVE[preset]:
        assert words in text, (preset, words)


@pytest.mark.parametrize("preset", list(VARIANT_OF))
def test_a_variant_page_names_its_base_and_what_it_changes(client: Client, preset: str) -> None:
    root = rules_page(client, preset)
    base = VARIANT_OF[preset]
    section = root.by_id("variant")
    assert f"/rules/{base}/" in {a.attrs.get("href") for a in section.iter("a")}
    rows = changes_table(root, "variant")
    assert rows  # a variant that changed nothing would not be one
    assert len(rows) == len(variant_changes(PRESETS[preset], PRESETS[base]))


def test_what_a_variant_changes_is_computed_from_both_rulesets(client: Client) -> None:
    assert changes_table(rules_page(client, "bela-100"), "variant") == [
        ["Target", "100", "500"],
    ]
    coinche = changes_table(rules_page(client, "coinche"), "variant")
    assert ["Target", "2000", "501"] in coinche
    assert ["Bidding", "yes", "no"] in coinche
    assert ["Rounding", "to the nearest ten", "none"] in coinche
    assert ["Card points on a set", "160", "the deal's card points"] in coinche
    assert [
        "Made when",
        "they reach the contract and beat the opponents",
        "they beat the opponents",
    ] in coinche
    derda = changes_table(rules_page(client, "derda"), "variant")
    assert ["Run of 3", "30", "20"] in derda
    # A game that is no variant has no such section.
    assert "variant" not in {e.attrs.get("id") for e in rules_page(client, "klaverjas").iter()}


def test_the_rules_index_gives_a_boom_its_length_and_names_the_rulebooks(client: Client) -> None:
    root = parse(client.get("/rules/").content)
    rows = list(next(root.by_id("presets").iter("tbody")).iter("tr"))
    klaverjas = rows[list(PRESETS).index("klaverjas")].text
    assert "16 deals" in klaverjas
    sources = rule_lines(root.by_id("sources"))
    assert "KNB and NKU" in sources["The Klaverjas rulebooks"]
    assert "klaverjasunie.nl" in sources["The Klaverjas rulebooks"]
    assert "contree.org" in sources["The Belote rulebooks"]
    assert "Fédération Française de Belote" in sources["The Belote rulebooks"]


def test_overrides_of_the_new_fields_are_listed_and_marked_in_words(rf: RequestFactory) -> None:
    rules = get_ruleset(
        "klaverjas", deals=12, set_award="cards", all_tricks_defenders=False, rounding="ten"
    )
    root = parse(render_rules(rf.get("/"), rules).content)
    assert changes_table(root, "changes") == [
        ["On a set", "the card points only", "both sides' points"],
        ["Deals in a game", "12 deals", "16 deals"],
        ["Rounding", "to the nearest ten", "none"],
        [
            "Every trick for the opponents",
            "earned by the makers only",
            "earned by the opponents too (tegenpit)",
        ],
    ]
    overridden = [
        next(rule.iter("dt")).text for rule in root.iter("div") if rule.has_class("overridden")
    ]
    assert overridden == [
        "Game changed",
        "On a set changed",
        "Every trick changed",
        "Rounding changed",
    ]
    game = rule_lines(root.by_id("game"))
    assert game["Game"].startswith("A game is 12 deals, with no target")
    scoring = rule_lines(root.by_id("scoring"))
    assert "(no tegenpit)" in scoring["Every trick"]
    assert scoring["On a set"] == (
        "The makers score nothing (nat on the sheet) and the opponents score the deal's card "
        "points only: nobody's roem is written."
    )


def test_a_coinche_with_surcontree_by_three_and_the_bid_only(rf: RequestFactory) -> None:
    rules = get_ruleset("coinche", contre_factors=(2, 3), contract_scoring="bid", set_cards=None)
    sheet = describe(rules)
    assert [(c.label, c.value, c.preset_value) for c in sheet.changes] == [
        ("Contrée and surcontrée", "contrée ×2, surcontrée ×3", "contrée ×2, surcontrée ×4"),
        ("A made contract scores", "the bid only", "the takers' points and the bid"),
        ("Card points on a set", "the deal's card points", "160"),
    ]
    lines = {str(line.label): line for line in sheet.scoring}
    assert "(surcontrée, ×3)" in str(lines["Contract"].text) and lines["Contract"].overridden
    assert "the defenders 162, the bid" in str(lines["A made contract scores"].text)


def test_a_league_s_override_of_a_new_field_appears_on_its_rules_page(client, organiser) -> None:
    club = competitions_services.club_create(name="De Hoop")
    competition = competitions_services.competition_create(
        club=club,
        name="Winter klaverjassen",
        rules=get_ruleset("klaverjas", deals=12, all_tricks_defenders=False),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    response = client.get(reverse("competitions:rules", args=[competition.slug]))
    assert response.status_code == 200
    root = parse(response.content)
    assert ["Deals in a game", "12 deals", "16 deals"] in changes_table(root, "changes")
    assert "A game is 12 deals" in rule_lines(root.by_id("game"))["Game"]


@pytest.mark.parametrize("preset", PART_TWO_PRESETS)
def test_no_program_word_reaches_a_part_two_page(client: Client, preset: str) -> None:
    main = rules_page(client, preset)
    text = main.text
    for raw in ("reach_and_beat", "points_and_bid", "all_tricks", "None", "True", "False"):
        assert raw not in text, (preset, raw)
    assert table_rows(main.by_id("meld-values"))  # belle at least


def test_a_belote_partie_of_twelve_deals_reads_as_one() -> None:
    sheet = describe(get_ruleset("belote", deals=12, target=None))
    game = {str(line.label): line for line in sheet.game}
    assert str(game["Game"].text) == (
        "A game is 12 deals, with no target: after the last deal the higher total wins; equal "
        "totals are a draw. At the table such a game is a partie."
    )
    assert game["Game"].overridden
    assert [(c.label, c.value, c.preset_value) for c in sheet.changes] == [
        ("Target", "none: a fixed number of deals", "501"),
        ("Deals in a game", "12 deals", "until a side reaches the target"),
    ]


def scoring_lines(client: Client, preset: str) -> dict[str, str]:
    return rule_lines(rules_page(client, preset).by_id("scoring"))


def test_the_klaverjas_page_says_roem_stuk_nat_and_pit_not_belle(client: Client) -> None:
    root = rules_page(client, "klaverjas")
    text = " ".join(root.text.split())
    assert "only belle" not in text and "melds and belle" not in text
    scoring = rule_lines(root.by_id("scoring"))
    assert scoring["Made"].startswith(
        "Each side's combined points are its card points (last trick included), its roem and "
        "its stuk."
    )
    assert scoring["No trick taken"] == (
        "A side that takes no trick has no roem and no stuk: both are scored in a trick the "
        "side wins."
    )
    assert scoring["On a set"] == (
        "The makers score nothing (nat on the sheet) and the opponents score 162 and the roem "
        "of both sides, stuk and pit included."
    )
    assert scoring["On a tie"].startswith("A tie is nat too")
    assert "262 (162 and 100 roem)" in scoring["On a renege"]
    assert "no other roem or stuk of the deal is written" in scoring["On a renege"]
    assert "no roem of the deal is written" in scoring["Melds on a renege"]
    assert "(tegenpit)" in scoring["Every trick"]


def test_the_coinche_page_scores_a_set_and_a_renege_by_its_contract(client: Client) -> None:
    root = rules_page(client, "coinche")
    text = " ".join(root.text.split())
    assert "opponents score the combined points of both sides" not in text
    scoring = rule_lines(root.by_id("scoring"))
    # The contract's sentences replace part one's set and tie.
    assert "On a set" not in scoring and "On a tie" not in scoring
    assert "Card points on a set" not in scoring
    contract = scoring["A made contract scores"]
    assert "the defenders 160, the bid, every announcement that counted" in contract
    assert "× the factor" in contract
    assert scoring["On a renege"].startswith(
        "A renege by the takers fails their contract, and one by the defenders makes it"
    )
    assert (
        "the takers keep their belote-rebelote" in scoring["Belote-rebelote on a failed contract"]
    )
    assert "rounded to the nearest ten" in scoring["Rounding"]
    assert "Belote-rebelote always scores for the side that holds it." in text
    assert "Belle always scores" not in text


def test_a_coinche_failed_contract_follows_the_set_award() -> None:
    sheet = describe(get_ruleset("coinche", set_award="own"))
    lines = {str(line.label): line for line in sheet.scoring}
    assert "the defenders their own points and the bid" in str(lines["A made contract scores"].text)
    assert lines["A made contract scores"].overridden


@pytest.mark.parametrize(
    ("preset", "words"),
    [
        (
            "belote",
            "The makers score only their belote-rebelote (XX on the sheet when they have "
            "none) and the opponents score all the card points and their own belote-rebelote.",
        ),
        ("bulka", "the makers' card points, melds and bejle go to them too"),
    ],
)
def test_a_set_keeps_the_game_s_word_for_belle(client: Client, preset: str, words: str) -> None:
    assert words in scoring_lines(client, preset)["On a set"]


def test_belle_has_the_game_s_word_wherever_the_page_says_it(client: Client) -> None:
    for preset, word in (("bulka", "bejle"), ("belote", "belote-rebelote"), ("klaverjas", "stuk")):
        scoring = scoring_lines(client, preset)
        for label in ("Made", "On a renege", "No trick taken"):
            assert word in scoring[label], (preset, label)
            assert "belle" not in scoring[label].replace("rebelote", ""), (preset, label)


def test_the_sources_intro_says_only_the_numbered_ones_came_in_spanish(client: Client) -> None:
    for url in ("/rules/", reverse("rules:detail", args=["klaverjas"])):
        intro = next(parse(client.get(url).content).by_id("sources").iter("p")).text
        assert (
            "sources 000 to 002, two articles and a how-to-play page (in Spanish as they "
            "came)" in " ".join(intro.split())
        ), url
        assert "rulebooks of Klaverjas and Belote" in intro


def test_part_one_pages_keep_part_one_s_sentences(client: Client) -> None:
    scoring = scoring_lines(client, "klaberjass")
    assert scoring["No trick taken"] == "A side that takes no trick scores no melds, only belle."
    assert scoring["Made"].startswith(
        "Each side's combined points are its card points (last trick included), its melds and "
        "belle."
    )
    # The three-player game's set speaks of all the sides.
    rules = get_ruleset("klaberjass-3", set_award="own")
    assert "each other player scores their own" in str(
        {str(x.label): x for x in describe(rules).scoring}["On a set"].text
    )


def test_the_presets_table_says_each_game_s_set_and_tie(client: Client) -> None:
    root = parse(client.get("/rules/").content)
    rows = list(next(root.by_id("presets").iter("tbody")).iter("tr"))
    klaverjas = " ".join(rows[list(PRESETS).index("klaverjas")].text.split())
    assert "162 + both sides' roem" in klaverjas and "nat too" in klaverjas
    coinche = " ".join(rows[list(PRESETS).index("coinche")].text.split())
    assert "160 + the bid" in coinche and "the contract fails" in coinche
