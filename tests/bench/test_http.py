"""The HTTP benchmark's pieces that can be checked without a server: its settings and URLs,
the bare insert it measures against, the deals its scorers send, and how it counts lost and
doubled deals. (The figures themselves come from ``make bench``; nothing here is timed.)"""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import resolve

from bench import http_db, http_urls
from bench.bench_http import Sent, audit, deal_fields, one_game_line, percentile
from league.games.forms import DealForm
from scoring import get_ruleset


def test_bench_settings_are_the_sites_with_the_bench_urls() -> None:
    import bench.http_settings as bench_settings
    import league.settings as site_settings

    assert bench_settings.ROOT_URLCONF == "bench.http_urls"
    assert bench_settings.DATABASES == site_settings.DATABASES
    assert bench_settings.MIDDLEWARE == site_settings.MIDDLEWARE


def test_bench_urls_add_the_bare_insert_to_the_sites_urls() -> None:
    assert resolve("/bench/insert/", urlconf="bench.http_urls").func is http_urls.bare_insert
    assert resolve("/games/7/deals/", urlconf="bench.http_urls").url_name == "deal-add"


@pytest.mark.django_db
@pytest.mark.urls("bench.http_urls")
def test_the_bare_insert_is_a_csrf_checked_post_that_adds_one_row() -> None:
    from django.db import connection

    http_db._create_bare_table()
    client = Client(enforce_csrf_checks=True)
    assert client.get("/bench/insert/").status_code == 405
    assert client.post("/bench/insert/", {"value": "x"}).status_code == 403
    client.cookies["csrftoken"] = token = "a" * 32
    reply = client.post("/bench/insert/", {"value": "x", "csrfmiddlewaretoken": token})
    assert reply.status_code == 302
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT value FROM {http_db.BARE_TABLE}")
        assert cursor.fetchall() == [("x",)]


def test_the_benchmarks_deals_are_valid_entries() -> None:
    rules = get_ruleset("clabber").replace(target=100_000)
    for n in range(2):
        key = str(uuid.uuid4())
        form = DealForm(deal_fields(n, key), rules=rules, side_names=http_db.SIDES)
        assert form.is_valid(), form.errors
        assert form.deal is not None and form.deal.makers == n % 2
        assert form.cleaned_data["entry_key"] == uuid.UUID(key)


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.95) == 95.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([5.0], 0.95) == 5.0


def _stored(keys: list[str], numbers: list[int] | None = None) -> dict[str, object]:
    running = [162 * len(keys), 0]
    return {
        "games": {
            "1": {
                "keys": keys,
                "numbers": numbers or list(range(1, len(keys) + 1)),
                "deal_count": len(keys),
                "totals": running,
                "last_running": running,
            }
        },
        "bare_rows": 0,
    }


def test_audit_counts_lost_and_doubled_deals_and_odd_sheets() -> None:
    sent = Sent()
    sent.acked[1] = {"a", "b", "c"}
    assert audit(_stored(["a", "b", "c"]), sent, [1]) == (0, 0, [])
    lost, doubled, problems = audit(_stored(["a", "b", "b", "x"], [1, 2, 2, 4]), sent, [1])
    assert (lost, doubled) == (1, 1)
    assert any("never answered 302" in p for p in problems)
    assert any("numbered [1, 2, 2, 4]" in p for p in problems)


def test_the_one_game_line_gives_p95_and_errors_against_a_target_of_zero() -> None:
    sent = Sent()
    sent.posts = 3
    sent.seconds = [0.010, 0.020]
    sent.failed = ["deal: HTTP 500"]
    line = one_game_line("http sqlite 16 scorers on one game", sent, 0, 0)
    assert "3 posts" in line and "p95 20.0 ms" in line
    assert "errors 1 (deal: HTTP 500 x1) (target 0)" in line and line.endswith("OVER TARGET")
    sent.failed = []
    assert one_game_line("x", sent, 0, 0).endswith("deals lost 0, doubled 0")
