"""The translation catalogs (locale/<language>/LC_MESSAGES) are complete and compiled: every
string marked in the code, the templates and static/js is in each language's catalog, translated
(none empty, none fuzzy), with the same placeholders, in the glossary's words, and the committed
.mo files are what the .po files compile to. `make messages` brings them up to date."""

from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import polib
import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
DOMAINS = ("django", "djangojs")
# What makemessages reads: the code, the templates and the scripts (as `make messages` does).
SOURCES = ("league", "scoring", "templates", "static", "manage.py")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]|\{\w*\}")


def po_path(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def key(entry: polib.POEntry) -> tuple[str | None, str, str]:
    return (entry.msgctxt, entry.msgid, entry.msgid_plural)


@cache
def extracted() -> dict[str, set[tuple[str | None, str, str]]]:
    """What `make messages` would find in the code now, by domain (run in a copy of the tree,
    so that the catalogs in the repository are not touched)."""
    if shutil.which("xgettext") is None:
        pytest.fail("GNU gettext is not installed (Debian: apt-get install gettext)")
    work = Path(os.environ.get("TMPDIR", "/tmp")) / f"hicksheet-messages-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        for name in SOURCES:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, work / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy(source, work / name)
        (work / "locale").mkdir()
        found: dict[str, set[tuple[str | None, str, str]]] = {}
        for domain in DOMAINS:
            subprocess.run(
                [sys.executable, "manage.py", "makemessages", "-l", "es", "-d", domain],
                cwd=work,
                check=True,
                capture_output=True,
                env={**os.environ, "DJANGO_SETTINGS_MODULE": "league.settings"},
            )
            made = work / "locale" / "es" / "LC_MESSAGES" / f"{domain}.po"
            found[domain] = {key(e) for e in polib.pofile(str(made))} if made.exists() else set()
        return found
    finally:
        shutil.rmtree(work, ignore_errors=True)


def catalog(language: str, domain: str) -> polib.POFile | None:
    path = po_path(language, domain)
    return polib.pofile(str(path)) if path.exists() else None


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_string_is_in_the_catalog(language, domain):
    po = catalog(language, domain)
    have = {key(e) for e in po if not e.obsolete} if po else set()
    want = extracted()[domain]
    assert not (want - have), (
        f"strings not in locale/{language} ({domain}); run `make messages` and translate them: "
        f"{sorted(m[1] for m in want - have)[:20]}"
    )
    assert not (have - want), (
        f"locale/{language} ({domain}) has strings the code no longer has; run `make messages`: "
        f"{sorted(m[1] for m in have - want)[:20]}"
    )


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_string_is_translated_with_its_placeholders(language, domain):
    po = catalog(language, domain)
    if po is None:
        assert not extracted()[domain]
        return
    untranslated = [e.msgid for e in po if not e.obsolete and not e.translated()]
    assert not untranslated, f"untranslated in locale/{language}: {untranslated[:20]}"
    for entry in po:
        sources = [entry.msgid, entry.msgid_plural or entry.msgid]
        targets = (
            [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
            if entry.msgid_plural
            else [entry.msgstr]
        )
        wanted = set(PLACEHOLDER.findall(" ".join(sources)))
        for i, target in enumerate(targets):
            got = set(PLACEHOLDER.findall(target))
            # A singular may say "one" instead of the count.
            allowed_missing = {"count"} if entry.msgid_plural and i == 0 else set()
            assert got <= wanted and wanted - got <= allowed_missing, (
                language,
                entry.msgid,
                target,
            )


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogs_compile_and_the_compiled_ones_are_current(language):
    for domain in DOMAINS:
        po_file = po_path(language, domain)
        if not po_file.exists():
            continue
        if shutil.which("msgfmt"):
            checked = subprocess.run(
                ["msgfmt", "--check", "-o", os.devnull, str(po_file)],
                capture_output=True,
                text=True,
            )
            assert checked.returncode == 0, checked.stderr
        mo_file = po_file.with_suffix(".mo")
        assert mo_file.exists(), f"{mo_file} is missing: run `make messages`"
        compiled = {
            (e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural)
            for e in polib.mofile(str(mo_file))
            if e.msgid
        }
        source = {
            (e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural)
            for e in polib.pofile(str(po_file))
            if e.translated() and not e.obsolete
        }
        assert compiled.keys() == source.keys(), f"{mo_file} is out of date: run `make messages`"
        for k, (text, plural) in source.items():
            assert compiled[k][0] == text or compiled[k][1] == plural, (
                f"{mo_file} is out of date at {k[1]!r}: run `make messages`"
            )


def glossary() -> list[dict[str, str]]:
    with open(LOCALE / "glossary.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_the_glossary_gives_each_term_in_every_language():
    rows = glossary()
    assert {"trump", "meld", "belle", "set", "renege", "void deal", "held points"} <= {
        r["term"] for r in rows
    }
    for row in rows:
        for language in ["en", *TRANSLATED]:
            assert row[language].strip(), (row["term"], language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_glossary_term_on_its_own_is_translated_as_the_glossary_says(language):
    terms = {row["en"].casefold(): row[language] for row in glossary()}
    po = catalog(language, "django")
    assert po is not None
    for entry in po:
        # A context marks another sense ("Game": the kind of game) or a short column heading.
        if entry.msgctxt is not None or entry.msgid_plural:
            continue
        term = terms.get(entry.msgid.strip().casefold())
        if term is not None:
            assert entry.msgstr.strip().casefold() == term.casefold(), (
                f"{language}: {entry.msgid!r} is {entry.msgstr!r}, the glossary says {term!r}"
            )


def test_the_sheet_mark_for_a_set_stays_xx():
    for language in TRANSLATED:
        po = catalog(language, "django")
        assert po is not None
        for entry in po:
            if "XX" in entry.msgid:
                assert "XX" in entry.msgstr, (language, entry.msgid, entry.msgstr)
