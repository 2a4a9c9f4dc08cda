"""RULES.md part two: the rest of the family. Every worked example is a test, and so is every
refusal the issue names (roem 30, roem without a trick, a pit with points on the other side, a
bid of 95 or 70, a third doubling, an unknown bonus, four sevens where they score nothing)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    PRESETS,
    Deal,
    InvalidDeal,
    InvalidRuleset,
    get_ruleset,
    play_game,
    ruleset_from_data,
    score_deal,
)
from scoring.deal import most_points_in_a_deal
from scoring.matches import GameOutcome, MatchFormat, match_result, paper_ceiling, typed_games
from scoring.rules import PART_TWO_PRESETS


def points(preset: str, **deal: object) -> tuple[int, ...]:
    return score_deal(get_ruleset(preset), Deal(**deal)).points  # type: ignore[arg-type]


def refused(preset: str, **deal: object) -> InvalidDeal:
    with pytest.raises(InvalidDeal) as caught:
        score_deal(get_ruleset(preset), Deal(**deal))  # type: ignore[arg-type]
    return caught.value


def test_there_are_twenty_presets_and_part_two_names_thirteen():
    assert len(PRESETS) == 20
    assert PART_TWO_PRESETS == (
        "derda",
        "bulka",
        "darda",
        "klebias-norm",
        "kalabriasz-3",
        "kalabriasz-4",
        "clob",
        "klabberjass-belote",
        "bela-100",
        "klaverjas",
        "belote",
        "belote-annonces",
        "coinche",
    )


# -- the variants the sources name ------------------------------------------------------------


def test_derda_pays_thirty_for_a_run_of_three():
    assert points("derda", makers=0, card_points=(50, 60), melds=(("run3",), ())) == (80, 60)


def test_darda_four_queens_pay_200_and_set_the_makers():
    deal = {"makers": 0, "card_points": (60, 102), "melds": ((), ("four_Q",))}
    assert points("darda", **deal) == (0, 362)


def test_bulka_bejle_pays_40():
    assert points("bulka", makers=0, card_points=(60, 70), belle=0) == (100, 70)


def test_bulka_and_darda_have_the_queen_as_highest_trump():
    assert get_ruleset("bulka").high_trump == get_ruleset("darda").high_trump == "Q"


def test_klebias_norm_the_better_meld_scores_and_a_set_pays_all():
    # run of three (20) against four of a kind (50): only the four counts; 80 vs 134: set.
    deal = {"makers": 0, "card_points": (80, 84), "melds": (("run3",), ("four_K",))}
    assert points("klebias-norm", **deal) == (0, 214)


def test_klebias_norm_menage_pays_fifty_and_the_bimah_forty_when_made():
    assert points("klebias-norm", makers=0, card_points=(90, 74), melds=(("menage",), ())) == (
        140,
        74,
    )
    bimah = {"makers": 0, "card_points": (90, 74), "bonuses": (("bimah",), ())}
    assert points("klebias-norm", **bimah) == (130, 74)


def test_klebias_norm_a_deal_holds_164():
    error = refused("klebias-norm", makers=0, card_points=(90, 72))
    assert error.field == "card_points"
    assert "164" in error.message


def test_klebias_norm_bimah_is_lost_on_a_set_and_is_the_makers_only():
    bimah = {"makers": 0, "card_points": (70, 94), "bonuses": (("bimah",), ())}
    assert points("klebias-norm", **bimah) == (0, 164)
    assert refused(
        "klebias-norm", makers=0, card_points=(90, 74), bonuses=((), ("bimah",))
    ).code == ("deal.bimah_not_makers")


def test_shlomo_and_cleopatra_score_like_belle():
    deal = {"makers": 0, "card_points": (80, 84), "bonuses": (("shlomo", "cleopatra"), ())}
    assert points("klebias-norm", **deal) == (120, 84)


def test_a_bonus_the_game_does_not_know_is_refused():
    assert refused("clabber", makers=0, card_points=(80, 82), bonuses=(("bimah",), ())).field == (
        "bonuses"
    )
    assert refused(
        "klebias-norm", makers=0, card_points=(90, 74), bonuses=(("jackpot",), ())
    ).code == ("deal.bonus_unknown")


def test_kalabriasz_makers_reach_the_contract():
    assert points("kalabriasz-3", makers=0, card_points=(82, 40, 40)) == (82, 40, 40)
    assert points("kalabriasz-3", makers=0, card_points=(80, 40, 40)) == (0, 40, 40)
    assert points("kalabriasz-4", makers=0, card_points=(82, 80)) == (82, 80)
    # a house sets its own contract
    assert score_deal(
        get_ruleset("kalabriasz-4", contract=90), Deal(makers=0, card_points=(85, 77))
    ).points == (0, 162)


def test_clob_bela_100_and_klabberjass_belote_are_klabberjass_100_variants():
    base = get_ruleset("klabberjass-100")
    assert get_ruleset("clob").schmeiss_always_accepted
    assert get_ruleset("bela-100").target == 100
    assert get_ruleset("klabberjass-belote").meld_words == "belote"
    for name in ("clob", "bela-100", "klabberjass-belote"):
        assert dict(get_ruleset(name).meld_values) == dict(base.meld_values)


# -- klaverjas --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "expected"),
    [
        ({"card_points": (90, 72), "meld_points": (20, 0)}, (110, 72)),
        ({"card_points": (80, 82), "meld_points": (0, 20)}, (0, 182)),
        ({"card_points": (81, 81)}, (0, 162)),
        ({"card_points": (80, 82), "meld_points": (20, 50)}, (0, 232)),
        ({"card_points": (162, 0), "meld_points": (40, 0), "all_tricks": 0}, (302, 0)),
        ({"renege": 1}, (262, 0)),
    ],
)
def test_klaverjas_worked_examples(deal, expected):
    assert points("klaverjas", makers=0, **deal) == expected


def test_klaverjas_nat_is_written_nat_and_roem_apart():
    r = score_deal(
        get_ruleset("klaverjas"), Deal(makers=0, card_points=(80, 82), meld_points=(20, 50))
    )
    assert r.marks == ("nat", "232")
    assert r.meld_points == (20, 50)
    assert r.scored_meld_points == (0, 70)


def test_klaverjas_pit_counts_as_roem():
    r = score_deal(
        get_ruleset("klaverjas"),
        Deal(makers=0, card_points=(162, 0), meld_points=(40, 0), all_tricks=0),
    )
    assert r.meld_points == (140, 0)
    assert r.all_tricks == 0


def test_klaverjas_tegenpit_and_without_it():
    deal = Deal(makers=0, card_points=(0, 162), all_tricks=1)
    assert score_deal(get_ruleset("klaverjas"), deal).points == (0, 262)
    no_tegenpit = get_ruleset("klaverjas", all_tricks_defenders=False)
    assert score_deal(no_tegenpit, deal).points == (0, 162)


def test_klaverjas_options_nat_162_only_and_renege_with_all_roem():
    only_cards = get_ruleset("klaverjas", set_award="cards")
    deal = Deal(makers=0, card_points=(80, 82), meld_points=(20, 50))
    assert score_deal(only_cards, deal).points == (0, 162)
    all_roem = get_ruleset("klaverjas", renege_melds="counted")
    assert score_deal(all_roem, Deal(makers=0, renege=1, meld_points=(20, 50))).points == (
        262 + 70,
        0,
    )


@pytest.mark.parametrize("roem", [10, 30, 15, -20])
def test_klaverjas_roem_that_cannot_be_made_is_refused(roem):
    error = refused("klaverjas", makers=0, card_points=(90, 72), meld_points=(roem, 0))
    assert error.field == "meld_points"


def test_klaverjas_refuses_roem_without_a_trick_and_a_pit_with_points_opposite():
    assert (
        refused("klaverjas", makers=0, card_points=(162, 0), all_tricks=0, meld_points=(0, 20))
    ).code == "deal.trickless_roem"
    assert (
        refused("klaverjas", makers=0, card_points=(152, 10), all_tricks=0)
    ).code == "deal.all_tricks_other_points"


def test_klaverjas_both_sides_may_score_roem_as_kinds():
    deal = {"makers": 0, "card_points": (90, 72), "melds": (("run3",), ("run4",))}
    assert points("klaverjas", **deal) == (0, 232)


def test_a_boom_ends_after_deal_16_the_higher_total_winning_or_drawn():
    rules = get_ruleset("klaverjas")
    even = [Deal(makers=n % 2, card_points=(81, 81)) for n in range(16)]
    game = play_game(rules, even)
    assert game.finished and game.drawn and game.winner is None
    assert game.totals == (8 * 162, 8 * 162)
    assert not play_game(rules, even[:15]).finished
    # after 15 deals side 0 has 7 x 162, side 1 8 x 162; a pit with roem 20 turns it
    won = [*even[:15], Deal(makers=0, card_points=(162, 0), meld_points=(20, 0))]
    game = play_game(rules, won)
    assert game.finished and not game.drawn and game.winner == 0
    with pytest.raises(InvalidDeal) as caught:
        play_game(rules, [*even, Deal(makers=0, card_points=(100, 62))])
    assert caught.value.code == "game.over_drawn"


def test_a_drawn_boom_is_a_drawn_match_and_typed_from_paper():
    drawn = GameOutcome(totals=(1296, 1296), drawn=True)
    result = match_result(MatchFormat(), [drawn])
    assert result.finished and result.drawn
    typed = typed_games(
        MatchFormat(), [(1500, 1500)], None, ceiling=paper_ceiling(PRESETS["klaverjas"])
    )
    assert typed[0].drawn and typed[0].winner is None


# -- belote, belote-annonces, coinche ---------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "expected"),
    [
        ({"card_points": (90, 72), "belle": 0}, (110, 72)),
        ({"card_points": (70, 92), "belle": 0}, (20, 162)),
        ({"card_points": (90, 72), "belle": 1}, (0, 182)),
        ({"card_points": (162, 0), "belle": 0, "all_tricks": 0}, (272, 0)),
    ],
)
def test_belote_worked_examples(deal, expected):
    assert points("belote", makers=0, **deal) == expected


def test_belote_litige_holds_the_takers_points_for_the_next_winner():
    game = play_game(
        get_ruleset("belote"),
        [Deal(makers=0, card_points=(81, 81)), Deal(makers=0, card_points=(100, 62))],
    )
    assert [r.points for r in game.results] == [(0, 81), (181, 62)]
    assert game.results[0].held == 81


def test_belote_prenable_and_a_tie_as_dedans():
    prenable = get_ruleset("belote", belle_on_set="lost")
    assert score_deal(prenable, Deal(makers=0, card_points=(70, 92), belle=0)).points == (0, 182)
    tie_dedans = get_ruleset("belote", tie_rule="set")
    assert score_deal(tie_dedans, Deal(makers=0, card_points=(81, 81))).points == (0, 162)


def test_belote_annonces_worked_examples():
    assert points("belote-annonces", makers=0, card_points=(60, 102), melds=(("run3",), ())) == (
        0,
        182,
    )
    deal = {"makers": 0, "card_points": (90, 72), "melds": (("run3",), ("run4",))}
    assert points("belote-annonces", **deal) == (0, 212)


@pytest.mark.parametrize(
    ("deal", "expected"),
    [
        ({"card_points": (110, 52), "bid": 100}, (210, 50)),
        ({"card_points": (95, 67), "bid": 100}, (0, 260)),
        ({"card_points": (110, 52), "bid": 100, "contre": 1}, (520, 0)),
        ({"card_points": (89, 73), "bid": 90}, (0, 250)),
        ({"card_points": (82, 80), "bid": 80, "melds": ((), ("run3",))}, (0, 260)),
        ({"card_points": (162, 0), "bid": "capot", "all_tricks": 0}, (500, 0)),
        ({"card_points": (150, 12), "bid": "capot"}, (0, 410)),
        ({"card_points": (110, 52), "bid": 100, "contre": 2}, (1040, 0)),
        ({"card_points": (95, 67), "bid": 100, "contre": 1}, (0, 520)),
    ],
)
def test_coinche_worked_examples(deal, expected):
    assert points("coinche", makers=0, **deal) == expected


def test_coinche_is_judged_before_rounding_and_options():
    r = score_deal(get_ruleset("coinche"), Deal(makers=0, card_points=(89, 73), bid=90))
    assert r.made is False and r.contract == 90
    three = get_ruleset("coinche", contre_factors=(2, 3))
    assert score_deal(three, Deal(makers=0, card_points=(110, 52), bid=100, contre=2)).points == (
        780,
        0,
    )
    bid_only = get_ruleset("coinche", contract_scoring="bid")
    assert score_deal(bid_only, Deal(makers=0, card_points=(110, 52), bid=100)).points == (
        100,
        50,
    )
    reach = get_ruleset("coinche", made_when="reach")
    deal = Deal(makers=0, card_points=(82, 80), bid=80, melds=((), ("run3",)))
    assert score_deal(reach, deal).points == (160, 100)  # 82 + 80 rounded


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        ({"bid": 95}, "bid"),
        ({"bid": 70}, "bid"),
        ({"bid": 260}, "bid"),
        ({"bid": 100, "contre": 3}, "contre"),
        ({}, "bid"),
    ],
)
def test_coinche_refuses_what_cannot_be_bid(deal, field):
    assert refused("coinche", makers=0, card_points=(110, 52), **deal).field == field


def test_a_bid_in_a_game_without_bidding_is_refused():
    assert refused("belote", makers=0, card_points=(110, 52), bid=100).code == (
        "deal.bid_not_played"
    )
    assert refused("clabber", makers=0, card_points=(80, 82), contre=1).code == (
        "deal.contre_not_played"
    )


def test_coinche_renege_fails_or_makes_the_contract():
    assert points("coinche", makers=0, renege=0, bid=100) == (0, 260)
    assert points("coinche", makers=0, renege=1, bid=100) == (260, 0)


def test_four_sevens_score_only_where_the_game_pays_them():
    assert refused("clabber", makers=0, card_points=(80, 82), melds=(("four_7",), ())).field == (
        "melds"
    )
    deal = {"makers": 0, "card_points": (90, 72), "melds": (("four_7",), ())}
    assert points("klaverjas", **deal) == (190, 72)


# -- rulesets ---------------------------------------------------------------------------------


def test_part_two_fields_override_round_trip_and_are_checked():
    rules = get_ruleset("klaverjas", deals=12, set_award="cards", all_tricks_defenders=False)
    assert ruleset_from_data(rules.to_data()) == rules
    coinche = get_ruleset("coinche", contre_factors=(2, 3), bid_max=160)
    assert ruleset_from_data(coinche.to_data()) == coinche
    for bad in (
        {"rounding": "five"},
        {"made_when": "sometimes"},
        {"meld_scoring": "all"},
        {"deals": 0},
        {"bid_max": 95},
        {"contre_factors": (2,)},
        {"bonus_values": {"jackpot": 10}},
    ):
        with pytest.raises(InvalidRuleset):
            get_ruleset("coinche", **bad)
    with pytest.raises(InvalidRuleset) as caught:
        get_ruleset("clabber", target=None)
    assert caught.value.code == "ruleset.no_end"


# -- properties -------------------------------------------------------------------------------


@st.composite
def part_two_deals(draw):
    rules = PRESETS[draw(st.sampled_from(PART_TWO_PRESETS))]
    total = rules.card_total()
    allowed = [v for v in range(0, total + 1) if v not in (1, total - 1)]
    if rules.all_cards_played:
        first = draw(st.sampled_from(allowed))
        cards = (first, total - first)
    else:
        drawn: list[int] = []
        for _ in range(rules.sides):
            left = total - sum(drawn)
            drawn.append(draw(st.sampled_from([v for v in allowed if v <= left])))
        cards = tuple(drawn)
    makers = draw(st.sampled_from(range(rules.sides)))
    extra: dict[str, object] = {}
    if rules.bidding:
        extra["bid"] = draw(st.sampled_from([*range(80, rules.bid_max + 1, 10), "capot"]))
        extra["contre"] = draw(st.integers(0, 2))
    if rules.meld_scoring == "each" and sum(cards) == total:
        extra["meld_points"] = tuple(
            draw(st.sampled_from([0, 20, 40, 50, 70, 100])) if c else 0 for c in cards
        )
    return rules, Deal(makers=makers, card_points=cards, **extra)  # type: ignore[arg-type]


@given(part_two_deals())
def test_a_part_two_deal_never_scores_more_than_its_most_and_set_makers_keep_only_belle(case):
    rules, deal = case
    try:
        result = score_deal(rules, deal)
    except InvalidDeal:
        return
    assert max(result.points) <= most_points_in_a_deal(rules)
    assert min(result.points) >= 0
    if result.made is False and not result.tied:
        assert result.points[deal.makers] == 0  # no belle in these deals
    if rules.rounding == "ten":
        assert all(p % 10 == 0 for p in result.points)


def test_every_trick_follows_from_the_card_points_when_every_card_is_played():
    # A side with no card point took no trick (as everywhere in the engine): the other took all.
    assert points("klaverjas", makers=0, card_points=(162, 0), meld_points=(40, 0)) == (302, 0)
    assert points("belote", makers=0, card_points=(162, 0), belle=0) == (272, 0)
    assert points("coinche", makers=0, card_points=(162, 0), bid="capot") == (500, 0)
    # the trick counts say it too, and a two-hand game plays too few cards to tell
    assert points("klaverjas", makers=0, card_points=(162, 0), tricks=(8, 0)) == (262, 0)
    assert points("klaberjass", makers=0, card_points=(100, 0)) == (100, 0)


def test_house_options_a_tie_made_and_rounding_five_down():
    tie_made = get_ruleset("belote", tie_rule="made")
    assert score_deal(tie_made, Deal(makers=0, card_points=(81, 81))).points == (81, 81)
    down = get_ruleset("coinche", rounding="ten_down")
    assert score_deal(down, Deal(makers=0, card_points=(115, 47), bid=100)).points == (
        210,
        50,
    )  # 215 down, 47 up
    up = get_ruleset("coinche")
    assert score_deal(up, Deal(makers=0, card_points=(115, 47), bid=100)).points == (220, 50)
