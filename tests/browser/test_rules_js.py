"""The browser's copy of the scoring rules (static/js/rules.js) agrees with the engine.

rules.js scores the deal being typed while the phone is offline, so it must score every deal
as ``scoring.score_deal`` does: the same points, marks, made/set, tie, held points, winner,
and the same refusals (valid against invalid; the words may differ). Checked in Chromium on a
table of hand-picked deals per preset (sets, ties, hang, renege, void, belle, melds, declared
melds, no-trump, tricks) and on a few hundred seeded-random deals under random house rules,
then whole games (running totals) and the preview's words about declared melds.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from league.games.selectors import declared_winner_text, renege_melds_text
from scoring import PRESETS, Deal, Declared, InvalidDeal, get_ruleset, score_deal
from scoring.game import play_game
from scoring.rules import MELD_KINDS, InvalidRuleset, Ruleset

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
)


@pytest.fixture
def js(browser):
    tab = browser.new_page()
    tab.set_content("<!doctype html><title>rules</title>")
    tab.add_script_tag(path=str(RULES_JS))
    yield tab
    tab.close()


def deal_json(deal: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in deal.items()}


def engine_deal(data: dict[str, Any]) -> Deal:
    """The engine's Deal from the JSON the browser gets; a declared meld that cannot exist
    raises InvalidDeal here, as it does when a form builds it."""
    given = dict(data)
    if given.get("declared") is not None:
        given["declared"] = tuple(
            tuple(Declared(m["form"], m["length"], m["top"], m.get("trump", False)) for m in side)
            for side in given["declared"]
        )
    if given.get("melds"):
        given["melds"] = tuple(tuple(kinds) for kinds in given["melds"])
    return Deal(**given)


def engine(rules: Ruleset, data: dict[str, Any], held: int, names) -> dict[str, Any]:
    try:
        result = score_deal(rules, engine_deal(data), held=held, side_names=names)
    except InvalidDeal as error:
        return {"valid": False, "message": error.message}
    out = {name: getattr(result, name) for name in FIELDS}
    return {"valid": True, **json.loads(json.dumps(out))}


def browser_results(js, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return js.evaluate(
        """cases => cases.map(c => {
          const r = HicksheetRules.scoreDeal(c.rules, c.deal, {held: c.held, side_names: c.names});
          return r.valid ? Object.assign({valid: true}, r.result)
                         : {valid: false, message: r.error.message};
        })""",
        cases,
    )


def check_agree(js, cases: list[tuple[Ruleset, dict[str, Any], int]], names=None) -> int:
    """Score every case both ways; fail on the first field that differs. Returns how many
    were valid (so a test can tell its table is not all refusals)."""
    payload = [
        {"rules": rules.to_data(), "deal": deal_json(d), "held": held, "names": names}
        for rules, d, held in cases
    ]
    got = browser_results(js, payload)
    valid = 0
    for (rules, d, held), mine in zip(cases, got, strict=True):
        want = engine(rules, d, held, names)
        where = f"{rules.to_data()} held={held} deal={d}"
        assert mine["valid"] == want["valid"], f"{where}: browser {mine}, engine {want}"
        if want["valid"]:
            valid += 1
            for name in FIELDS:
                assert mine[name] == want[name], f"{where}: {name} {mine[name]!r} != {want[name]!r}"
        elif names is None:
            # Same refusal, same words, for the deals whose messages the port copies.
            assert mine["message"] == want["message"], where
    return valid


def test_presets_are_the_engines(js):
    """rules.js carries the presets (a game's data names one); every field equals Python's."""
    theirs = js.evaluate("HicksheetRules.PRESETS")
    assert set(theirs) == set(PRESETS)
    for name, rules in PRESETS.items():
        mine = {
            "preset": rules.preset,
            "name": rules.name,
            "players": rules.players,
            "sides": rules.sides,
            "deck_size": rules.deck_size,
            "cards_each": rules.cards_each,
            "all_cards_played": rules.all_cards_played,
            "set_award": rules.set_award,
            "tie_rule": rules.tie_rule,
            "trickless_melds": rules.trickless_melds,
            "meld_values": dict(rules.meld_values),
            "belle_value": rules.belle_value,
            "renege_award": rules.renege_award,
            "target": rules.target,
            "no_trump_allowed": rules.no_trump_allowed,
            "void_reasons": list(rules.void_reasons),
            "meld_tie": rules.meld_tie,
            "renege_melds": rules.renege_melds,
            "redeal_by_same_dealer": rules.redeal_by_same_dealer,
        }
        assert theirs[name] == mine, name


def R(length: int, top: str, trump: bool = False) -> dict[str, Any]:
    return {"form": "run", "length": length, "top": top, "trump": trump}


def F(rank: str) -> dict[str, Any]:
    return {"form": "four", "length": 4, "top": rank, "trump": False}


def table(rules: Ruleset) -> list[tuple[dict[str, Any], int]]:
    """Hand-picked deals for a ruleset: (deal, held)."""
    two = rules.sides == 2
    total = 162

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


def variants(name: str) -> list[Ruleset]:
    out = []
    for overrides in HOUSE_RULES:
        try:
            out.append(get_ruleset(name, **overrides))
        except InvalidRuleset:
            continue  # three-hand games refuse 'hang' and 'all'
    return out


@pytest.mark.parametrize("name", list(PRESETS))
def test_hand_picked_deals_agree(js, name):
    cases = [
        (rules, deal, held if rules.sides == 2 else 0)
        for rules in variants(name)
        for deal, held in table(rules)
    ]
    assert check_agree(js, cases) > len(cases) // 5
    # With the sides named, as the pages score: only valid vs invalid is compared.
    names = ["Anna & Ben", "Carl & Dora", "Eve"][: PRESETS[name].sides]
    check_agree(js, cases[:60], names=names)


def random_meld(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.3:
        return F(rng.choice(["J", "9", "A", "10", "K", "Q", "8"]))
    length = rng.choice([3, 3, 3, 4, 4, 5, 6, 9])
    return R(length, rng.choice(["9", "10", "J", "Q", "K", "A", "8"]), rng.random() < 0.4)


def random_deal(rng: random.Random, rules: Ruleset) -> tuple[dict[str, Any], int]:
    sides = rules.sides
    deal: dict[str, Any] = {}
    no_trump = rules.no_trump_allowed and rng.random() < 0.2
    total = 130 if no_trump else 162
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
    if rng.random() < 0.3:
        deal["declared"] = [
            [random_meld(rng) for _ in range(rng.choice([0, 0, 1, 1, 2]))] for _ in range(sides)
        ]
        if rng.random() < 0.7:
            deal["elder"] = rng.randrange(sides)
    elif rng.random() < 0.4:
        melder = rng.randrange(sides)
        deal["melds"] = [
            [rng.choice(MELD_KINDS) for _ in range(rng.choice([1, 1, 2]))]
            if s == melder or rng.random() < 0.1
            else []
            for s in range(sides)
        ]
    if rng.random() < 0.3:
        deal["belle"] = rng.randrange(sides)
    held = rng.choice([0, 0, 40, 162]) if sides == 2 and rules.tie_rule == "hang" else 0
    return deal, held


def test_random_deals_agree(js):
    rng = random.Random(11)
    all_rules = [rules for name in PRESETS for rules in variants(name)]
    cases = []
    for _ in range(600):
        rules = rng.choice(all_rules)
        deal, held = random_deal(rng, rules)
        cases.append((rules, deal, held))
    valid = check_agree(js, cases)
    # Enough of both kinds to mean something.
    assert 150 < valid < 550


def test_games_agree_on_running_totals(js):
    """Deals one after another (held points carried, the game over at the target): the
    browser's running totals are the engine's."""
    rng = random.Random(7)
    for name in PRESETS:
        for rules in variants(name)[:6]:
            deals = []
            while len(deals) < 30:
                deal, _ = random_deal(rng, rules)
                try:
                    score_deal(rules, engine_deal(deal))
                except (InvalidDeal, ValueError):
                    continue
                deals.append(deal)
            mine = js.evaluate(
                "([rules, deals]) => HicksheetRules.playOn(rules, deals, {})",
                [rules.to_data(), [deal_json(d) for d in deals]],
            )
            try:
                game = play_game(rules, [engine_deal(d) for d in deals])
            except InvalidDeal as error:
                assert not mine["valid"] and error.field == "game"
                continue
            assert mine["valid"], mine
            assert [list(r) for r in game.running] == mine["running"]
            assert game.held == mine["held"] and game.winner == mine["winner"]


def test_melds_words_agree(js):
    """The preview's sentence about declared melds is the game page's."""
    names = ["Anna & Ben", "Carl & Dora"]
    cases = []
    for name in ("klaberjass", "klabberjass-100", "clabber", "zensa"):
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
        [[[r.to_data(), deal_json(d)] for r, d in cases], names],
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
        for name in ("clabber", "klaberjass", "klaberjass-3", "klabberjass-100")
        for rules in [PRESETS[name]]
        for d, held in table(rules)
    ]
    with translation.override("de"):
        js.evaluate("words => HicksheetRules.setWords(words)", engine_words.engine_catalog())
        payload = [
            {"rules": rules.to_data(), "deal": deal_json(d), "held": held, "names": None}
            for rules, d, held in cases
        ]
        got = browser_results(js, payload)
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
