"""The browser's copy of the scoring rules (static/js/rules.js) agrees with the engine.

rules.js scores the deal being typed while the phone is offline, so it must score every deal
as ``scoring.score_deal`` does: the same points, marks, made/set, tie, held points, winner,
roem and contract, and the same refusals (the same field, side and words). It gets the game's
whole ruleset from the page (league/games/ruleset_data.py), as these tests give it. Checked in
Chromium, every preset: RULES.md's worked examples, hand-picked deals, seeded-random deals under
random house rules (part two's inputs included: roem as a number, all tricks, bid and contrée,
bonuses), then whole games (running totals, a boom's end) and the preview's words about
declared melds. Each test scores all its deals in one ``evaluate`` on one page.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from league.games.ruleset_data import resolved_ruleset_data
from league.games.selectors import declared_winner_text, renege_melds_text
from scoring import PRESETS, Deal, Declared, InvalidDeal, get_ruleset, score_deal
from scoring.game import play_game
from scoring.rules import MELD_KINDS, PART_TWO_PRESETS, InvalidRuleset, Ruleset

RULES_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "rules.js"
FIELDS = (
    "points",
    "marks",
    "made",
    "combined",
    "held",
    "paid_held",
    "winner",
    "void",
    "renege",
    "tied",
    "meld_points",
    "meld_side",
    "all_tricks",
    "contract",
    "factor",
    "scored_meld_points",
)
#: Scores every case in the browser: one call for a whole table. The rulesets go once each
#: (``rules``), the cases name theirs by index.
#: In and out as JSON text: Playwright passes one string far faster than thousands of objects.
SCORE_ALL = """text => {
  const {rules, cases} = JSON.parse(text);
  return JSON.stringify(cases.map(c => {
    const state = {held: c.held, side_names: c.names};
    const r = HicksheetRules.scoreDeal(rules[c.rules], c.deal, state);
    if (r.valid) return Object.assign({valid: true}, r.result);
    return {valid: false, message: r.error.message, field: r.error.field, side: r.error.side};
  }));
}"""
#: Plays whole games, one a [rules, deals] pair, as JSON text.
PLAY_ALL = (
    """text => JSON.stringify(JSON.parse(text).map(g => HicksheetRules.playOn(g[0], g[1], {})))"""
)


@pytest.fixture
def js(browser):
    tab = browser.new_page()
    tab.set_content("<!doctype html><title>rules</title>")
    tab.add_script_tag(path=str(RULES_JS))
    yield tab
    tab.close()


def data(rules: Ruleset) -> dict[str, Any]:
    """The ruleset as the deal form gives it to rules.js."""
    return resolved_ruleset_data(rules)


def deal_json(deal: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in deal.items()}


def engine_deal(given: dict[str, Any]) -> Deal:
    """The engine's Deal from the JSON the browser gets; a declared meld that cannot exist
    raises InvalidDeal here, as it does when a form builds it."""
    given = dict(given)
    if given.get("declared") is not None:
        given["declared"] = tuple(
            tuple(Declared(m["form"], m["length"], m["top"], m.get("trump", False)) for m in side)
            for side in given["declared"]
        )
    if given.get("melds"):
        given["melds"] = tuple(tuple(kinds) for kinds in given["melds"])
    return Deal(**given)


def engine(rules: Ruleset, given: dict[str, Any], held: int, names) -> dict[str, Any]:
    try:
        result = score_deal(rules, engine_deal(given), held=held, side_names=names)
    except InvalidDeal as error:
        return {
            "valid": False,
            "message": error.message,
            "field": error.field,
            "side": error.side,
        }
    out = {name: getattr(result, name) for name in FIELDS}
    return {"valid": True, **json.loads(json.dumps(out))}


def browser_results(js, cases: list[tuple[Ruleset, dict[str, Any], int]], names=None) -> list:
    """What rules.js makes of each case (ruleset, deal, held), in one call."""
    index: dict[Ruleset, int] = {}
    for rules, _, _ in cases:
        index.setdefault(rules, len(index))
    payload = {
        "rules": [data(rules) for rules in index],
        "cases": [
            {"rules": index[rules], "deal": deal_json(d), "held": held, "names": names}
            for rules, d, held in cases
        ],
    }
    return json.loads(js.evaluate(SCORE_ALL, json.dumps(payload)))


def check_agree(js, cases: list[tuple[Ruleset, dict[str, Any], int]], names=None) -> int:
    """Score every case both ways, in one call to the browser; fail on the first field that
    differs, a refusal's field, side and words included. Returns how many were valid (so a
    test can tell its table is not all refusals)."""
    got = browser_results(js, cases, names)
    valid = 0
    for (rules, d, held), mine in zip(cases, got, strict=True):
        want = engine(rules, d, held, names)
        where = f"{rules.preset} {rules.overrides()} held={held} deal={d}"
        assert mine["valid"] == want["valid"], f"{where}: browser {mine}, engine {want}"
        if want["valid"]:
            valid += 1
            for name in FIELDS:
                assert mine[name] == want[name], f"{where}: {name} {mine[name]!r} != {want[name]!r}"
        else:
            for name in ("message", "field", "side"):
                assert mine[name] == want[name], f"{where}: {name} {mine[name]!r} != {want[name]!r}"
    return valid


def test_the_browser_has_no_presets_of_its_own(js):
    """rules.js scores with the ruleset the page gives it, every field; a preset's name alone
    is not enough (no second copy of the presets to fall out of step)."""
    assert js.evaluate("typeof HicksheetRules.PRESETS") == "undefined"
    refused = js.evaluate(
        """() => { try { HicksheetRules.scoreDeal({preset: "klaverjas", overrides: {}},
                     {makers: 0, card_points: [90, 72]}); return false; }
                   catch (e) { return true; } }"""
    )
    assert refused
    # A house rule reaches the browser through the data: a game to 16 deals of 164.
    house = get_ruleset("clabber", deal_total=164, target=None, deals=16)
    assert js.evaluate("r => HicksheetRules.dealTotal(r, false)", data(house)) == 164


def R(length: int, top: str, trump: bool = False) -> dict[str, Any]:
    return {"form": "run", "length": length, "top": top, "trump": trump}


def F(rank: str) -> dict[str, Any]:
    return {"form": "four", "length": 4, "top": rank, "trump": False}


def table(rules: Ruleset) -> list[tuple[dict[str, Any], int]]:
    """Hand-picked deals for a ruleset: (deal, held)."""
    two = rules.sides == 2
    total = rules.deal_total

    def pts(a: int, b: int | None = None, c: int | None = None) -> list[int]:
        if rules.sides == 3:
            return [a, b if b is not None else 0, c if c is not None else total - a - (b or 0)]
        return [a, total - a if b is None else b]

    rows: list[tuple[dict[str, Any], int]] = [
        ({"makers": 0, "card_points": pts(100, 62)}, 0),  # made
        ({"makers": 0, "card_points": pts(62, 100)}, 0),  # set
        ({"makers": 1, "card_points": pts(81, 81)}, 0),  # tie
        ({"makers": 0, "card_points": pts(81, 81), "melds": [["run3"], []]}, 0),
        ({"makers": 0, "card_points": pts(71, 91), "melds": [["run3"], []]}, 0),  # melds make it
        ({"makers": 0, "card_points": pts(61, 101), "melds": [["run3"], []], "belle": 0}, 0),
        ({"makers": 0, "card_points": pts(0, 162), "melds": [["run4"], []]}, 0),  # trickless
        ({"makers": 0, "card_points": pts(0, 162), "melds": [["run4"], []], "tricks": []}, 0),
        ({"makers": 1, "card_points": pts(162, 0), "belle": 1}, 0),
        ({"makers": 0, "renege": 1}, 0),
        ({"makers": 0, "renege": 0, "melds": [["run3"], []], "belle": 0}, 0),
        ({"renege": 1, "melds": [["run3"], ["run4"]]}, 0),
        ({"renege": "both"}, 0),
        ({"renege": "both", "card_points": pts(100, 62)}, 0),  # refused
        ({"void": True}, 0),
        ({"void": True, "renege": 0}, 0),  # refused
        ({"makers": None, "card_points": pts(100, 62)}, 0),  # refused: no makers
        ({"makers": 0}, 0),  # refused: no card points
        ({"makers": 0, "card_points": pts(1, 161)}, 0),  # refused
        ({"makers": 0, "card_points": pts(4, 4, 0) if not two else [4, 4]}, 0),  # < 10
        ({"makers": 0, "card_points": pts(100, 100)}, 0),  # too many
        ({"makers": 0, "card_points": pts(100, 62), "melds": [["run3"], ["run3"]]}, 0),
        ({"makers": 0, "card_points": pts(100, 62), "melds": [["run5", "run5", "run5"], []]}, 0),
        ({"makers": 0, "card_points": pts(100, 62), "melds": [["four_jacks"], []]}, 0),
        ({"makers": 0, "card_points": pts(100, 62), "melds": [["four_A", "four_A"], []]}, 0),
        ({"makers": 3, "card_points": pts(100, 62)}, 0),  # no such side
        ({"makers": 0, "card_points": pts(100, 62), "no_trump": True}, 0),
        ({"makers": 0, "card_points": [80, 50], "no_trump": True}, 0),
        ({"makers": 0, "card_points": [80, 50], "no_trump": True, "belle": 0}, 0),
        ({"makers": 0, "card_points": pts(100, 62), "tricks": [5, rules.cards_each - 5]}, 0),
        ({"makers": 0, "card_points": pts(100, 62), "tricks": [9, 9]}, 0),
        ({"makers": 0, "card_points": pts(162, 0), "tricks": [rules.cards_each, 0]}, 0),
        # declared melds
        (
            {"makers": 0, "card_points": pts(90, 72), "declared": [[R(3, "K", True)], [R(3, "K")]]},
            0,
        ),
        ({"makers": 0, "card_points": pts(90, 72), "declared": [[R(3, "K")], [R(3, "K")]]}, 0),
        (
            {
                "makers": 0,
                "card_points": pts(90, 72),
                "declared": [[R(3, "K")], [R(3, "K")]],
                "elder": 1,
            },
            0,
        ),
        ({"makers": 1, "card_points": pts(90, 72), "declared": [[F("A")], [R(4, "A")]]}, 0),
        ({"makers": 1, "card_points": pts(90, 72), "declared": [[F("J")], [F("9")]]}, 0),
        ({"makers": 1, "card_points": pts(90, 72), "declared": [[F("A")], [R(3, "A")]]}, 0),
        ({"makers": 1, "card_points": pts(90, 72), "declared": [[R(3, "9")], []]}, 0),
        (
            {
                "makers": 1,
                "card_points": pts(90, 72),
                "declared": [[R(3, "K", True)], [R(4, "A", True)]],
            },
            0,
        ),
        ({"makers": 1, "card_points": pts(90, 72), "declared": [[R(9, "A")], []]}, 0),
        ({"makers": 1, "card_points": pts(90, 72), "declared": [[R(2, "A")], []]}, 0),
        ({"makers": 1, "card_points": pts(90, 72), "declared": [[F("8")], []]}, 0),
        ({"makers": 1, "card_points": pts(90, 72), "declared": [[R(5, "A"), R(5, "A")], []]}, 0),
        (
            {
                "makers": 1,
                "card_points": pts(90, 72),
                "declared": [[R(3, "A")], [R(3, "A"), R(3, "A"), R(3, "A")]],
            },
            0,
        ),
        (
            {
                "makers": 0,
                "card_points": pts(90, 72),
                "declared": [[R(3, "K")], []],
                "melds": [["run3"], []],
            },
            0,
        ),
        ({"renege": 0, "declared": [[R(3, "K")], [R(4, "A")]]}, 0),
        ({"renege": 1, "declared": [[R(3, "K")], [R(4, "A")]]}, 0),
        ({"renege": 1, "declared": [[R(3, "K")], [R(3, "K")]]}, 0),
        ({"makers": 0, "card_points": pts(90, 72), "declared": [[], []]}, 0),
    ]
    if two:
        rows += [
            ({"makers": 0, "card_points": [100, 62]}, 40),  # made takes the held
            ({"makers": 0, "card_points": [62, 100]}, 40),  # set: the opponent takes them
            ({"makers": 0, "card_points": [81, 81]}, 40),  # ties again
            ({"renege": 0}, 40),
            ({"void": True}, 40),
            ({"renege": "both"}, 162),
        ]
    if rules.sides == 3:
        rows += [
            ({"makers": 0, "card_points": [60, 60, 42]}, 0),
            ({"makers": 2, "card_points": [70, 40, 52]}, 0),
            ({"makers": 0, "card_points": [60, 50, 30]}, 0),
            ({"renege": 2, "melds": [["run3"], [], ["run4"]]}, 0),
        ]
    return rows


HOUSE_RULES: list[dict[str, Any]] = [
    {},
    {"tie_rule": "hang"},
    {"tie_rule": "set"},
    {"tie_rule": "own"},
    {"set_award": "own"},
    {"set_award": "all", "tie_rule": "set"},
    {"trickless_melds": "kept"},
    {"trickless_melds": "void"},
    {"meld_tie": "elder"},
    {"renege_melds": "scored"},
    {"renege_melds": "scored", "meld_tie": "elder"},
    {"meld_values": {"run5": 150, "four_jacks": 200, "four_9": None}},
    {"belle_value": 0, "renege_award": 100},
]

#: Part two's ideas, each a field any preset may take (RULES.md part two's options among them).
FAMILY_RULES: list[dict[str, Any]] = [
    {"tie_rule": "litige"},
    {"tie_rule": "made"},
    {"rounding": "ten_down"},
    {"set_award": "cards"},
    {"renege_melds": "counted"},
    {"renege_melds": "none"},
    {"belle_on_set": "kept"},
    {"rounding": "ten"},
    {"made_when": "reach", "contract": 82},
    {"made_when": "reach_and_beat", "contract": 90},
    {"meld_scoring": "each"},
    {"meld_entry": "declared"},
    {"all_tricks": "bonus", "all_tricks_value": 100},
    {"all_tricks": "capot", "all_tricks_value": 250, "all_tricks_defenders": False},
    {"set_cards": 160},
    {"deal_total": 164},
    {"deals": 12, "target": None},
    {"bonus_values": {"shlomo": 20, "bimah": 40}},
    {"meld_values": {"four_7": 50, "three_A": 20, "menage": 50}},
    {"contre_factors": [2, 3], "bid_max": 160, "contract_scoring": "bid"},
]


def variants(name: str, house: list[dict[str, Any]] = HOUSE_RULES) -> list[Ruleset]:
    out = []
    for overrides in house:
        try:
            out.append(get_ruleset(name, **overrides))
        except InvalidRuleset:
            continue  # three-hand games refuse 'hang' and 'all'; coinche's fields its own
    return out


def test_hand_picked_deals_agree(js):
    cases = [
        (rules, deal, held if rules.sides == 2 else 0)
        for name in PRESETS
        for rules in variants(name)
        for deal, held in table(rules)
    ]
    assert check_agree(js, cases) > len(cases) // 6
    # With the sides named, as the pages score.
    named = [
        (rules, deal, held)
        for rules, deal, held in cases
        if rules.sides == 2 and rules == PRESETS[rules.preset]
    ]
    check_agree(js, named, names=["Anna & Ben", "Carl & Dora"])
    three = [(r, d, h) for r, d, h in cases if r.sides == 3 and r == PRESETS[r.preset]]
    check_agree(js, three, names=["Anna", "Ben", "Cleo"])


# RULES.md part two's worked examples: (preset, deal, the points the rules give).
WORKED_EXAMPLES: list[tuple[str, dict[str, Any], tuple[int, ...] | None]] = [
    ("derda", {"makers": 0, "card_points": [50, 60], "melds": [["run3"], []]}, (80, 60)),
    ("darda", {"makers": 0, "card_points": [60, 102], "melds": [[], ["four_Q"]]}, (0, 362)),
    ("darda", {"makers": 0, "card_points": [60, 102], "declared": [[], [F("Q")]]}, (0, 362)),
    ("bulka", {"makers": 0, "card_points": [60, 70], "belle": 0}, (100, 70)),
    (
        "klebias-norm",
        {"makers": 0, "card_points": [80, 84], "melds": [["run3"], ["four_K"]]},
        (0, 214),
    ),
    (
        "klebias-norm",
        {
            "makers": 0,
            "card_points": [80, 84],
            "declared": [[R(3, "9")], [{"form": "four", "length": 4, "top": "K"}]],
        },
        (0, 214),
    ),
    ("klebias-norm", {"makers": 0, "card_points": [90, 74], "melds": [["menage"], []]}, (140, 74)),
    (
        "klebias-norm",
        {"makers": 0, "card_points": [90, 74], "declared": [[R(3, "K", True)], []]},
        (140, 74),
    ),
    ("klebias-norm", {"makers": 0, "card_points": [90, 74], "bonuses": [["bimah"], []]}, (130, 74)),
    ("klebias-norm", {"makers": 0, "card_points": [90, 72]}, None),
    ("kalabriasz-3", {"makers": 0, "card_points": [82, 40, 40]}, (82, 40, 40)),
    ("klaverjas", {"makers": 0, "card_points": [90, 72], "meld_points": [20, 0]}, (110, 72)),
    ("klaverjas", {"makers": 0, "card_points": [80, 82], "meld_points": [0, 20]}, (0, 182)),
    ("klaverjas", {"makers": 0, "card_points": [81, 81]}, (0, 162)),
    ("klaverjas", {"makers": 0, "card_points": [80, 82], "meld_points": [20, 50]}, (0, 232)),
    (
        "klaverjas",
        {"makers": 0, "card_points": [162, 0], "meld_points": [40, 0], "all_tricks": 0},
        (302, 0),
    ),
    ("klaverjas", {"makers": 0, "renege": 1}, (262, 0)),
    ("klaverjas", {"makers": 0, "card_points": [90, 72], "meld_points": [30, 0]}, None),
    ("belote", {"makers": 0, "card_points": [90, 72], "belle": 0}, (110, 72)),
    ("belote", {"makers": 0, "card_points": [70, 92], "belle": 0}, (20, 162)),
    ("belote", {"makers": 0, "card_points": [90, 72], "belle": 1}, (0, 182)),
    ("belote", {"makers": 0, "card_points": [162, 0], "belle": 0, "all_tricks": 0}, (272, 0)),
    ("belote", {"makers": 0, "card_points": [81, 81]}, (0, 81)),
    (
        "belote-annonces",
        {"makers": 0, "card_points": [60, 102], "melds": [["run3"], []]},
        (0, 182),
    ),
    (
        "belote-annonces",
        {"makers": 0, "card_points": [90, 72], "melds": [["run3"], ["run4"]]},
        (0, 212),
    ),
    (
        "belote-annonces",
        {"makers": 0, "card_points": [90, 72], "declared": [[R(3, "K")], [R(4, "A")]]},
        (0, 212),
    ),
    ("coinche", {"makers": 0, "card_points": [110, 52], "bid": 100}, (210, 50)),
    ("coinche", {"makers": 0, "card_points": [95, 67], "bid": 100}, (0, 260)),
    ("coinche", {"makers": 0, "card_points": [110, 52], "bid": 100, "contre": 1}, (520, 0)),
    ("coinche", {"makers": 0, "card_points": [89, 73], "bid": 90}, (0, 250)),
    (
        "coinche",
        {"makers": 0, "card_points": [82, 80], "bid": 80, "melds": [[], ["run3"]]},
        (0, 260),
    ),
    (
        "coinche",
        {"makers": 0, "card_points": [162, 0], "bid": "capot", "all_tricks": 0},
        (500, 0),
    ),
    ("coinche", {"makers": 0, "card_points": [150, 12], "bid": "capot"}, (0, 410)),
    # The refusals the issue names.
    (
        "klaverjas",
        {"makers": 0, "card_points": [162, 0], "all_tricks": 0, "meld_points": [0, 20]},
        None,
    ),
    ("klaverjas", {"makers": 0, "card_points": [152, 10], "all_tricks": 0}, None),
    ("coinche", {"makers": 0, "card_points": [110, 52], "bid": 95}, None),
    ("coinche", {"makers": 0, "card_points": [110, 52], "bid": 70}, None),
    ("coinche", {"makers": 0, "card_points": [110, 52], "bid": 100, "contre": 3}, None),
    ("klebias-norm", {"makers": 0, "card_points": [90, 74], "bonuses": [["jackpot"], []]}, None),
    ("clabber", {"makers": 0, "card_points": [80, 82], "melds": [["four_7"], []]}, None),
    ("clabber", {"makers": 0, "card_points": [80, 82], "declared": [[F("7")], []]}, None),
    # Exactness: fours that carry their rank, belle against the other side's melds.
    (
        "clabber",
        {"makers": 0, "card_points": [80, 82], "melds": [["four_jacks", "run4"], []]},
        None,
    ),
    ("clabber", {"makers": 0, "card_points": [80, 82], "melds": [["four_Q", "run5"], []]}, None),
    (
        "clabber",
        {"makers": 0, "card_points": [80, 82], "declared": [[], [R(3, "K", True)]], "belle": 0},
        None,
    ),
    (
        "clabber",
        {"makers": 0, "card_points": [80, 82], "melds": [[], ["four_K"]], "belle": 0},
        None,
    ),
]


def test_worked_examples_of_part_two_agree(js):
    cases = [(PRESETS[name], deal, 0) for name, deal, _ in WORKED_EXAMPLES]
    check_agree(js, cases)
    for name, deal, expected in WORKED_EXAMPLES:
        try:
            got: tuple[int, ...] | None = score_deal(PRESETS[name], engine_deal(deal)).points
        except InvalidDeal:
            got = None
        assert got == expected, (name, deal)
    # Litige, then the next winner takes the held points; a boom's 16 even deals: drawn.
    games = [
        (
            "belote",
            [{"makers": 0, "card_points": [81, 81]}, {"makers": 0, "card_points": [100, 62]}],
        ),
        ("klaverjas", [{"makers": n % 2, "card_points": [81, 81]} for n in range(17)]),
        ("klaverjas", [{"makers": n % 2, "card_points": [81, 81]} for n in range(16)]),
    ]
    mine = json.loads(
        js.evaluate(PLAY_ALL, json.dumps([[data(PRESETS[name]), deals] for name, deals in games]))
    )
    assert mine[0]["running"] == [[0, 81], [181, 143]] and mine[0]["held"] == 0
    with pytest.raises(InvalidDeal) as caught:
        play_game(PRESETS["klaverjas"], [engine_deal(d) for d in games[1][1]])
    assert not mine[1]["valid"] and mine[1]["error"]["message"] == caught.value.message
    assert mine[2]["finished"] and mine[2]["drawn"] and mine[2]["winner"] is None


def random_meld(rng: random.Random) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.25:
        return F(rng.choice(["J", "9", "A", "10", "K", "Q", "8", "7"]))
    if roll < 0.35:
        return {"form": "three", "length": 3, "top": rng.choice(["A", "K", "Q", "J", "7"])}
    length = rng.choice([3, 3, 3, 4, 4, 5, 6, 9])
    return R(length, rng.choice(["9", "10", "J", "Q", "K", "A", "8"]), rng.random() < 0.4)


ROEM_ITEMS = [20, 20, 50, 50, 100, 200, 40, 70]
ROEM = [0, 0, 0, 20, 20, 40, 50, 70, 100, 120, 200, 10, 30, 300, 420, 1000, 500]


def random_deal(rng: random.Random, rules: Ruleset) -> tuple[dict[str, Any], int]:
    sides = rules.sides
    deal: dict[str, Any] = {}
    no_trump = rules.no_trump_allowed and rng.random() < 0.2
    total = 130 if no_trump else rules.deal_total
    if no_trump:
        deal["no_trump"] = True
    roll = rng.random()
    if roll < 0.08:
        deal["void"] = True
        if rng.random() < 0.2:
            deal["renege"] = rng.choice([0, "both"])
    elif roll < 0.2:
        deal["renege"] = rng.choice([*range(sides), "both"])
    deal["makers"] = rng.choice([*range(sides), *range(sides), None if rng.random() < 0.1 else 0])
    if "void" not in deal and (deal.get("renege") is None or rng.random() < 0.3):
        cut = rng.choice([0, 10, 40, 60, 71, 80, 81, 82, 90, 100, 120, 152, total, 1])
        if sides == 3:
            b = rng.randint(0, total - cut)
            points = [cut, b, total - cut - b - rng.choice([0, 0, 0, 10])]
        else:
            short = 0 if rules.all_cards_played or rng.random() < 0.7 else 20
            points = [cut, total - cut - short]
        deal["card_points"] = points
        if rng.random() < 0.1:
            deal["tricks"] = [rules.cards_each - 1] + [1] + [0] * (sides - 2)
        if rng.random() < (0.4 if rules.all_tricks != "none" else 0.05):
            # Mostly the side that holds every card point: a pit, a capot.
            side = rng.randrange(sides)
            if rng.random() < 0.8:
                points = [total if s == side else 0 for s in range(sides)]
                deal["card_points"] = points
            deal["all_tricks"] = side
    if rules.meld_scoring == "each" and rng.random() < 0.5:
        deal["meld_points"] = [
            rng.choice(ROEM)
            if rng.random() < 0.3
            else sum(rng.choices(ROEM_ITEMS, k=rng.randrange(4)))
            for _ in range(sides)
        ]
    elif rng.random() < 0.3:
        deal["declared"] = [
            [random_meld(rng) for _ in range(rng.choice([0, 0, 1, 1, 2]))] for _ in range(sides)
        ]
        if rng.random() < 0.7:
            deal["elder"] = rng.randrange(sides)
    elif rng.random() < 0.45:
        melder = rng.randrange(sides)
        paid = list(rules.meld_values) or list(MELD_KINDS)
        deal["melds"] = [
            [
                rng.choice(paid if rng.random() < 0.85 else MELD_KINDS)
                for _ in range(rng.choice([1, 1, 2, 3]))
            ]
            if s == melder or rng.random() < 0.3
            else []
            for s in range(sides)
        ]
    if rng.random() < 0.3:
        deal["belle"] = rng.randrange(sides)
    if rules.bidding or rng.random() < 0.03:
        if rng.random() < 0.9:
            deal["bid"] = rng.choice(
                [80, 80, 90, 100, 100, 110, 120, 160, 250, "capot", 95, 70, 260]
            )
        if rng.random() < 0.5:
            deal["contre"] = rng.choice([0, 1, 1, 1, 2, 2, 3])
    if (rules.bonus_values or rng.random() < 0.03) and rng.random() < 0.6:
        deal["bonuses"] = [
            rng.sample(
                ["bimah", "shlomo", "cleopatra", "shlomo", "jackpot"], rng.choice([0, 0, 1, 2])
            )
            for _ in range(sides)
        ]
    held = rng.choice([0, 0, 40, 162]) if sides == 2 and rules.tie_rule in ("hang", "litige") else 0
    return deal, held


def all_variants() -> list[Ruleset]:
    return [rules for name in PRESETS for rules in variants(name, HOUSE_RULES + FAMILY_RULES)]


def test_random_deals_agree(js):
    rng = random.Random(11)
    everyone = all_variants()
    cases = []
    # Every preset as it is, and every variant of it; then more of part two's.
    for name in PRESETS:
        for _ in range(60):
            cases.append((PRESETS[name], *random_deal(rng, PRESETS[name])))
    for _ in range(1500):
        rules = rng.choice(everyone)
        cases.append((rules, *random_deal(rng, rules)))
    for _ in range(600):
        rules = PRESETS[rng.choice(PART_TWO_PRESETS)]
        cases.append((rules, *random_deal(rng, rules)))
    # The games with most to score: roem as a number, contracts and their doubling.
    for name in ("klaverjas", "coinche"):
        house = variants(name, HOUSE_RULES + FAMILY_RULES)
        for _ in range(300):
            rules = rng.choice(house)
            cases.append((rules, *random_deal(rng, rules)))
    valid = check_agree(js, cases)
    # Enough of both kinds to mean something.
    assert len(cases) // 5 < valid < len(cases) * 4 // 5


def real_meld(rng: random.Random, rules: Ruleset) -> dict[str, Any]:
    """A meld some hand of the game's deck may hold (whether the others allow it is the
    check's to say)."""
    lowest = 2 if rules.deck_size == 24 else 0
    ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"][lowest:]
    roll = rng.random()
    if roll < 0.3:
        return F(rng.choice(ranks))
    if roll < 0.4:
        return {"form": "three", "length": 3, "top": rng.choice(ranks)}
    length = rng.choice([3, 3, 4, 4, 5, 6])
    if length > len(ranks):
        length = 3
    return R(length, rng.choice(ranks[length - 1 :]), rng.random() < 0.4)


def test_meld_checks_agree(js):
    """The exact meld checks (scoring/melds.py: melds entered as kinds, declared with ranks,
    belle against either side's melds, roem as a number) refuse the same deals, in the same
    words: both sides' melds on a renege, where each side's are checked together."""
    rng = random.Random(23)
    games = [
        PRESETS["clabber"],
        PRESETS["klaberjass"],
        PRESETS["klaberjass-3"],
        PRESETS["zensa"],
        PRESETS["klebias-norm"],
        PRESETS["klaverjas"],
        PRESETS["belote-annonces"],
        get_ruleset("klaberjass-4", meld_values={"four_7": 50, "three_K": 20, "menage": 50}),
    ]
    cases = []
    for rules in games:
        kinds = list(rules.meld_values)
        for _ in range(250):
            deal: dict[str, Any] = {"renege": rng.randrange(rules.sides)}
            if rng.random() < 0.5:
                deal["melds"] = [
                    rng.sample(kinds, min(len(kinds), rng.choice([0, 1, 2, 2, 3, 4])))
                    for _ in range(rules.sides)
                ]
            else:
                deal["declared"] = [
                    [
                        real_meld(rng, rules) if rng.random() < 0.85 else random_meld(rng)
                        for _ in range(rng.choice([0, 1, 2, 2, 3]))
                    ]
                    for _ in range(rules.sides)
                ]
            if rng.random() < 0.5:
                deal["belle"] = rng.randrange(rules.sides)
            cases.append((rules, deal, 0))
        if rules.meld_scoring == "each":
            for _ in range(300):
                roem = [sum(rng.choices(ROEM_ITEMS, k=rng.randrange(6))) for _ in range(2)]
                if rng.random() < 0.2:
                    roem[rng.randrange(2)] += rng.choice([10, 30, 20, 100, 1000])
                deal = {"renege": 1, "meld_points": roem}
                if rng.random() < 0.4:
                    deal["belle"] = rng.randrange(2)
                cases.append((rules, deal, 0))
    valid = check_agree(js, cases)
    assert len(cases) // 5 < valid < len(cases) * 4 // 5


def test_games_agree_on_running_totals(js):
    """Deals one after another (held points carried, the game over at the target or after
    its fixed number of deals): the browser's running totals are the engine's."""
    rng = random.Random(7)
    games = []
    for name in PRESETS:
        games_of = [{"tie_rule": "litige"}, {"tie_rule": "made"}, {"deals": 12, "target": None}]
        for rules in variants(name, HOUSE_RULES[:4] + games_of):
            deals: list[dict[str, Any]] = []
            while len(deals) < 30:
                deal, _ = random_deal(rng, rules)
                try:
                    score_deal(rules, engine_deal(deal))
                except (InvalidDeal, ValueError):
                    continue
                deals.append(deal)
            games.append((rules, deals))
    played = [[data(rules), [deal_json(d) for d in deals]] for rules, deals in games]
    mine = json.loads(js.evaluate(PLAY_ALL, json.dumps(played)))
    for (rules, deals), got in zip(games, mine, strict=True):
        try:
            game = play_game(rules, [engine_deal(d) for d in deals])
        except InvalidDeal as error:
            assert not got["valid"] and error.field == "game"
            assert got["error"]["message"] == error.message
            continue
        assert got["valid"], got
        assert [list(r) for r in game.running] == got["running"]
        assert game.held == got["held"] and game.winner == got["winner"]
        assert game.finished == got["finished"] and game.drawn == got["drawn"]


def test_melds_words_agree(js):
    """The preview's sentence about declared melds is the game page's."""
    names = ["Anna & Ben", "Carl & Dora"]
    cases = []
    for name in (
        "klaberjass",
        "klabberjass-100",
        "clabber",
        "zensa",
        "klebias-norm",
        "belote-annonces",
    ):
        for rules in variants(name):
            for deal, _ in table(rules):
                if not deal.get("declared"):
                    continue
                try:
                    engine_deal(deal)
                    score_deal(rules, engine_deal(deal), side_names=names)
                except InvalidDeal:
                    continue
                cases.append((rules, deal))
    assert cases
    got = js.evaluate(
        "([cases, names]) => cases.map(c => HicksheetRules.meldsText(c[0], c[1], names))",
        [[[data(r), deal_json(d)] for r, d in cases], names],
    )
    for (rules, deal), mine in zip(cases, got, strict=True):
        d = engine_deal(deal)
        if d.renege == "both":
            want = ""
        elif isinstance(d.renege, int):
            want = renege_melds_text(rules, d, names)
        else:
            want = declared_winner_text(rules, d.declared, names, d.elder)
        assert mine == want, deal


def test_refusals_speak_the_pages_language(js, monkeypatch):
    """With the page's catalog of the engine's words (the deal form's "words"), the preview
    refuses in the same words as the server in that language (league.engine_words). The real
    catalogs come later, so a fake translator marks every template and word."""
    from django.utils import translation

    from league import engine_words

    monkeypatch.setattr(engine_words, "gettext", lambda m: f"«{m}»")
    monkeypatch.setattr(engine_words, "pgettext", lambda c, m: f"«{c}|{m}»")
    cases = [
        (rules, d, held)
        for name in ("clabber", "klaberjass", "klaberjass-3", "klabberjass-100", "klebias-norm")
        for rules in [PRESETS[name]]
        for d, held in table(rules)
    ] + [(PRESETS[name], d, 0) for name, d, _ in WORKED_EXAMPLES]
    with translation.override("de"):
        js.evaluate("words => HicksheetRules.setWords(words)", engine_words.engine_catalog())
        got = browser_results(js, cases)
        refused = 0
        for (rules, d, held), mine in zip(cases, got, strict=True):
            try:
                score_deal(rules, engine_deal(d), held=held)
            except InvalidDeal as error:
                refused += 1
                said = engine_words.engine_message(error)
                assert said.startswith("«") and said != str(error)
                assert mine["message"] == said, f"{rules.preset} {d}"
    assert refused > 20


def test_every_word_the_browser_says_is_one_the_engine_marked():
    """rules.js's refusals go through the same catalog as the server's (league.engine_words):
    each English template it writes (``T("...")``, a ternary's two, words of its tables) is a
    msgid the engine marks, so a translation of the engine's words is the browser's too."""
    from league.engine_words import _preview_msgids

    known = {msgid for _, msgid in _preview_msgids()}
    source = RULES_JS.read_text(encoding="utf-8")
    literal = r'"(?:[^"\\]|\\.)*"'
    said = {
        "".join(json.loads(part) for part in re.findall(literal, found))
        for found in re.findall(rf"\bT\(\s*((?:{literal}\s*\+\s*)*{literal})\s*[,)]", source)
    }
    for pair in re.findall(rf"\bT\(\s*[\w.\[\] =\"]+\?\s*({literal})\s*:\s*({literal})", source):
        said |= {json.loads(word) for word in pair}
    tables = re.search(r"var MELD_WORD_TEXT = \{(.*?)\};", source, re.S)
    assert tables is not None
    said |= {json.loads(value) for value in re.findall(rf":\s*({literal})", tables.group(1))}
    assert len(said) > 140
    assert sorted(said - known) == []


def test_the_preview_says_what_the_server_says(js):
    """The preview's summary offline (rules.js ``summary``) is the server's
    (league/games/deal_presenter.py): nat, dedans, litige, the contract, pit and capot."""
    from types import SimpleNamespace

    from league.games.deal_presenter import _family_sentences, _summary

    names = ["Anna & Ben", "Carl & Dora"]
    rng = random.Random(5)
    cases = [(PRESETS[name], deal) for name, deal, points in WORKED_EXAMPLES if points]
    for name in ("klaverjas", "belote", "belote-annonces", "coinche", "klaberjass", "clabber"):
        for rules in variants(name, HOUSE_RULES[:4] + FAMILY_RULES[:4]):
            for _ in range(40):
                cases.append((rules, random_deal(rng, rules)[0]))
    scored = []
    for rules, deal in cases:
        if rules.sides != 2:
            continue
        try:
            result = score_deal(rules, engine_deal(deal), side_names=names)
        except (InvalidDeal, ValueError):
            continue
        form = SimpleNamespace(rules=rules, deal=engine_deal(deal), side_names=names)
        want = " ".join([_summary(form, result), *_family_sentences(form, result)])
        scored.append((rules, deal, want))
    assert len(scored) > 200
    payload = {
        "rules": [data(rules) for rules, _, _ in scored],
        "deals": [deal_json(deal) for _, deal, _ in scored],
        "names": names,
    }
    got = json.loads(
        js.evaluate(
            """text => { const {rules, deals, names} = JSON.parse(text);
              return JSON.stringify(deals.map((deal, i) => {
                const r = HicksheetRules.scoreDeal(rules[i], deal, {side_names: names});
                return HicksheetRules.summary(rules[i], r.result, deal, names);
              })); }""",
            json.dumps(payload),
        )
    )
    for (rules, deal, want), mine in zip(scored, got, strict=True):
        assert mine == want, f"{rules.preset} {rules.overrides()} {deal}"
