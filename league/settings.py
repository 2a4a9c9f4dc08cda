"""Hicksheet's settings: one file, every value from the environment.

A fresh clone runs with no variable set, safely on a club's network: ``DEBUG`` is off, the
secret key is made on the first run and kept in ``.secret_key`` (git-ignored; ``SECRET_KEY_FILE``
names another file), the hosts are the laptop's own names and addresses, and the database is
``db.sqlite3`` in the repository. ``DEBUG=1`` (``make dev``) is a developer's explicit choice:
only then is the published development key used, and ``manage.py serve`` then listens on
loopback only. A server sets at least::

    DEBUG=0
    SECRET_KEY=<50 or more random characters>
    ALLOWED_HOSTS=scores.example.org
    CSRF_TRUSTED_ORIGINS=https://scores.example.org
    DATABASE_URL=postgres://user:password@host:5432/hicksheet
    SECURE_SSL_REDIRECT=1 SESSION_COOKIE_SECURE=1 CSRF_COOKIE_SECURE=1
    SECURE_HSTS_SECONDS=31536000 SECURE_HSTS_INCLUDE_SUBDOMAINS=1 SECURE_HSTS_PRELOAD=1

and ``manage.py check --deploy`` then reports no issue. The helpers below read one variable
each and refuse a value they cannot understand, naming the variable, rather than guessing.
"""

from __future__ import annotations

import datetime
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from league.server import kept_secret_key, own_hosts

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


def env_str(name: str, default: str = "", environ: Mapping[str, str] = os.environ) -> str:
    """The variable's value with surrounding blanks removed; ``default`` when unset or blank."""
    value = environ.get(name, "").strip()
    return value if value else default


def env_bool(name: str, default: bool, environ: Mapping[str, str] = os.environ) -> bool:
    """1/true/yes/on or 0/false/no/off, any case; anything else is an error."""
    raw = env_str(name, environ=environ)
    if not raw:
        return default
    if raw.lower() in _TRUE:
        return True
    if raw.lower() in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a yes/no value: use 1, true, yes, on or 0, false, no, off."
    )


def env_int(
    name: str, default: int, minimum: int = 0, environ: Mapping[str, str] = os.environ
) -> int:
    """A whole number, at least ``minimum``."""
    raw = env_str(name, environ=environ)
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}.")
    return value


def env_list(
    name: str, default: list[str] | None = None, environ: Mapping[str, str] = os.environ
) -> list[str]:
    """A comma-separated list; blanks around items and empty items are dropped."""
    raw = env_str(name, environ=environ)
    if not raw:
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_origins(name: str, environ: Mapping[str, str] = os.environ) -> list[str]:
    """A comma-separated list of origins, each with its scheme (``https://host[:port]``)."""
    origins = env_list(name, environ=environ)
    for origin in origins:
        scheme, sep, host = origin.partition("://")
        if not sep or scheme not in ("http", "https") or not host or "/" in host:
            raise ImproperlyConfigured(
                f"{name} item {origin!r} is not an origin like https://scores.example.org."
            )
    return origins


def env_choice(
    name: str, default: str, choices: tuple[str, ...], environ: Mapping[str, str] = os.environ
) -> str:
    """One of ``choices``, compared without regard to case."""
    raw = env_str(name, default, environ=environ)
    for choice in choices:
        if raw.lower() == choice.lower():
            return choice
    raise ImproperlyConfigured(f"{name}={raw!r} must be one of {', '.join(choices)}.")


def env_database(
    name: str, default: str, conn_max_age: int, environ: Mapping[str, str] = os.environ
) -> dict[str, object]:
    """A database URL (``sqlite:///path``, ``postgres://user:pw@host:port/name``)."""
    url = env_str(name, default, environ=environ)
    try:
        config = dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
    except ValueError as error:  # UnknownSchemeError is a ValueError
        raise ImproperlyConfigured(f"{name} is not a usable database URL: {error}") from None
    if not config.get("NAME"):
        raise ImproperlyConfigured(f"{name}={url!r} names no database.")
    return dict(config)


# -- core ------------------------------------------------------------------------------------

# Off unless asked for: with DEBUG on, any error shows Django's debug page (the settings, the
# environment, every URL pattern) to whoever caused it.
DEBUG = env_bool("DEBUG", False)

_DEV_SECRET_KEY = "django-insecure-hicksheet-development-key-never-use-in-production"
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    # The development key is published in this repository: anyone holding it can forge a
    # session cookie, so it is used only when a developer has turned DEBUG on.
    SECRET_KEY = (
        _DEV_SECRET_KEY
        if DEBUG
        else kept_secret_key(Path(env_str("SECRET_KEY_FILE", str(BASE_DIR / ".secret_key"))))
    )

# Unset, a club laptop answers to its own names and addresses (what a phone on its Wi-Fi
# types); a server names its hosts. With DEBUG on, empty means Django's loopback names.
HOSTS_FROM_ENVIRONMENT = bool(env_list("ALLOWED_HOSTS"))
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS") or ([] if DEBUG else own_hosts())
CSRF_TRUSTED_ORIGINS = env_origins("CSRF_TRUSTED_ORIGINS")
CSRF_FAILURE_VIEW = "league.views.csrf_failure"  # the site's page, with its menu

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles, so that runserver serves static files the way production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "league.apps.LeagueConfig",
]

MIDDLEWARE = [
    "league.middleware.request_id",
    "league.middleware.club_time_zone",
    "league.middleware.loopback_only_when_debugging",
    "django.middleware.security.SecurityMiddleware",
    "league.middleware.content_security_policy",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language (the menu's switcher, else the browser's): league.languages.
    "league.languages.speak_the_readers_language",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Inside the session, user and messages: its page has the menu of whoever is signed in.
    "league.middleware.styled_method_not_allowed",
    # A sign-in asked for by a posted form returns to the form's page, not to its address.
    "league.middleware.sign_in_returns_to_the_form_s_page",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a locked-out sign-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Scripts and styles come from static/ only: no inline <script>, <style> or style="" anywhere,
# so an injected one does not run. Forms post to this site only; no page may frame another.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        # The entry pages' web app: its service worker (/sw.js) and manifest, both our own.
        "worker-src 'self'",
        "manifest-src 'self'",
        "frame-ancestors 'none'",
    ]
)

ROOT_URLCONF = "league.urls"
WSGI_APPLICATION = "league.wsgi.application"
ASGI_APPLICATION = "league.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "league.access.roles",
            ],
        },
    },
]

# -- database --------------------------------------------------------------------------------

DATABASES = {
    "default": env_database(
        "DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several scorers save at once on a club laptop: IMMEDIATE transactions take the write lock
    # up front, so concurrent writers queue (up to the timeout) instead of failing with
    # "database is locked"; WAL lets readers go on while one writes.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests on a file (one per test run) rather than in memory: tests that race real threads
    # need SQLite's locking between connections, which a shared in-memory database answers
    # with "table is locked" at once instead of waiting its turn.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"hicksheet-test-{os.getpid()}.sqlite3")
    }
# PostgreSQL: each web process keeps a pool of at most DB_POOL_SIZE connections (psycopg's,
# through Django), its live hub's listening one among them. A request takes one for as long
# as it runs and gives it back; when all are taken it waits up to DB_POOL_TIMEOUT seconds for
# one rather than open another: 200 phones fetching at once queue for a few connections
# instead of asking PostgreSQL for 200 (beyond max_connections, 100 by default: "too many
# clients", a 500 for each). Web processes x DB_POOL_SIZE, plus a few for manage.py and
# backups, must stay below max_connections. 0 turns the pool off (a connection a request).
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 10)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL_SIZE:
    if DATABASES["default"]["CONN_MAX_AGE"]:
        raise ImproperlyConfigured(
            "CONN_MAX_AGE must be 0 while DB_POOL_SIZE pools the connections "
            "(set DB_POOL_SIZE=0 to keep connections open with CONN_MAX_AGE instead)."
        )
    DATABASES["default"]["OPTIONS"] = {
        **dict(DATABASES["default"].get("OPTIONS") or {}),  # type: ignore[call-overload]
        "pool": {
            "min_size": min(2, DB_POOL_SIZE),
            "max_size": DB_POOL_SIZE,
            "timeout": env_int("DB_POOL_TIMEOUT", 20, minimum=1),
        },
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# -- users -----------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sessions live in the database, not in a signed cookie: signing out deletes the row, so a
# copied cookie stops working at once (a signed cookie stays valid until it expires, whatever
# the server does). Not cached_db: each web process would keep its own cache, and a session
# ended in one could live on in another. A request reads one session row by its key; a
# password change or a disabled account ends every other session of that user on their next
# request (Django checks the password hash kept in the session, the backend is_active).
# `manage.py clearsessions` removes expired rows. league.sessions is Django's database store
# with its read written as one plain query (the hot path of every signed-in request).
SESSION_ENGINE = "league.sessions"
# First the throttle (django-axes: refuses a sign-in while its account or address is locked
# out), then the user with their profile (their role) in one query.
AUTHENTICATION_BACKENDS = ["league.access.ThrottleBackend", "league.access.ProfileBackend"]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# -- sign-in throttling (django-axes) -----------------------------------------------------------
# Failed sign-ins are counted in the database (both SQLite and PostgreSQL; every web process
# sees the same counts; the rule is league.accounts.throttle): AXES_FAILURE_LIMIT failures for
# one account from one address pause that account on that address only (a stranger elsewhere
# never locks the organiser out; typos on a shared club laptop pause only the account typed),
# and LOGIN_ADDRESS_FAILURE_LIMIT failures from one address, for any accounts, pause that
# address. Both /accounts/login/ and /admin/login/. A pause ends by itself AXES_COOLOFF_MINUTES
# after the failure that started it (sign-ins tried meanwhile are refused and not counted, so
# nobody can prolong it), or when an organiser lifts it at /accounts/lockouts/; a successful
# sign-in clears that account's count from that address. The address is the connection's
# (REMOTE_ADDR): behind a proxy every visitor would share its address, so such a server sets
# LOGIN_LOCKOUT_BY=username (an account is then paused from everywhere).
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 20, minimum=1)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15, minimum=1))
_LOCKOUT_PARAMETERS: dict[str, list[str | list[str]]] = {
    "username,ip_address": [["username", "ip_address"], "ip_address"],
    "username": ["username"],
}
AXES_LOCKOUT_PARAMETERS = _LOCKOUT_PARAMETERS[
    env_choice("LOGIN_LOCKOUT_BY", "username,ip_address", ("username,ip_address", "username"))
]
AXES_HANDLER = "league.accounts.throttle.ThrottleHandler"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "league.accounts.views.locked_out"
# Attempts are recorded without what was typed (the password field is never stored anyway).
AXES_SENSITIVE_PARAMETERS = ["password", "password1", "password2"]
AXES_VERBOSE = False

# -- live pages ------------------------------------------------------------------------------

# The most live streams (/live/) one client address (the one the sign-in throttle counts) holds
# open in one web process: a club laptop with a few pages open is far below it; beyond it a
# stream is refused (429), so that one client cannot hold every stream a process keeps open
# (league.live.views.MAX_OPEN_PAGES) and push everybody else to 503.
# 40: a page closed or reloaded holds its stream until the next heartbeat finds it gone (up
# to 15 s), so a phone reloading often, or a director's laptop with the screen and a few
# tabs, stays well inside it. Behind a proxy every visitor shares its address: raise it there.
LIVE_STREAMS_PER_ADDRESS = env_int("LIVE_STREAMS_PER_ADDRESS", 40, minimum=1)
# A live page a room of phones follows (a club evening's page, the room's screen) is rendered
# once per change and that copy served to every visitor not signed in (league.live.page_cache)
# for at most this many seconds; 0 renders it for every request.
LIVE_PAGE_COPY_SECONDS = env_int("LIVE_PAGE_COPY_SECONDS", 5)
# Where the web processes of this computer leave the copies they render for each other
# (league.live.shared_copies); unset, a folder of this user's in the temporary folder, named
# after the site's folder and database.
LIVE_PAGE_COPY_DIR = env_str("LIVE_PAGE_COPY_DIR")

# -- language and time -----------------------------------------------------------------------

# English is the source language; the others are catalogs in locale/<code>/LC_MESSAGES (README:
# "Languages" says how to add one). A page speaks the reader's choice (the menu's switcher, kept in
# a cookie), else the browser's, else its event's or club's language, else LANGUAGE_CODE.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("nl", "Nederlands"),
    ("de", "Deutsch"),
    ("fr", "Français"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English's dates as the site always wrote them (league/formats/en); the others: Django's.
FORMAT_MODULE_PATH = ["league.formats"]
LANGUAGE_COOKIE_NAME = "hicksheet_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# -- static files ----------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed names need `collectstatic` first, which a server does at deploy;
    # a development checkout (DEBUG on) serves the files as they are.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# WhiteNoise serves the files from static/ directly while DEBUG is on, and only the collected,
# hashed files otherwise (`make run` collects them first). The tests serve static/ directly
# (tests/conftest.py), having collected nothing.
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_MAX_AGE = 60

# -- HTTPS -----------------------------------------------------------------------------------
# All off unless set, so that a club laptop can serve plain HTTP on its own network; a server
# behind HTTPS turns each on (see the module docstring). SECURE_PROXY_SSL_HEADER=1 trusts the
# X-Forwarded-Proto header: set it only behind a proxy that always sets that header itself.

SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# A club laptop serving its own Wi-Fi (no ALLOWED_HOSTS set) speaks plain HTTP: there is no
# certificate for a LAN address, so the HTTPS-only checks cannot be met there and are not
# asked of it. A server that names its hosts is checked for every one of them.
if not DEBUG and not HOSTS_FROM_ENVIRONMENT:
    SILENCED_SYSTEM_CHECKS = [
        "security.W004",  # SECURE_HSTS_SECONDS
        "security.W008",  # SECURE_SSL_REDIRECT
        "security.W012",  # SESSION_COOKIE_SECURE
        "security.W016",  # CSRF_COOKIE_SECURE
    ]

# -- ratings --------------------------------------------------------------------------------
# Who the overall rating list shows: players (and pairs) with at least this many rated games
# against at least this many different opponents. Each club sets its own list's on its page.
HICKSHEET_RATING_MIN_GAMES = env_int("RATING_MIN_GAMES", 10, minimum=1)
HICKSHEET_RATING_MIN_OPPONENTS = env_int("RATING_MIN_OPPONENTS", 3, minimum=1)

# -- logging ---------------------------------------------------------------------------------
# Django's default sends server errors only to ADMINS by mail; a server process should print
# them where its supervisor collects them.

# Each line carries the request id that a 500 page shows. A refusal (403, 404, a request too
# large) is one line; only a server error keeps its traceback.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "league.logs.RequestIdFilter"},
        "refusals_in_one_line": {"()": "league.logs.RefusalsInOneLine"},
    },
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id", "refusals_in_one_line"],
            "formatter": "plain",
        }
    },
    "root": {
        "handlers": ["console"],
        "level": env_choice("LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR")),
    },
}
