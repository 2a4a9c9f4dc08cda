"""`manage.py demo` and a database that is not empty: it refuses to write over one, and
``--reset`` replaces the demo's own data, keeping accounts that are not the demo's."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from league.models import Deal, DealAudit, Game

pytestmark = pytest.mark.django_db

PASSWORD = "hicksheet-demo"


def demo(*args: str) -> str:
    out = io.StringIO()
    call_command("demo", *args, stdout=out)
    return out.getvalue()


def counts() -> dict[str, object]:
    return {
        "games": Game.objects.count(),
        "deals": Deal.objects.count(),
        "audit": DealAudit.objects.count(),
        "users": sorted(User.objects.values_list("username", flat=True)),
        "standings": sorted(
            (g.preset, tuple(g.side_names), tuple(g.totals), g.winner, g.held, g.deal_count)
            for g in Game.objects.all()
        ),
    }


def test_the_demo_refuses_a_database_that_is_not_empty_and_reset_replaces_it():
    demo()
    before = counts()
    with pytest.raises(CommandError, match="not empty"):
        demo()
    assert counts() == before

    out = demo("--reset")
    assert "Reset: deleted" in out
    assert counts() == before


def test_a_database_with_only_an_account_is_not_empty():
    User.objects.create_user("someone", password=PASSWORD)
    with pytest.raises(CommandError):
        demo()
    assert not Game.objects.exists()
    # --reset keeps accounts that are not the demo's.
    demo("--reset")
    assert User.objects.filter(username="someone").exists()
