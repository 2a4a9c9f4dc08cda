"""Every refusal of the engine carries a code, its English template and its params, so the web
side can say it in the reader's language; its English (``str(error)``, ``.message``) is as before.
"""

from __future__ import annotations

import ast
import copy
import pickle
import re
from pathlib import Path

import pytest

from scoring import (
    MELD_LABELS,
    PRESETS,
    TIEBREAKS,
    Deal,
    Declared,
    InvalidDeal,
    InvalidRuleset,
    errors,
    get_ruleset,
    play_game,
    score_deal,
)
from scoring.brackets import InvalidBracket, single_elimination
from scoring.errors import EngineError, Term, gettext_noop, show_terms_with
from scoring.formats import InvalidFormat, check_tournament_start, competition_problems
from scoring.matches import InvalidMatch, MatchFormat, typed_games
from scoring.standings import InvalidStandings, validate_keys
from scoring.stats import STAT_LABELS
from scoring.swiss import InvalidPairing, table_draw

SCORING = Path(__file__).resolve().parents[2] / "scoring"
CODE = re.compile(r"^[a-z]+(\.[a-z0-9_]+)+$")
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[sdr]")


def raise_sites() -> list[tuple[str, int, ast.Call]]:
    sites = []
    for path in sorted(SCORING.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Raise)
                and isinstance(node.exc, ast.Call)
                and isinstance(node.exc.func, ast.Name)
                and node.exc.func.id.startswith("Invalid")
            ):
                sites.append((path.name, node.lineno, node.exc))
    return sites


def test_every_raise_site_has_a_code():
    sites = raise_sites()
    assert len(sites) > 100
    missing = [
        f"{name}:{line}"
        for name, line, call in sites
        if not any(k.arg == "code" for k in call.keywords)
    ]
    assert not missing, missing


def test_each_code_has_one_template_with_named_placeholders():
    templates: dict[str, set[str]] = {}
    for name, line, call in raise_sites():
        code = next(k.value for k in call.keywords if k.arg == "code")
        first = call.args[0] if call.args else None
        if not isinstance(code, ast.Constant):
            continue  # passed on from the error it wraps (error.code)
        assert CODE.match(code.value), f"{name}:{line}: {code.value!r}"
        if (
            isinstance(first, ast.Call)
            and isinstance(first.func, ast.Name)
            and first.func.id == "gettext_noop"
        ):
            template = first.args[0].value  # type: ignore[attr-defined]
            for match in PLACEHOLDER.finditer(template):
                assert match.group(1), f"{name}:{line}: positional placeholder in {template!r}"
            templates.setdefault(code.value, set()).add(template)
    assert len(templates) > 80
    several = {code: t for code, t in templates.items() if len(t) > 1}
    assert not several


def refusals() -> list[EngineError]:
    """A refusal of each kind, raised through the public API."""
    clabber = get_ruleset("clabber")
    two = get_ruleset("klaberjass")
    three = get_ruleset("klaberjass-3")
    attempts = [
        lambda: score_deal(clabber, Deal(makers=0, card_points=(80, 81))),
        lambda: score_deal(clabber, Deal(makers=0, card_points=(170, 0))),
        lambda: score_deal(clabber, Deal(makers=0, card_points=(1, 161))),
        lambda: score_deal(two, Deal(makers=0, card_points=(80, 82), melds=(("four_A",), ()))),
        lambda: score_deal(
            clabber, Deal(makers=0, card_points=(80, 82), melds=(("four_A", "four_A"), ()))
        ),
        lambda: score_deal(
            clabber, Deal(makers=0, card_points=(80, 82), melds=(("run3",), ("run3",)))
        ),
        lambda: score_deal(three, Deal(makers=0, card_points=(80, 80, 1))),
        lambda: score_deal(two, Deal(makers=0, card_points=(80, 82), melds=(("run5", "run5"), ()))),
        lambda: score_deal(three, Deal(void=True, renege=0)),
        lambda: score_deal(
            get_ruleset("klabberjass-100"),
            Deal(
                makers=0,
                card_points=(80, 82),
                declared=((Declared.run(3, "K"),), (Declared.run(3, "K"),)),
            ),
        ),
        lambda: score_deal(
            clabber,
            Deal(
                makers=0,
                card_points=(80, 82),
                declared=((Declared.run(3, "J"), Declared.four("J")), ()),
            ),
        ),
        lambda: Declared.run(3, "8"),
        lambda: score_deal(
            clabber, Deal(makers=0, card_points=(80, 82), declared=((Declared.four("7"),), ()))
        ),
        lambda: play_game(two, [Deal(makers=0, card_points=(1, 161))]),
        lambda: play_game(two.replace(target=100), [Deal(makers=0, card_points=(162, 0))] * 2),
        lambda: get_ruleset("clabber", target=0),
        lambda: get_ruleset("nope"),
        lambda: validate_keys(["nope"]),
        lambda: single_elimination(3, third_place=True),
        lambda: check_tournament_start("pools", 3, pool_count=2, pool_top_k=2),
        lambda: check_tournament_start("single", 3, third_place=True),
        lambda: MatchFormat(games=2, best_of=True),
        lambda: typed_games(MatchFormat(games=1), [(100, 90)], 500),
        lambda: table_draw([(1, 2), (3, 4)], tables=[5]),
    ]
    found = []
    for number, attempt in enumerate(attempts):
        try:
            attempt()
        except EngineError as error:
            found.append(error)
        else:
            raise AssertionError(f"attempt {number} was not refused")
    return found


def test_the_english_is_template_and_params():
    for error in refusals():
        assert error.code, error
        expected = error.template % error.params if error.params else error.template
        assert str(error) == error.message == expected
        assert isinstance(error.message, Term)


def test_messages_unchanged():
    clabber = get_ruleset("clabber")
    with pytest.raises(InvalidDeal) as caught:
        score_deal(clabber, Deal(makers=0, card_points=(80, 81)))
    error = caught.value
    assert str(error) == (
        "Evansville Clabber plays every card: card points must add up to 162, these add up to 161."
    )
    assert error.code == "deal.card_points_total"
    assert error.template == (
        "%(game)s plays every card: card points must add up to %(total)d, these add up to "
        "%(summed)d."
    )
    assert error.params == {"game": "Evansville Clabber", "total": 162, "summed": 161}
    assert isinstance(error.params["game"], Term)
    assert (error.field, error.side) == ("card_points", None)


def test_word_params_are_terms():
    rules = get_ruleset("clabber")
    with pytest.raises(InvalidDeal) as caught:
        score_deal(rules, Deal(makers=0, card_points=(170, 0)))
    who = caught.value.params["who"]
    assert who == "Partnership 1"
    assert isinstance(who, Term)
    assert (who.template, who.params) == ("Partnership %(number)d", {"number": 1})
    # A given name is the user's words: not a Term, never translated.
    with pytest.raises(InvalidDeal) as caught:
        score_deal(rules, Deal(makers=0, card_points=(170, 0)), side_names=("Anna & Ben", "Cy"))
    assert caught.value.params["who"] == "Anna & Ben"
    assert not isinstance(caught.value.params["who"], Term)


def test_a_deal_in_a_game_nests_the_deals_refusal():
    rules = get_ruleset("klaberjass")
    with pytest.raises(InvalidDeal) as caught:
        play_game(
            rules, [Deal(makers=0, card_points=(100, 62)), Deal(makers=0, card_points=(1, 161))]
        )
    error = caught.value
    assert error.code == "game.deal"
    assert str(error).startswith("Deal 2: Player 1 has 1 card points")
    inner = error.params["message"]
    assert isinstance(inner, Term) and inner.template.startswith("%(who)s has %(points)d")


def test_format_problems_carry_codes():
    problems = competition_problems(
        get_ruleset("clabber"), entrant_kind="players", tiebreaks=[], games_per_match=0
    )
    assert [p.code for p in problems] == [
        "format.partnerships_game",
        "format.no_tiebreak",
        "format.match_length",
    ]
    assert all(isinstance(p.message, Term) for p in problems)
    with pytest.raises(InvalidFormat) as caught:
        check_tournament_start("single", 3, third_place=True)
    assert caught.value.code == "bracket.third_place"


def test_every_error_class_is_an_engine_error():
    for cls in (
        InvalidDeal,
        InvalidRuleset,
        InvalidFormat,
        InvalidMatch,
        InvalidStandings,
        InvalidPairing,
        InvalidBracket,
    ):
        assert issubclass(cls, EngineError) and issubclass(cls, ValueError)


def test_labels_are_marked_terms():
    assert all(isinstance(label, Term) for label in MELD_LABELS.values())
    assert all(isinstance(rules.name, Term) for rules in PRESETS.values())
    assert all(isinstance(rules.description, Term) for rules in PRESETS.values())
    for tiebreak in TIEBREAKS.values():
        assert isinstance(tiebreak.name, Term) and isinstance(tiebreak.description, Term)
        assert tiebreak.label.context == "standings column, short"
    assert all(isinstance(s.heading, Term) for s in STAT_LABELS.values())


def test_terms_copy_pickle_and_show_escaped():
    term = Term(gettext_noop("%(name)s's"), name=Term("<b> & co"))
    assert term == "<b> & co's"
    for again in (copy.deepcopy(term), pickle.loads(pickle.dumps(term))):
        assert again == term and again.template == term.template
        assert again.params == term.params
    before = errors._show  # the web side's, when its tests run in the same process
    try:
        show_terms_with(None)
        assert term.__html__() == "&lt;b&gt; &amp; co&#x27;s"
        show_terms_with(lambda t: t.upper())
        assert term.__html__() == "&lt;B&gt; &amp; CO&#x27;S"
    finally:
        show_terms_with(before)
