"""Competition formats (scoring.formats): what a league or a tournament allows, with the words
a club secretary reads, and when a tournament goes on or is over."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import PRESETS
from scoring.formats import (
    FORMATS,
    KNOCKOUT_ODD,
    KNOCKOUTS,
    MAX_SWISS_ROUNDS,
    FormatProblem,
    InvalidFormat,
    MatchProgress,
    check_competition,
    check_tournament,
    check_tournament_start,
    competition_problems,
    event_finished,
    fits_a_tournament,
    knockout_length_problem,
    pools_finished,
    rounds_played_out,
    suggested_swiss_rounds,
    swiss_round_due,
    swiss_rounds_hint,
    tournament_problems,
)

KEYS = ("match_points", "point_difference")


# -- a competition ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "options", "problems"),
    [
        ("clabber", {"entrant_kind": "partnerships"}, []),
        ("clabber", {"entrant_kind": "rotation", "games_per_match": 15, "best_nights": 1}, []),
        ("klaberjass", {"entrant_kind": "players"}, []),
        (
            "clabber",
            {"entrant_kind": "players"},
            [
                (
                    "entrant_kind",
                    "Evansville Clabber is played by partnerships: enter partnerships, or "
                    "individuals whose partners change every round.",
                )
            ],
        ),
        (
            "klaberjass",
            {"entrant_kind": "partnerships"},
            [("entrant_kind", "Klaberjass is played alone: enter players.")],
        ),
        (
            "klaberjass",
            {"entrant_kind": "rotation"},
            [("entrant_kind", "Klaberjass is played alone: enter players.")],
        ),
        (
            "klaberjass",
            {"entrant_kind": "teams"},
            [("entrant_kind", "Unknown kind of entrant 'teams'.")],
        ),
        (
            "klaberjass",
            {"entrant_kind": "players", "tiebreaks": ()},
            [("tiebreaks", "Choose at least one key to order the table by.")],
        ),
        (
            "klaberjass",
            {"entrant_kind": "players", "tiebreaks": ("wins", "wins")},
            [("tiebreaks", "Tie-break key 'wins' is listed twice.")],
        ),
        (
            "klaberjass",
            {"entrant_kind": "players", "games_per_match": 0, "best_nights": 0},
            [
                ("games_per_match", "A match is from 1 to 15 games."),
                ("best_nights", "Count at least one night, or leave it empty to count all."),
            ],
        ),
        (
            "klaberjass",
            {"entrant_kind": "players", "games_per_match": 16},
            [("games_per_match", "A match is from 1 to 15 games.")],
        ),
    ],
)
def test_what_a_competition_allows(preset, options, problems):
    options = {"tiebreaks": KEYS, **options}
    rules = PRESETS[preset]
    assert competition_problems(rules, **options) == [FormatProblem(f, m) for f, m in problems]
    if not problems:
        check_competition(rules, **options)
        return
    with pytest.raises(InvalidFormat) as caught:
        check_competition(rules, **options)
    assert (caught.value.field, caught.value.message) == problems[0]


def test_an_unknown_tie_break_key_is_named_with_the_list():
    (problem,) = competition_problems(
        PRESETS["klaberjass"], entrant_kind="players", tiebreaks=("luck",)
    )
    assert problem.field == "tiebreaks"
    assert problem.message.startswith("Unknown tie-break key 'luck'; the keys are match_points")


# -- a tournament ------------------------------------------------------------------------------
def test_a_tournament_is_played_by_two_sides():
    assert {key for key, rules in PRESETS.items() if not fits_a_tournament(rules)} == {
        "klaberjass-3",
        "kalabriasz-3",
    }


@pytest.mark.parametrize(
    ("options", "problems"),
    [
        ({"format": "single"}, []),
        ({"format": "round_robin", "games_per_match": 2}, []),  # a round robin may draw
        ({"format": "single", "games_per_match": 3, "best_of": True}, []),
        ({"format": "swiss", "swiss_rounds": 15}, []),
        ({"format": "pools", "pool_count": 16, "pool_top_k": 8}, []),
        # Options of another format are not read.
        ({"format": "single", "swiss_rounds": 99, "pool_count": 0}, []),
        ({"format": "ladder"}, [("format", "Unknown format 'ladder'.")]),
        (
            {"format": "single", "entrant_kind": "rotation"},
            [("entrant_kind", "A tournament is played by fixed players or partnerships.")],
        ),
        ({"format": "double", "games_per_match": 2}, [("games_per_match", KNOCKOUT_ODD)]),
        (
            {"format": "pools", "games_per_match": 4, "pool_count": 2, "pool_top_k": 2},
            [("games_per_match", KNOCKOUT_ODD)],
        ),
        # Even and best-of in a knockout: one message by the field, the knockout's.
        (
            {"format": "single", "games_per_match": 2, "best_of": True},
            [("games_per_match", KNOCKOUT_ODD)],
        ),
        (
            {"format": "swiss", "swiss_rounds": 3, "games_per_match": 2, "best_of": True},
            [("games_per_match", "A best-of match is an odd number of games: 1, 3, 5...")],
        ),
        # No number of rounds: the entrants' number gives it at the start.
        ({"format": "swiss"}, []),
        (
            {"format": "swiss", "swiss_rounds": 0},
            [("swiss_rounds", "A Swiss is from 1 to 15 rounds.")],
        ),
        (
            {"format": "swiss", "swiss_rounds": 16},
            [("swiss_rounds", "A Swiss is from 1 to 15 rounds.")],
        ),
        (
            {"format": "pools"},
            [
                ("pool_count", "Choose from 1 to 16 pools."),
                ("pool_top_k", "From 1 to 8 entrants qualify from each pool."),
            ],
        ),
        (
            {"format": "pools", "pool_count": 2, "pool_top_k": 9},
            [("pool_top_k", "From 1 to 8 entrants qualify from each pool.")],
        ),
    ],
)
def test_what_a_tournament_allows(options, problems):
    options = {"entrant_kind": "players", **options}
    rules = PRESETS["klaberjass"]
    assert tournament_problems(rules, **options) == [FormatProblem(f, m) for f, m in problems]
    if problems:
        with pytest.raises(InvalidFormat) as caught:
            check_tournament(rules, **options)
        assert (caught.value.field, caught.value.message) == problems[0]
    else:
        check_tournament(rules, **options)


def test_the_three_hand_game_cannot_be_a_tournament():
    with pytest.raises(InvalidFormat) as caught:
        check_tournament(PRESETS["klaberjass-3"], format="single", entrant_kind="players")
    assert caught.value.field == "preset"
    assert caught.value.message == "Three-hand Klaberjass has 3 sides; a tournament match has two."


def tournament_create_today(
    rules, format, entrant_kind, games_per_match, best_of, swiss_rounds, pool_count, pool_top_k
):
    """The checks of league/services/tournaments.py tournament_create as they were: the
    reference check_tournament must agree with (a (message, field) pair, or None)."""
    if format not in FORMATS:
        return f"Unknown format {format!r}.", "format"
    if entrant_kind == "rotation":
        return "A tournament is played by fixed players or partnerships.", "entrant_kind"
    if rules.sides != 2:
        return f"{rules.name} has {rules.sides} sides; a tournament match has two.", "preset"
    knockout = format in ("single", "double", "pools")
    # Since then a game of fixed deals (a boom, which may end level) is no knockout's.
    if knockout and rules.deals is not None:
        return (
            f"A game of {rules.name} is a fixed number of deals and may end level, and a "
            "knockout match needs a winner: choose a round robin or a Swiss.",
            "format",
        )
    if knockout and games_per_match % 2 == 0:
        return "A knockout match needs a winner: play an odd number of games.", "games_per_match"
    if best_of and games_per_match % 2 == 0:
        return "A best-of match is an odd number of games: 1, 3, 5...", "games_per_match"
    # Since then a blank number of Swiss rounds is allowed: the start works it out.
    if format == "swiss" and swiss_rounds is not None and not 1 <= swiss_rounds <= 15:
        return "A Swiss is from 1 to 15 rounds.", "swiss_rounds"
    if format == "pools":
        if not 1 <= (pool_count or 0) <= 16:
            return "Choose from 1 to 16 pools.", "pool_count"
        if not 1 <= (pool_top_k or 0) <= 8:
            return "From 1 to 8 entrants qualify from each pool.", "pool_top_k"
    return None


@given(
    st.sampled_from(sorted(PRESETS)),
    st.sampled_from([*FORMATS, "ladder"]),
    st.sampled_from(["players", "partnerships", "rotation"]),
    st.integers(1, 15),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 17)),
    st.one_of(st.none(), st.integers(0, 17)),
    st.one_of(st.none(), st.integers(0, 10)),
)
def test_a_tournament_is_refused_as_tournament_create_refused_it(
    preset, format, entrant_kind, games, best_of, rounds, pools, top_k
):
    rules = PRESETS[preset]
    today = tournament_create_today(
        rules, format, entrant_kind, games, best_of, rounds, pools, top_k
    )
    try:
        check_tournament(
            rules,
            format=format,
            entrant_kind=entrant_kind,
            games_per_match=games,
            best_of=best_of,
            swiss_rounds=rounds,
            pool_count=pools,
            pool_top_k=top_k,
        )
    except InvalidFormat as error:
        assert today is not None
        message, field = today
        # The one wording that changed: the service now says what the form always said.
        if message == "A knockout match needs a winner: play an odd number of games.":
            message = KNOCKOUT_ODD
        assert (error.message, error.field) == (message, field)
    else:
        assert today is None


@pytest.mark.parametrize(
    ("format", "entrants", "options", "field", "message"),
    [
        ("single", 2, {}, None, None),
        ("double", 2, {}, None, None),
        ("swiss", 2, {}, None, None),
        ("round_robin", 1, {}, None, "A tournament needs at least two entrants."),
        ("swiss", 0, {}, None, "A tournament needs at least two entrants."),
        (
            "single",
            3,
            {"third_place": True},
            None,
            "A third-place match needs at least 4 entrants; got 3.",
        ),
        ("single", 4, {"third_place": True}, None, None),
        ("pools", 4, {}, None, None),
        (
            "pools",
            3,
            {},
            "pool_count",
            "2 pools with 2 qualifying from each need at least 4 entrants.",
        ),
        (
            "pools",
            8,
            {"pool_count": 3, "pool_top_k": 3},
            "pool_count",
            "3 pools with 3 qualifying from each need at least 9 entrants.",
        ),
        # One qualifying a pool: still two a pool, or the pool has no match.
        (
            "pools",
            5,
            {"pool_count": 3, "pool_top_k": 1},
            "pool_count",
            "3 pools with 1 qualifying from each need at least 6 entrants.",
        ),
    ],
)
def test_when_a_tournament_can_start(format, entrants, options, field, message):
    if message is None:
        check_tournament_start(format, entrants, **options)
        return
    with pytest.raises(InvalidFormat) as caught:
        check_tournament_start(format, entrants, **options)
    assert (caught.value.field, caught.value.message) == (field, message)


# -- going on, and over -------------------------------------------------------------------------
def done(round_, finished=True, confirmed=True):
    return MatchProgress(round_, finished, confirmed)


@pytest.mark.parametrize(
    ("format", "started", "matches", "swiss_rounds", "bracket_finished", "finished"),
    [
        ("swiss", True, [done(1), done(1), done(2), done(2), done(3)], 3, False, True),
        ("swiss", True, [done(1), done(2)], 3, False, False),  # a round still to draw
        ("swiss", True, [done(1), done(2), done(3, confirmed=False)], 3, False, False),
        ("swiss", True, [done(1), done(2), done(3, finished=False)], 3, False, False),
        ("swiss", False, [done(1)], 1, False, False),
        ("swiss", True, [], 0, False, False),
        ("round_robin", True, [done(1), done(2), done(3)], None, False, True),
        ("round_robin", True, [done(1), done(2, confirmed=False)], None, False, False),
        ("round_robin", False, [], None, True, False),
        # A knockout (pools too) is over when its bracket is, whatever its matches say.
        ("single", True, [done(1, confirmed=False)], None, True, True),
        ("double", True, [done(1)], None, False, False),
        ("pools", True, [done(1), done(2)], None, False, False),
        ("pools", True, [done(1), done(2)], None, True, True),
        ("single", False, [], None, True, False),
    ],
)
def test_when_a_tournament_is_over(
    format, started, matches, swiss_rounds, bracket_finished, finished
):
    assert (
        event_finished(
            format,
            started=started,
            matches=matches,
            swiss_rounds=swiss_rounds,
            bracket_finished=bracket_finished,
        )
        is finished
    )


def test_an_unknown_format_is_a_caller_s_bug():
    with pytest.raises(ValueError, match="unknown format 'ladder'"):
        event_finished("ladder", started=True)


@pytest.mark.parametrize(
    ("rounds_drawn", "swiss_rounds", "all_confirmed", "due"),
    [
        (0, 3, True, True),
        (2, 3, True, True),
        (3, 3, True, False),
        (2, 3, False, False),
        (4, None, True, True),  # unset: five rounds
        (5, None, True, False),
    ],
)
def test_when_the_next_swiss_round_is_paired(rounds_drawn, swiss_rounds, all_confirmed, due):
    assert (
        swiss_round_due(
            rounds_drawn=rounds_drawn, swiss_rounds=swiss_rounds, all_confirmed=all_confirmed
        )
        is due
    )


@pytest.mark.parametrize(
    ("confirmed", "over"),
    [([], False), ([True], True), ([True, True, False], False), (iter([True, True]), True)],
)
def test_when_the_pools_are_over(confirmed, over):
    assert pools_finished(confirmed) is over


def test_the_knockouts_are_the_bracket_formats():
    assert set(KNOCKOUTS) < set(FORMATS)


@pytest.mark.parametrize(
    "fmt, rounds, drawn, matches, open_, finished",
    [
        ("swiss", 3, 3, 6, 0, True),
        ("swiss", 3, 2, 4, 0, False),  # a round still to draw
        ("swiss", 3, 3, 6, 1, False),  # a match not confirmed
        ("round_robin", None, 3, 6, 0, True),
        ("round_robin", None, 0, 0, 0, False),  # nothing drawn yet
    ],
)
def test_when_a_swiss_or_round_robin_has_played_out_from_counts(
    fmt, rounds, drawn, matches, open_, finished
):
    assert (
        rounds_played_out(
            fmt, swiss_rounds=rounds, rounds_drawn=drawn, matches=matches, open_matches=open_
        )
        is finished
    )


@pytest.mark.parametrize(
    ("entrants", "rounds"),
    [
        (0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (16, 4), (17, 5),
        (32, 5), (33, 6), (64, 6), (65, 7), (1024, 10), (40_000, 15),
    ],
)  # fmt: skip
def test_the_swiss_rounds_suggested_for_a_field(entrants, rounds):
    assert suggested_swiss_rounds(entrants) == rounds


@given(st.integers(2, 5000))
def test_the_suggested_swiss_rounds_leave_one_entrant_alone_on_top_without_rematches(n):
    rounds = suggested_swiss_rounds(n)
    # One entrant can win every round: halving the field of winners each round leaves one.
    assert 2**rounds >= n or rounds == MAX_SWISS_ROUNDS
    assert rounds == 1 or 2 ** (rounds - 1) < n  # and not one round more than that needs
    assert 1 <= rounds <= min(n - 1, MAX_SWISS_ROUNDS)


def test_the_swiss_rounds_hint_says_what_a_blank_means():
    assert swiss_rounds_hint().endswith("8 entrants play 3 rounds, 16 play 4, 32 play 5.")


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("games", range(1, 7))
def test_a_knockout_match_is_an_odd_number_of_games(format, games):
    problem = knockout_length_problem(format, games)
    if format in KNOCKOUTS and games % 2 == 0:
        assert problem == FormatProblem("games_per_match", KNOCKOUT_ODD)
    else:
        assert problem is None
    # The tournament's own check says the same (the new-tournament form asks this one alone).
    rules = PRESETS["klaberjass"]
    found = tournament_problems(
        rules,
        format=format,
        entrant_kind="players",
        games_per_match=games,
        pool_count=2,
        pool_top_k=1,
    )
    assert (problem in found) if problem else all(p.message != KNOCKOUT_ODD for p in found)


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_game_of_fixed_deals_is_no_knockout(format, preset):
    """A boom may end level and a knockout match needs a winner: a game of fixed deals is
    refused for the knockouts, with the way out in words, and kept for the other formats."""
    rules = PRESETS[preset]
    if not fits_a_tournament(rules):
        return
    found = tournament_problems(
        rules, format=format, entrant_kind="partnerships", pool_count=2, pool_top_k=1
    )
    refused = [p for p in found if p.code == "format.knockout_fixed_deals"]
    if format in KNOCKOUTS and rules.fixed_deals:
        assert [p.field for p in refused] == ["format"]
        assert refused[0].message == (
            f"A game of {rules.name} is a fixed number of deals and may end level, and a "
            "knockout match needs a winner: choose a round robin or a Swiss."
        )
        with pytest.raises(InvalidFormat) as raised:
            check_tournament(
                rules, format=format, entrant_kind="partnerships", pool_count=2, pool_top_k=1
            )
        assert raised.value.code == "format.knockout_fixed_deals"
    else:
        assert not refused
    # The Dutch boom is one of them.
    assert PRESETS["klaverjas"].fixed_deals
