"""The standings benchmark's database work, run in a subprocess with ``bench.http_settings``
(the site's settings, every value from the environment):

``python -m bench.standings_db`` migrates a fresh database, collects the static files, writes
a generated season (:func:`generate`), then times the standings page beside the floor
(:func:`measure`) and prints what it found as one line of JSON.

The season: one club, one Evansville Clabber league of ``ENTRANTS`` partnerships playing
best-of-three matches, a round robin night after night (100 tables a night) until
``DEALS`` deals are in. Every game is a real one: a pool of games is played through the
engine from random but plausible deals (makers make trump about three times in four, melds
and belles now and then), and each fixture takes three games from the pool. The rows are
written as the services would have written them: the deals with the engine's points, marks
and running totals, the games with their totals and per-side statistics, the fixture sides
with the figures ``fixture_recompute`` writes, and each entrant's kept tally written once
from those (``tallies_rebuild``, as ``manage.py recompute_tallies``); ``bulk_create`` in
batches of 5,000 for all but the deals, which go in by COPY (PostgreSQL) or executemany
(SQLite), see :func:`_insert_deals`. The benchmark process itself never imports Django:
other benchmarks share it.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
import uuid
from dataclasses import asdict

ENTRANTS = 200
DEALS = 300_000
GAMES_PER_MATCH = 3
POOL = 600  # distinct games played through the engine, reused across fixtures
RUNS = 7  # timed runs of each measurement, after WARM_UP untimed ones
WARM_UP = 2
BATCH = 5_000
TIEBREAKS = ["match_points", "point_difference", "points_for", "buchholz"]


def _random_deal(rng: random.Random):
    from scoring import Deal

    makers = rng.randrange(2)
    # The makers take most of the 162 card points three times in four, and are set otherwise.
    mine = rng.randint(82, 162) if rng.random() < 0.75 else rng.randint(20, 80)
    if mine in (1, 161):
        mine += 1 if mine == 1 else -1
    cards = [0, 0]
    cards[makers], cards[1 - makers] = mine, 162 - mine
    melds: list[tuple[str, ...]] = [(), ()]
    if rng.random() < 0.25:
        melds[rng.randrange(2)] = (rng.choice(["run3", "run3", "run3", "run4"]),)
    belle = rng.randrange(2) if rng.random() < 0.15 else None
    return Deal(makers=makers, card_points=tuple(cards), melds=tuple(melds), belle=belle)


def game_pool(rules, size: int, seed: int = 11) -> list[dict]:
    """``size`` finished games, each as the rows the services would have stored."""
    from scoring import InvalidDeal, play_game, score_deal
    from scoring.game import game_winner, side_stats

    rng = random.Random(seed)
    pool = []
    while len(pool) < size:
        deals, totals, held = [], [0, 0], 0
        while game_winner(totals, rules.target) is None and len(deals) < 60:
            deal = _random_deal(rng)
            try:
                result = score_deal(rules, deal, held=held)
            except InvalidDeal:
                continue
            deals.append(deal)
            totals = [t + p for t, p in zip(totals, result.points, strict=True)]
            held = result.held
        played = play_game(rules, deals)
        if played.winner is None:
            continue
        pool.append(
            {
                "deals": [
                    {
                        "makers": d.makers,
                        "card_points": list(d.card_points),
                        "melds": [list(m) for m in d.melds],
                        "belle": d.belle,
                        "points": list(r.points),
                        "marks": list(r.marks),
                        "made": r.made,
                        "running": list(run),
                        "held": r.held,
                    }
                    for d, r, run in zip(deals, played.results, played.running, strict=True)
                ],
                "totals": list(played.totals),
                "winner": played.winner,
                "held": played.held,
                "side_stats": [asdict(s) for s in side_stats(rules, deals, played)],
            }
        )
    return pool


def _bulk(model, rows: list, batch: int = BATCH) -> list:
    return model.objects.bulk_create(rows, batch_size=batch)


def generate() -> dict[str, object]:
    """Write the season; returns the competition's slug and what was written."""
    from django.contrib.auth import get_user_model

    from league.models import (
        Club,
        Competition,
        Entrant,
        EntrantKind,
        Fixture,
        FixtureSide,
        FixtureStatus,
        Game,
        Partnership,
        Player,
        Round,
    )
    from scoring import get_ruleset
    from scoring.pairing import round_robin
    from scoring.stats import STAT_FIELDS

    started = time.perf_counter()
    rules = get_ruleset("clabber")
    pool = game_pool(rules, POOL)
    rng = random.Random(5)
    user = get_user_model().objects.create_user("bench-organiser", password="bench-organiser-7")
    club = Club.objects.create(name="Bench Clabber League", slug="bench")
    competition = Competition.objects.create(
        club=club,
        name="Big season",
        slug="bench-big-season",
        ruleset_data=rules.to_data(),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        games_per_match=GAMES_PER_MATCH,
        tiebreaks=TIEBREAKS,
        created_by=user,
    )
    players = _bulk(
        Player, [Player(club=club, name=f"Player {i:03d}") for i in range(2 * ENTRANTS)]
    )
    pairs = _bulk(
        Partnership,
        [
            Partnership(club=club, first=players[2 * i], second=players[2 * i + 1])
            for i in range(ENTRANTS)
        ],
    )
    entrants = _bulk(
        Entrant,
        [
            Entrant(competition=competition, partnership=pair, name=pair.players_text)
            for pair in pairs
        ],
    )
    plan = round_robin([e.pk for e in entrants])

    # Which pool games each fixture plays, night by night, until the deals are in.
    nights: list[list[tuple[int, int, list[int]]]] = []
    deal_count = 0
    for pairs_of_night in plan:
        night = []
        for home, away in pairs_of_night:
            games = [rng.randrange(POOL) for _ in range(GAMES_PER_MATCH)]
            night.append((home, away, games))
            deal_count += sum(len(pool[g]["deals"]) for g in games)
        nights.append(night)
        if deal_count >= DEALS:
            break
    if deal_count < DEALS:
        raise RuntimeError(f"a round robin of {ENTRANTS} gives only {deal_count} deals")

    rounds = _bulk(
        Round, [Round(competition=competition, number=n) for n in range(1, len(nights) + 1)]
    )
    fixtures = _bulk(
        Fixture,
        [
            Fixture(
                competition=competition,
                round=night_row,
                table=str(table),
                status=FixtureStatus.PLAYED,
                finished=True,
            )
            for night_row, night in zip(rounds, nights, strict=True)
            for table, _ in enumerate(night, start=1)
        ],
    )
    matches = [match for night in nights for match in night]

    sides, games = [], []
    ruleset_data = rules.to_data()
    for fixture, (home, away, chosen) in zip(fixtures, matches, strict=True):
        won, points = [0, 0], [0, 0]
        stats = [dict.fromkeys(STAT_FIELDS, 0), dict.fromkeys(STAT_FIELDS, 0)]
        for number in chosen:
            game = pool[number]
            won[game["winner"]] += 1
            for side in (0, 1):
                points[side] += game["totals"][side]
                for name in STAT_FIELDS:
                    stats[side][name] += game["side_stats"][side][name]
            games.append(
                Game(
                    title=f"Big season, round {fixture.round.number}",
                    preset=rules.preset,
                    ruleset_data=ruleset_data,
                    side_names=[f"Entrant {home}", f"Entrant {away}"],
                    table=fixture.table,
                    fixture=fixture,
                    created_by=user,
                    totals=game["totals"],
                    held=game["held"],
                    winner=game["winner"],
                    deal_count=len(game["deals"]),
                    side_stats=game["side_stats"],
                )
            )
        winner = 0 if won[0] > won[1] else 1  # three games: never level
        fixture.winner = winner
        for side, entrant in ((0, home), (1, away)):
            sides.append(
                FixtureSide(
                    fixture=fixture,
                    side=side,
                    entrant_id=entrant,
                    result="win" if side == winner else "loss",
                    games_won=won[side],
                    games_lost=won[1 - side],
                    points_for=points[side],
                    points_against=points[1 - side],
                    **stats[side],
                )
            )
    Fixture.objects.bulk_update(fixtures, ["winner"], batch_size=BATCH)
    _bulk(FixtureSide, sides)
    games = _bulk(Game, games)

    game_numbers = [number for _, _, chosen in matches for number in chosen]
    written = _insert_deals(
        ((game.pk, number) for game, number in zip(games, game_numbers, strict=True)),
        pool,
        user.pk,
    )
    # The services keep each entrant's tally as its fixtures finish; rows written in bulk
    # behind their back need them written once, as `manage.py recompute_tallies` does.
    tallied = time.perf_counter()
    from league.competitions.tallies import tallies_rebuild

    tallies_rebuild([competition.pk])
    tally_seconds = time.perf_counter() - tallied
    _analyze()
    return {
        "tally_seconds": tally_seconds,
        "slug": competition.slug,
        "entrants": len(entrants),
        "nights": len(rounds),
        "fixtures": len(fixtures),
        "games": len(games),
        "deals": written,
        "seconds": time.perf_counter() - started,
    }


# The deals' columns, in the order the inserts give them.
DEAL_COLUMNS = (
    "game_id",
    "number",
    "makers",
    "card_points",
    "melds",
    "declared",
    "belle",
    "renege",
    "void",
    "void_reason",
    "no_trump",
    "points",
    "marks",
    "made",
    "running",
    "held",
    "entry_key",
    "version",
    "dealer",
    "created_by_id",
    "created_at",
    "updated_at",
    "meld_points",
    "all_tricks",
    "bid",
    "contre",
    "bonuses",
    "meld_scored",
)
JSON_COLUMNS = (
    "card_points",
    "melds",
    "declared",
    "points",
    "marks",
    "running",
    "bonuses",
    "meld_scored",
)


def _insert_deals(games, pool: list[dict], user_id: int) -> int:
    """Insert every game's deals (``games``: (game id, pool index) pairs) straight into the
    table: COPY on PostgreSQL, executemany on SQLite, in batches of BATCH.

    Not bulk_create: for 300,000 rows Django prepares every value of every row (and on
    PostgreSQL psycopg quotes the arrays of its UNNEST insert in Python), which took three
    quarters of the run. Here each pool deal's values are prepared once, as Django would
    store them, and a row adds only its game, its number and a fresh entry key."""
    from django.db import connection, transaction
    from django.utils import timezone

    from league.models import Deal

    now = Deal._meta.get_field("created_at").get_db_prep_save(timezone.now(), connection)
    pg = connection.vendor == "postgresql"

    def prepared(number: int, row: dict) -> tuple:
        values = {
            "number": number,
            "renege": "",
            "declared": [],
            "void": False,
            "void_reason": "",
            "no_trump": False,
            "version": 1,
            "dealer": None,  # who dealt follows from the game's first dealer
            "created_by_id": user_id,
            "created_at": now,
            "updated_at": now,
            "entry_key": None,  # a fresh one a row
            # part two's inputs: none in these clabber deals (SQL NULL, not JSON null)
            "meld_points": None,
            "all_tricks": None,
            "bid": "",
            "contre": 0,
            "bonuses": [],
            "meld_scored": [],
            **row,
        }
        for name in JSON_COLUMNS:
            values[name] = json.dumps(values[name])
        return tuple(values[c] for c in DEAL_COLUMNS[1:])

    ready = [[prepared(n, row) for n, row in enumerate(game["deals"], start=1)] for game in pool]
    key_at = DEAL_COLUMNS.index("entry_key") - 1

    def rows():
        for game_id, number in games:
            for values in ready[number]:
                key = uuid.uuid4()
                yield (
                    game_id,
                    *values[:key_at],
                    str(key) if pg else key.hex,
                    *values[key_at + 1 :],
                )

    written = 0
    columns = ", ".join(DEAL_COLUMNS)
    with transaction.atomic(), connection.cursor() as cursor:
        if pg:
            with cursor.cursor.copy(f"COPY league_deal ({columns}) FROM STDIN") as copy:
                for row in rows():
                    copy.write_row(row)
                    written += 1
        else:
            marks = ", ".join(["%s"] * len(DEAL_COLUMNS))
            sql = f"INSERT INTO league_deal ({columns}) VALUES ({marks})"
            batch = []
            for row in rows():
                batch.append(row)
                if len(batch) >= BATCH:
                    cursor.executemany(sql, batch)
                    written += len(batch)
                    batch = []
            cursor.executemany(sql, batch)
            written += len(batch)
    return written


def _analyze() -> None:
    """Planner statistics, as a database that grew by use would have them."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def floor_sql(vendor: str) -> str:
    """Each entrant's game points summed over every deal it played: deals to games to the
    fixture's sides, the side's own entry of the deal's points."""
    if vendor == "postgresql":
        side_points = "CASE WHEN fs.side = 0 THEN (d.points->>0)::int ELSE (d.points->>1)::int END"
    else:
        side_points = (
            "CASE WHEN fs.side = 0 THEN json_extract(d.points, '$[0]') "
            "ELSE json_extract(d.points, '$[1]') END"
        )
    return (
        f"SELECT fs.entrant_id, SUM({side_points}) "
        "FROM league_deal d "
        "JOIN league_game g ON g.id = d.game_id "
        "JOIN league_fixture f ON f.id = g.fixture_id "
        "JOIN league_fixtureside fs ON fs.fixture_id = g.fixture_id "
        "WHERE f.competition_id = %s "
        "GROUP BY fs.entrant_id"
    )


SIDES_SQL = (
    "SELECT fs.entrant_id, SUM(fs.points_for), SUM(fs.points_against), COUNT(*) "
    "FROM league_fixtureside fs JOIN league_fixture f ON f.id = fs.fixture_id "
    "WHERE f.competition_id = %s AND f.finished GROUP BY fs.entrant_id"
)


def _timed(work, runs: int = RUNS) -> tuple[float, object]:
    for _ in range(WARM_UP):
        result = work()
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        result = work()
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds), result


def _alternating(first, second, runs: int = RUNS) -> tuple[tuple[float, object], ...]:
    """Like :func:`_timed` for two pieces of work, run in turns, so that a change in the
    machine's load (other processes) falls on both."""
    for _ in range(WARM_UP):
        first(), second()
    times: tuple[list[float], list[float]] = ([], [])
    results: list[object] = [None, None]
    for _ in range(runs):
        for i, work in enumerate((first, second)):
            started = time.perf_counter()
            results[i] = work()
            times[i].append(time.perf_counter() - started)
    return tuple((statistics.median(t), r) for t, r in zip(times, results, strict=True))


def measure(slug: str) -> dict[str, object]:
    """Median server times: the standings page through Django's test client (middleware,
    view, selector, table, template), its parts, and the floors: the target one (the stored
    fixture sides summed per entrant in SQL) and the deals summed per entrant."""
    from django.contrib.auth.models import AnonymousUser
    from django.db import connection
    from django.test import Client, RequestFactory

    from league.competitions import fixture_views, selectors
    from league.models import Competition

    client = Client()
    path = f"/c/{slug}/standings/"

    def page() -> int:
        response = client.get(path)
        if response.status_code != 200:
            raise RuntimeError(f"GET {path}: {response.status_code}")
        return len(response.content)

    competition = Competition.objects.select_related("club").get(slug=slug)

    def floor() -> list:
        with connection.cursor() as cursor:
            cursor.execute(floor_sql(connection.vendor), [competition.pk])
            return cursor.fetchall()

    def sides_floor() -> list:
        with connection.cursor() as cursor:
            cursor.execute(SIDES_SQL, [competition.pk])
            return cursor.fetchall()

    # The target: the page against the stored fixture-side sums, timed in turns.
    (page_seconds, size), (sides_seconds, _) = _alternating(page, sides_floor)
    floor_seconds, floor_rows = _timed(floor)

    # Where the page's time goes: the selector (the entrants with their kept tallies, one
    # query, then ranked), the tallies' query alone, and the table and template.
    def tallies_query() -> list:
        return list(
            competition.entrants.values_list(
                "id", "name", "player_id", "partnership_id",
                *(f"tally__{c}" for c in selectors.TALLY_COLUMNS),
            )
        )  # fmt: skip

    fetch_seconds, _ = _timed(tallies_query)
    selector_seconds, lines = _timed(lambda: selectors.competition_standings(competition))

    def render() -> int:
        request = RequestFactory().get(path)
        request.user = AnonymousUser()
        return len(fixture_views.render_standings_page(request, competition, lines).content)

    render_seconds, _ = _timed(render)
    # The table as it was worked out before the tallies were kept: from every fixture side.
    sides_selector_seconds, from_sides = _timed(
        lambda: selectors.competition_standings_from_sides(competition), runs=3
    )
    # The position chart's figures worked out afresh: every entrant's position after each
    # night (the page keeps them in the cache under the table's figures, so the first read
    # after a result pays this and the page timed above reads them kept).
    from django.core.cache import cache

    def positions() -> object:
        cache.clear()
        return selectors.competition_positions(competition, lines)

    positions_seconds, night_positions = _timed(positions, runs=3)
    ranks = getattr(night_positions, "ranks", {})
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT COUNT(*) FROM league_fixtureside fs JOIN league_fixture f "
            "ON f.id = fs.fixture_id WHERE f.competition_id = %s AND f.finished",
            [competition.pk],
        )
        (fixture_sides,) = cursor.fetchone()
    # Every entrant's points for, as the page shows them, must be what the deals add up to,
    # and the table from the kept tallies the one from the fixture sides.
    from_deals = {entrant: int(total) for entrant, total in floor_rows}
    shown = {line.entrant_id: line.row.points_for for line in lines}
    return {
        "vendor": connection.vendor,
        "page": page_seconds,
        "page_bytes": size,
        "floor": floor_seconds,
        "sides_floor": sides_seconds,
        "fetch": fetch_seconds,
        "fixture_sides": fixture_sides,
        "selector": selector_seconds,
        "render": render_seconds,
        "sides_selector": sides_selector_seconds,
        "agree": from_deals == shown,
        "same_table": from_sides == lines,
        "positions": positions_seconds,
        "positions_nights": len(getattr(night_positions, "nights", ())),
        "positions_agree": all(ranks[line.entrant_id][-1] == line.row.rank for line in lines),
    }


def _ratings_fingerprint() -> tuple:
    """What a rebuild wrote, summed past float noise: equal for two rebuilds of one season."""
    from league.models import CurrentRating, RatingChange

    current = sorted(
        (p, q or 0, round(mu, 9), round(sigma, 9), games)
        for p, q, mu, sigma, games in CurrentRating.objects.values_list(
            "player_id", "partner_id", "mu", "sigma", "games"
        )
    )
    return (len(current), hash(tuple(current)), RatingChange.objects.count())


def measure_ratings() -> dict[str, object]:
    """``manage.py rebuild_ratings`` on the season (read every finished game, rate it, write
    every change and current rating), its parts, and the floor: a bare openskill loop over the
    same games in memory (bench.bench_ratings.bare_loop). Two rebuilds must write the same."""
    from bench.bench_ratings import bare_loop
    from league.ratings.selectors import rateable_games
    from league.ratings.services import ratings_rebuild
    from scoring.ratings import rebuild

    started = time.perf_counter()
    count = ratings_rebuild()
    first_seconds = time.perf_counter() - started
    first = _ratings_fingerprint()
    started = time.perf_counter()
    ratings_rebuild()
    second_seconds = time.perf_counter() - started
    same = _ratings_fingerprint() == first
    read_seconds, games = _timed(rateable_games, runs=1)
    finished = [g.finished() for g in games]  # type: ignore[attr-defined]
    rate_seconds, _ = _timed(lambda: rebuild(finished), runs=1)
    bare_seconds, _ = _timed(lambda: bare_loop(finished), runs=1)
    return {
        "rated_games": count,
        "rebuild": min(first_seconds, second_seconds),
        "read": read_seconds,
        "rate": rate_seconds,
        "bare": bare_seconds,
        "deterministic": same,
        "players": first[0],
        "changes": first[2],
    }


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.http_settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    made = generate()
    result = {"made": made, **measure(str(made["slug"])), "ratings": measure_ratings()}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
