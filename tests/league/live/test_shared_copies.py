"""The copy one web process renders after an event, taken by the others rather than rendered
again (league.live.shared_copies): only while served_once would serve its own copy, only from
a folder nobody else may read or write, never another page's."""

from __future__ import annotations

import fcntl
import os
import threading
import time

import pytest
from django.test import Client

from league.live import page_cache
from league.live.shared_copies import SharedCopies

from .test_page_cache import (  # noqa: F401
    copies_on,
    evening,
    evening_url,
    renders,
    type_first_table,
)

pytestmark = pytest.mark.django_db


def another_process() -> None:
    """What another web process has: no copy of its own (the folder is the computer's)."""
    page_cache.COPIES.clear()


def test_another_process_takes_the_copy_rather_than_render_it(evening, renders):  # noqa: F811
    first = Client().get(evening_url(evening))
    another_process()
    second = Client().get(evening_url(evening))
    assert renders == ["evening"]
    assert second.status_code == 200
    assert b"Friday drive" in second.content and len(second.content) == len(first.content)


def test_after_an_event_the_shared_copy_is_rendered_again(evening, renders):  # noqa: F811
    Client().get(evening_url(evening))
    type_first_table(evening, scores=(1601, 1071))
    another_process()
    fresh = Client().get(evening_url(evening))
    assert renders == ["evening", "evening"] and b"1601" in fresh.content
    another_process()
    assert b"1601" in Client().get(evening_url(evening)).content
    assert renders == ["evening", "evening"]


def test_a_shared_copy_too_old_is_rendered_again(evening, renders, monkeypatch):  # noqa: F811
    Client().get(evening_url(evening))
    another_process()
    later = time.time() + 5
    monkeypatch.setattr(page_cache.time, "time", lambda: later)
    Client().get(evening_url(evening))
    assert renders == ["evening", "evening"]


def test_a_damaged_or_another_page_s_slot_is_no_copy(tmp_path, monkeypatch):
    monkeypatch.setattr("league.live.shared_copies.SLOTS", 1)  # every key in one slot
    shared = SharedCopies(tmp_path)
    head = {"version": 3, "made": time.time(), "content_type": "text/html", "csrf_token": ""}
    shared.write(("http", "a", "/one/", "en", "UTC"), head, b"<p>one</p>")
    assert shared.read(("http", "a", "/one/", "en", "UTC")) == (
        {**head, "key": ["http", "a", "/one/", "en", "UTC"]},
        b"<p>one</p>",
    )
    assert shared.read(("http", "a", "/two/", "en", "UTC")) is None
    (tmp_path / "copy-000").write_bytes(b"\xff not json\n<p>")
    assert shared.read(("http", "a", "/one/", "en", "UTC")) is None
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".new-")] == []


def test_a_folder_others_may_use_is_not_used(tmp_path, settings):
    open_folder = tmp_path / "open"
    open_folder.mkdir()
    os.chmod(open_folder, 0o755)
    settings.LIVE_PAGE_COPY_DIR = str(open_folder)
    assert SharedCopies.here() is None
    settings.LIVE_PAGE_COPY_DIR = str(tmp_path / "a-file")
    (tmp_path / "a-file").write_text("")
    assert SharedCopies.here() is None
    settings.LIVE_PAGE_COPY_DIR = str(tmp_path / "mine")
    made = SharedCopies.here()
    assert made is not None and (tmp_path / "mine").stat().st_mode & 0o777 == 0o700


def test_a_process_waits_for_another_s_rendering_then_takes_its_turn(tmp_path):
    shared = SharedCopies(tmp_path)
    key = ("http", "a", "/one/", "en", "UTC")
    with shared.rendering(key, 1.0, lambda: None):
        pass  # makes the lock file
    lock = next(p for p in tmp_path.iterdir() if p.suffix == ".lock")
    other = os.open(lock, os.O_RDWR)
    fcntl.flock(other, fcntl.LOCK_EX)  # another process renders
    waited: list[str] = []
    with shared.rendering(key, 0.05, lambda: waited.append("gave back")) as held:
        assert held is False  # the wait ran out: render without the turn
    assert waited == ["gave back"]
    threading.Timer(0.05, lambda: fcntl.flock(other, fcntl.LOCK_UN)).start()
    started = time.monotonic()
    with shared.rendering(key, 5.0, lambda: None) as held:
        assert held is True and time.monotonic() - started >= 0.04
    os.close(other)


def test_a_folder_gone_meanwhile_is_no_error(tmp_path):
    shared = SharedCopies(tmp_path / "gone")
    key = ("http", "a", "/one/", "en", "UTC")
    with shared.rendering(key, 1.0, lambda: None) as held:
        assert held is False
    shared.write(key, {"version": 1}, b"<p>")
    assert shared.read(key) is None
