"""Every input of the blank-sheets form is bounded: a message by the field, never a 500, and
the costliest request allowed still renders (issue 9, item 7)."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from league.printing.forms import MAX_SHEETS, NAME_MAX, NAMES_MAX
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def blank(client: Client, **params: str):
    return client.get(reverse("printing:blank-sheets"), {"preset": "clabber", **params})


def error(response, field: str) -> str:
    assert response.status_code == 400
    return parse(response.content).by_id(f"{field}-error").text


@pytest.mark.parametrize("length", [NAME_MAX + 1, 201, 5000])
def test_a_name_too_long_for_a_sheet_is_refused_by_the_names(client, length):
    response = blank(client, sheets="1", page_size="A4", names=f"{'W' * length}, Carl")
    words = error(response, "names")
    assert f"at most {NAME_MAX}" in words and f"{length} characters" in words


def test_the_names_box_has_a_size(client):
    names = ("W" * NAME_MAX + "\n") * (NAMES_MAX // NAME_MAX + 1)
    response = blank(client, sheets=str(MAX_SHEETS), page_size="A4", names=names)
    assert f"at most {NAMES_MAX} fit" in error(response, "names")


@pytest.mark.parametrize(("sheets", "words"), [("200", f"at most {MAX_SHEETS}"), ("0", "least")])
def test_the_sheet_count_is_bounded(client, sheets, words):
    assert words in error(blank(client, sheets=sheets, page_size="A4"), "sheets")


@pytest.mark.parametrize(("preset", "sides"), [("clabber", 2), ("klaberjass-3", 3)])
@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_the_costliest_request_allowed_prints(client, preset, sides, size):
    line = ", ".join(["W" * NAME_MAX] * sides)
    response = client.get(
        reverse("printing:blank-sheets"),
        {
            "preset": preset,
            "sheets": str(MAX_SHEETS),
            "first_table": "999",
            "page_size": size,
            "names": "\n".join([line] * MAX_SHEETS),
        },
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(response.content)).pages) == MAX_SHEETS
