"""What ``make run`` starts is safe on a club's Wi-Fi: DEBUG off, a secret key of its own, the
laptop's own hosts, no finding from ``check --deploy``; error pages in the site's words with a
request id that the log also has; a refusal logged in one line; a Content-Security-Policy with
no inline script or style anywhere."""

from __future__ import annotations

import io
import logging
import re
import stat
from pathlib import Path

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from league.management.commands.serve import Command as Serve
from league.server import own_addresses, own_hosts, uvicorn_command
from tests.league.html import parse
from tests.league.test_settings import manage

ROOT = Path(__file__).resolve().parents[3]
DEV_KEY = "django-insecure-hicksheet-development-key-never-use-in-production"
SHOW = "from django.conf import settings as s; print(s.DEBUG, s.SECRET_KEY, s.ALLOWED_HOSTS)"


def shown(result) -> list[str]:
    """DEBUG, SECRET_KEY and ALLOWED_HOSTS as SHOW printed them (its last line)."""
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1].split(" ", 2)


# -- make run: the settings with no variable set ------------------------------------------------
def test_with_no_variable_set_debug_is_off_and_the_key_is_made_once_and_kept(tmp_path) -> None:
    key_file = tmp_path / "secret"
    first = manage("shell", "-c", SHOW, SECRET_KEY_FILE=str(key_file))
    debug, key, _ = shown(first)
    assert debug == "False"
    assert key != DEV_KEY and len(key) >= 50
    assert key_file.read_text().strip() == key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600  # the owner's only
    again = manage("shell", "-c", SHOW, SECRET_KEY_FILE=str(key_file))
    assert shown(again)[1] == key  # sessions survive a restart


def test_the_published_key_is_used_only_when_a_developer_turns_debug_on(tmp_path) -> None:
    result = manage("shell", "-c", SHOW, DEBUG="1", SECRET_KEY_FILE=str(tmp_path / "k"))
    assert shown(result)[:2] == ["True", DEV_KEY]
    assert not (tmp_path / "k").exists()


def test_the_key_file_is_git_ignored() -> None:
    assert ".secret_key" in (ROOT / ".gitignore").read_text().splitlines()


def test_with_no_hosts_set_the_laptop_answers_to_its_own_addresses(tmp_path) -> None:
    result = manage("shell", "-c", SHOW, SECRET_KEY_FILE=str(tmp_path / "k"))
    hosts = shown(result)[2]
    for host in ["localhost", "127.0.0.1", *own_addresses()]:
        assert repr(host) in hosts
    assert set(own_hosts()) >= {"localhost", "127.0.0.1"}


def test_deploy_check_reports_nothing_for_what_make_run_starts(tmp_path) -> None:
    result = manage(
        "check", "--deploy", "--fail-level", "DEBUG", SECRET_KEY_FILE=str(tmp_path / "k")
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


# -- manage.py serve (make run, make dev) -------------------------------------------------------
def test_serve_refuses_to_listen_beyond_loopback_with_debug_on() -> None:
    result = manage("serve", "--host", "0.0.0.0", DEBUG="1")
    assert result.returncode != 0
    assert "Refusing to serve 0.0.0.0 with DEBUG on" in result.stderr
    assert "make run" in result.stderr


def test_serve_prints_the_address_for_phones() -> None:
    shown = Serve.addresses("0.0.0.0", 8000)
    for address in own_addresses():
        assert f"http://{address}:8000/" in shown
    assert "this computer only" in Serve.addresses("127.0.0.1", 8000)


def test_make_run_serves_with_uvicorn_and_make_dev_asks_for_debug() -> None:
    makefile = (ROOT / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    dev = makefile.split("\ndev:", 1)[1].split("\n\n", 1)[0]
    assert "manage.py serve" in run and "runserver" not in run and "DEBUG" not in run
    assert "DEBUG=1" in dev
    command = uvicorn_command("0.0.0.0", 8000, 3)
    assert command[1:4] == ["-m", "uvicorn", "league.asgi:application"]
    assert "--workers=3" in command and "--host=0.0.0.0" in command


@override_settings(DEBUG=True)
def test_with_debug_on_only_this_computer_is_answered() -> None:
    client = Client(REMOTE_ADDR="192.0.2.9")
    response = client.get("/rules/")
    assert response.status_code == 403
    assert b"answers this computer only" in response.content
    assert Client().get("/rules/").status_code == 200


# -- error pages ----------------------------------------------------------------------------------
@pytest.fixture
def log_lines():
    """What the site's own log handler (settings.LOGGING's console) writes, as text."""
    handler = next(h for h in logging.getLogger().handlers if h.get_name() == "console")
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield stream
    handler.setStream(previous)


def test_a_404_is_the_sites_own_page_listing_no_url_pattern(db) -> None:
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    text = parse(response.content).text
    assert "There is no page here." in text and "go back to the start" in text
    assert "URLconf" not in text and "admin/" not in text


def test_a_403_says_whom_to_ask_and_logs_one_line(outsider_client, log_lines) -> None:
    response = outsider_client.get("/accounts/new/")
    assert response.status_code == 403
    text = parse(response.content).text
    assert "You are not allowed to do this" in text and "ask an organiser" in text
    logged = log_lines.getvalue().strip().splitlines()
    assert len(logged) == 1 and "Forbidden" in logged[0], logged


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_an_oversize_request_is_refused_with_a_400_page_and_one_log_line(db, log_lines) -> None:
    response = Client().post("/accounts/login/", {"username": "x" * 5000, "password": "y"})
    assert response.status_code == 400
    assert "This request could not be read" in parse(response.content).text
    logged = log_lines.getvalue().strip().splitlines()
    assert len(logged) == 1 and "RequestDataTooBig" in logged[0], logged


def test_a_server_error_shows_a_request_id_that_the_log_has_with_its_traceback(
    db, monkeypatch, log_lines
) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("league.views.preset_rows", broken)
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 500
    text = parse(response.content).text
    request_id = response["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{8}", request_id)
    assert f"Request id: {request_id}" in text and "tell the organiser" in text
    assert "Traceback" not in text and "RuntimeError" not in text
    log = log_lines.getvalue()
    assert f"[{request_id}]" in log and "Traceback" in log and "RuntimeError: a bug" in log


def test_a_csrf_failure_is_the_sites_own_page(db) -> None:
    response = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "x"})
    assert response.status_code == 403
    assert "This form has expired" in parse(response.content).text


# -- Content-Security-Policy ----------------------------------------------------------------------
def test_every_page_has_a_content_security_policy_without_inline_script_or_style(db) -> None:
    policy = Client().get("/rules/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_no_template_has_an_inline_script_or_style() -> None:
    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=", re.I)
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in (ROOT / "templates").rglob("*.html")
        for match in inline.finditer(path.read_text())
    ]
    assert found == []


@pytest.mark.django_db
def test_a_forms_address_opened_as_a_page_answers_the_sites_405_page():
    # What the address bar keeps after a form came back with a message, reloaded: not a blank
    # page but the site's, with its menu, saying what to do.
    response = Client().get(reverse("accounts:logout"))
    assert response.status_code == 405
    assert "POST" in response["Allow"]
    text = response.content.decode()
    assert "This address is for a form" in text and 'aria-label="Main"' in text
