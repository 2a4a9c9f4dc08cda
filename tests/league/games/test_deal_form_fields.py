"""The deal form's fields are built once per ruleset, sides and language and copied for each
form (league.games.forms: the hot path of saving a deal). A form built from the copies is the
form built afresh, in the page's language, and what one form marks on its fields (an error,
the cursor) stays on that form."""

from __future__ import annotations

from types import MethodType

import pytest
from django import forms
from django.http import QueryDict
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.games import forms as game_forms
from league.games.forms import deal_form
from league.models import Game, MeldEntry
from league.templatetags.form_errors import mark_wrong_fields
from scoring.rules import PRESETS
from tests.builders import start_game

pytestmark = pytest.mark.django_db


def described(form: game_forms.DealForm) -> list[tuple[object, ...]]:
    """Everything of a form's fields a page shows or a check uses, in the form's order."""
    return [
        (
            name,
            type(field),
            str(field.label or ""),
            dict(field.widget.attrs),
            type(field.widget),
            [(value, str(label)) for value, label in getattr(field, "choices", [])],
            {key: str(message) for key, message in field.error_messages.items()},
            field.required,
        )
        for name, field in form.fields.items()
    ]


@pytest.fixture
def fresh_cache():
    game_forms._BUILT_FIELDS.clear()
    yield
    game_forms._BUILT_FIELDS.clear()


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("meld_entry", [MeldEntry.SCORED, MeldEntry.DECLARED])
def test_a_form_from_the_built_fields_is_the_form_built_afresh(
    scorer, preset, meld_entry, fresh_cache
):
    game = start_game(scorer, preset)
    game.meld_entry = meld_entry
    first = deal_form(game, {"makers": "0"})  # builds the fields
    again = deal_form(game, {"makers": "0"})  # copies them
    assert game_forms._BUILT_FIELDS and described(again) == described(first)
    # Each form has its own fields, widgets and attributes to mark.
    for name, field in again.fields.items():
        assert field is not first.fields[name]
        assert field.widget is not first.fields[name].widget
        assert field.widget.attrs is not first.fields[name].widget.attrs
    # What validation skips (league.games.forms.DealForm._clean_fields) it may skip: no field
    # is disabled or a file, and no field has a clean_<name> method.
    for name, field in again.fields.items():
        assert not field.disabled and not isinstance(field, forms.FileField), name
        assert not hasattr(again, f"clean_{name}"), name


def sent(fields: dict[str, str]) -> QueryDict:
    data = QueryDict(mutable=True)
    data.update(fields)
    return data


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("meld_entry", [MeldEntry.SCORED, MeldEntry.DECLARED])
def test_validation_cleans_as_django_s_own(scorer, preset, meld_entry):
    """The form's quicker cleaning of its fields (none sent: worked out once) cleans every
    field as Django's own does: nothing sent, a deal, every field empty, every field wrong."""
    game = start_game(scorer, preset)
    game.meld_entry = meld_entry
    names = list(deal_form(game).fields)
    for data in (
        sent({}),
        sent({"makers": "0", "card_points_0": "90", "void_reason": ""}),
        sent(dict.fromkeys(names, "")),
        sent(dict.fromkeys(names, "zz")),
    ):
        quick, django = deal_form(game, data), deal_form(game, data)
        django._clean_fields = MethodType(forms.BaseForm._clean_fields, django)  # type: ignore[method-assign]
        assert quick.is_valid() == django.is_valid()
        assert quick.cleaned_data == django.cleaned_data
        assert quick.errors == django.errors
        assert quick.placed_errors() == django.placed_errors()


def test_the_built_fields_speak_the_page_s_language(scorer, fresh_cache):
    game = start_game(scorer)
    with translation.override("en"):
        english = deal_form(game, {"card_points_0": "x"})
        english.is_valid()
    with translation.override("de"):
        german = deal_form(game, {"card_points_0": "x"})
        german.is_valid()
    with translation.override("en"):
        again = deal_form(game, {"card_points_0": "x"})
        again.is_valid()
    assert english.fields["makers"].label == "Made trump"
    assert german.fields["makers"].label == "Bestimmte Trumpf"
    assert german.fields["belle"].choices[0] == ("", "Niemand")
    assert german.placed_errors()["card_points_0"] == "Kartenpunkte sind eine ganze Zahl."
    assert described(again) == described(english)
    assert again.placed_errors() == english.placed_errors()
    assert again.placed_errors()["card_points_0"] == "Card points are a whole number."


def test_a_form_that_checks_a_deal_and_saves_it_copies_no_field(scorer, fresh_cache):
    game = start_game(scorer)
    deal_form(game)  # builds the fields
    form = deal_form(game, sent({"makers": "0", "card_points_0": "90"}))
    assert form.is_valid() and form.deal is not None
    assert form._own_fields is None  # read from the built fields, never changed
    form["makers"]  # shown: the form's own copies from now on
    assert form._own_fields is not None and form.fields is form._own_fields


def test_each_game_s_sides_name_its_fields(scorer, fresh_cache):
    one = deal_form(start_game(scorer, names=["Anna & Ben", "Carl & Dora"]))
    two = deal_form(start_game(scorer, names=["Ruth & Sam", "Tom & Uma"]))
    assert one.fields["card_points_0"].label == "Anna & Ben"
    assert two.fields["card_points_0"].label == "Ruth & Sam"
    assert ("1", "Tom & Uma") in two.fields["makers"].choices


def test_what_one_form_marks_stays_on_that_form(scorer, fresh_cache):
    game = start_game(scorer)
    wrong = deal_form(game, {"makers": "0", "card_points_0": "200"})
    assert not wrong.is_valid()
    mark_wrong_fields(wrong)  # as the page's error summary does
    marked = wrong.fields["card_points_0"].widget.attrs
    assert marked["aria-invalid"] == "true" and marked["autofocus"] is True
    fresh = deal_form(game)
    assert described(fresh) != described(wrong)
    for field in fresh.fields.values():
        assert not {"aria-invalid", "autofocus", "aria-describedby"} & set(field.widget.attrs)


def test_a_page_in_german_then_one_in_english_each_in_its_own_language(
    scorer_client: Client, scorer, fresh_cache
):
    game: Game = start_game(scorer)
    url = reverse("games:detail", args=[game.pk])
    german = scorer_client.get(url, headers={"accept-language": "de"}).content.decode()
    english = scorer_client.get(url, headers={"accept-language": "en"}).content.decode()
    # The belle's first choice, from the form's fields (the legends are the template's).
    assert "Niemand</label>" in german and "Nobody</label>" not in german
    assert "Nobody</label>" in english and "Niemand</label>" not in english


def test_two_games_of_one_stored_ruleset_share_it(scorer):
    one, two = start_game(scorer, target=700), start_game(scorer, target=700)
    other = start_game(scorer, target=800)
    one, two, other = (Game.objects.get(pk=g.pk) for g in (one, two, other))
    assert one.rules is two.rules
    assert other.rules != one.rules and other.rules.target == 800
