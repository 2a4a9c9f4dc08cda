"""Settings come from the environment; a value the helpers cannot read stops the start."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from league.settings import env_bool, env_database, env_int, env_list, env_origins

ROOT = Path(__file__).resolve().parents[2]
# Variables the settings read: cleared so that the caller's environment cannot leak in.
SETTINGS_VARS = {
    "DEBUG", "SECRET_KEY", "SECRET_KEY_FILE", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL", "CONN_MAX_AGE", "TIME_ZONE", "STATIC_ROOT", "LOG_LEVEL", "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SECURE_PROXY_SSL_HEADER",
    "DB_POOL_SIZE", "DB_POOL_TIMEOUT", "LIVE_PAGE_COPY_SECONDS", "LIVE_PAGE_COPY_DIR",
}  # fmt: skip

PRODUCTION = {
    "DEBUG": "0",
    "ALLOWED_HOSTS": "scores.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example.org",
    "SECURE_SSL_REDIRECT": "1",
    "SESSION_COOKIE_SECURE": "1",
    "CSRF_COOKIE_SECURE": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run manage.py in a fresh process with exactly these settings variables."""
    environ = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARS}
    environ.update(env, DJANGO_SETTINGS_MODULE="league.settings")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("raw, value", [("1", True), ("Yes", True), (" off ", False), ("", True)])
def test_env_bool_reads_yes_and_no(raw: str, value: bool) -> None:
    assert env_bool("DEBUG", True, environ={"DEBUG": raw}) is value


def test_env_bool_refuses_anything_else() -> None:
    with pytest.raises(ImproperlyConfigured, match=r"DEBUG='maybe' is not a yes/no value"):
        env_bool("DEBUG", True, environ={"DEBUG": "maybe"})


def test_env_int_refuses_words_and_negatives() -> None:
    assert env_int("SECURE_HSTS_SECONDS", 0, environ={"SECURE_HSTS_SECONDS": "3600"}) == 3600
    with pytest.raises(ImproperlyConfigured, match="'a year' is not a whole number"):
        env_int("SECURE_HSTS_SECONDS", 0, environ={"SECURE_HSTS_SECONDS": "a year"})
    with pytest.raises(ImproperlyConfigured, match="must be at least 0"):
        env_int("SECURE_HSTS_SECONDS", 0, environ={"SECURE_HSTS_SECONDS": "-1"})


def test_env_list_splits_on_commas() -> None:
    hosts = env_list("ALLOWED_HOSTS", environ={"ALLOWED_HOSTS": " a.org, ,b.org "})
    assert hosts == ["a.org", "b.org"]


def test_env_origins_need_a_scheme() -> None:
    origins = {"CSRF_TRUSTED_ORIGINS": "https://a.org,http://b.org:8000"}
    assert env_origins("CSRF_TRUSTED_ORIGINS", environ=origins) == [
        "https://a.org",
        "http://b.org:8000",
    ]
    with pytest.raises(ImproperlyConfigured, match="'scores.example.org' is not an origin"):
        env_origins("CSRF_TRUSTED_ORIGINS", environ={"CSRF_TRUSTED_ORIGINS": "scores.example.org"})


def test_env_database_reads_sqlite_and_postgres_and_refuses_other_schemes() -> None:
    sqlite = env_database("DATABASE_URL", "sqlite:///db.sqlite3", 0, environ={})
    assert (sqlite["ENGINE"], sqlite["NAME"]) == ("django.db.backends.sqlite3", "db.sqlite3")
    pg = env_database(
        "DATABASE_URL",
        "sqlite:///db.sqlite3",
        60,
        environ={"DATABASE_URL": "postgres://u:p@db.internal:5433/hicksheet"},
    )
    assert pg["ENGINE"] == "django.db.backends.postgresql"
    assert (pg["HOST"], pg["PORT"], pg["NAME"], pg["CONN_MAX_AGE"]) == (
        "db.internal",
        5433,
        "hicksheet",
        60,
    )
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL is not a usable database URL"):
        env_database("DATABASE_URL", "", 0, environ={"DATABASE_URL": "mongodb://x/y"})


def test_a_bad_value_stops_manage_py_with_a_clear_error() -> None:
    result = manage("check", DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG='maybe' is not a yes/no value" in result.stderr


def test_a_kept_key_file_too_short_to_be_a_key_stops_the_start(tmp_path) -> None:
    # With DEBUG off and no SECRET_KEY the key is made once and kept (test_safe_by_default);
    # a file that holds something else is not used as a key.
    (tmp_path / "key").write_text("short\n")
    result = manage("check", DEBUG="0", SECRET_KEY_FILE=str(tmp_path / "key"))
    assert result.returncode != 0
    assert "holds no usable secret key: delete it for a new one" in result.stderr


def test_deploy_check_is_clean_with_production_values() -> None:
    result = manage(
        "check", "--deploy", "--fail-level", "DEBUG", SECRET_KEY=secrets.token_urlsafe(50),
        **PRODUCTION,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNING" not in result.stderr + result.stdout


def test_deploy_check_still_warns_when_https_settings_are_missing() -> None:
    # The clean result above comes from the variables, not from a check that cannot fail.
    insecure = {k: v for k, v in PRODUCTION.items() if not k.startswith(("SECURE_", "SESSION"))}
    result = manage("check", "--deploy", SECRET_KEY=secrets.token_urlsafe(50), **insecure)
    output = result.stdout + result.stderr
    for warning in ("security.W004", "security.W008", "security.W012"):
        assert warning in output


def test_postgresql_pools_each_processs_connections_unless_told_not_to() -> None:
    show = "from django.conf import settings; print(settings.DATABASES['default']['OPTIONS'])"
    env = {"DATABASE_URL": "postgres://u:p@db.internal:5433/hicksheet", "DEBUG": "1"}
    pooled = manage("shell", "-c", show, **env)
    assert pooled.returncode == 0, pooled.stderr
    assert "'pool': {'min_size': 2, 'max_size': 10, 'timeout': 20}" in pooled.stdout
    sized = manage("shell", "-c", show, DB_POOL_SIZE="4", DB_POOL_TIMEOUT="5", **env)
    assert "'pool': {'min_size': 2, 'max_size': 4, 'timeout': 5}" in sized.stdout
    assert "pool" not in manage("shell", "-c", show, DB_POOL_SIZE="0", **env).stdout
    # Django's pool gives each request a connection and takes it back: none kept open besides.
    kept = manage("shell", "-c", show, CONN_MAX_AGE="60", **env)
    assert kept.returncode != 0
    assert "CONN_MAX_AGE must be 0 while DB_POOL_SIZE pools the connections" in kept.stderr
    assert (
        "pool" not in manage("shell", "-c", show, CONN_MAX_AGE="60", DB_POOL_SIZE="0", **env).stdout
    )
