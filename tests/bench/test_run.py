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
