"""The benchmark runner finds bench_*.py modules and prints what their run() returns."""

from pathlib import Path

from bench.run import discover, main


def write(directory: Path, name: str, body: str) -> None:
    (directory / name).write_text(body)


def test_runner_prints_each_benchmark_lines_in_file_order(tmp_path: Path) -> None:
    write(tmp_path, "bench_b.py", "def run():\n    return ['b: 2 ms']\n")
    write(tmp_path, "bench_a.py", "def run():\n    return ['a: 1 ms', 'a: 3 ms']\n")
    write(tmp_path, "helpers.py", "raise RuntimeError('not a benchmark: never imported')\n")
    printed: list[str] = []
    assert main(["run.py"], directory=tmp_path, out=printed.append) == 0
    assert [line for line in printed if not line.startswith("==")] == [
        "a: 1 ms",
        "a: 3 ms",
        "b: 2 ms",
    ]
    assert [line.split(" (")[0] for line in printed if line.startswith("==")] == ["== a", "== b"]


def test_runner_filters_by_name_and_says_when_nothing_matches(tmp_path: Path) -> None:
    write(tmp_path, "bench_engine.py", "def run():\n    return ['engine']\n")
    write(tmp_path, "bench_pages.py", "def run():\n    return ['pages']\n")
    printed: list[str] = []
    main(["run.py", "engine"], directory=tmp_path, out=printed.append)
    assert printed[1:] == ["engine"]
    printed.clear()
    main(["run.py", "pdf"], directory=tmp_path, out=printed.append)
    assert printed == [f"no benchmarks found: {tmp_path}/bench_*.py matching ['pdf']"]


def test_a_module_without_run_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "bench_broken.py", "x = 1\n")
    try:
        discover(tmp_path)
    except TypeError as error:
        assert "bench_broken.py has no run()" in str(error)
    else:
        raise AssertionError("a module without run() was accepted")


def test_the_standings_bench_inserts_every_column_of_a_deal():
    # The 300,000-deal season is written by raw COPY / executemany (bench/standings_db.py),
    # which no database default rescues: a new Deal column must be added there too, or
    # `make bench` fails on a NOT NULL column (it did once, for Deal.declared).
    from bench.standings_db import DEAL_COLUMNS
    from league.models import Deal

    columns = {f.column for f in Deal._meta.concrete_fields if not f.primary_key}
    assert columns == set(DEAL_COLUMNS)


def test_the_standings_bench_holds_the_page_to_the_stored_sides_sum():
    # Issue 11's yardstick, tightened by issue 22: the page within 2x the SQL sum of the stored
    # fixture sides; the sum over the deals is only shown beside it. rebuild_ratings within 5x.
    from bench.bench_standings import report

    made = {"entrants": 200, "nights": 173, "fixtures": 17300, "games": 51900}
    made |= {"deals": 301126, "seconds": 20.0, "tally_seconds": 0.5}
    result = {
        "made": made, "page": 0.040, "page_bytes": 66_000, "sides_floor": 0.012,
        "floor": 0.300, "selector": 0.010, "fetch": 0.004, "render": 0.012,
        "sides_selector": 0.400, "fixture_sides": 34600, "agree": True, "same_table": True,
        "positions": 0.8, "positions_nights": 173, "positions_agree": True,
        "ratings": {
            "rated_games": 51900, "rebuild": 30.0, "read": 2.0, "rate": 6.0, "bare": 3.0,
            "deterministic": True, "players": 600, "changes": 311400,
        },
    }  # fmt: skip
    lines = report("postgresql", result)
    assert "ratio 3.33 (target <= 2): OVER TARGET" in lines[1]
    assert "fixture-side sums by entrant in SQL 12 ms" in lines[1]
    result |= {"page": 0.018, "same_table": False}
    lines = report("postgresql", result)
    assert "ratio 1.50 (target <= 2): within target" in lines[1]
    assert lines[-1] == "standings postgresql: THE TABLE DIFFERS between the tallies and the sides"
    ratings = next(line for line in lines if line.startswith("ratings postgresql"))
    assert "51,900 games" in ratings and "rebuild 10.0x the floor, rating alone 2.0x" in ratings
    assert ratings.endswith("(target: rebuild <= 5x): OVER TARGET")
    result["ratings"]["rebuild"] = 15.0
    ratings = next(line for line in report("postgresql", result) if line.startswith("ratings"))
    assert ratings.endswith(
        "rebuild 5.0x the floor, rating alone 2.0x (target: rebuild <= 5x): within target"
    )
    result["ratings"]["deterministic"] = False
    assert "ratings postgresql: TWO REBUILDS DIFFER" in report("postgresql", result)
