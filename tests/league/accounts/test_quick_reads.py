"""The reads of every signed-in request, written as plain queries (league.sessions, the
backend's user, the game of a write): what Django's own reads gave, nothing more."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.http import Http404
from django.utils import timezone

from league.access import ProfileBackend, game_or_404
from league.models import Game, Profile, Role
from league.sessions import SessionStore
from tests.builders import make_user, start_game

pytestmark = pytest.mark.django_db


def test_the_backend_reads_the_user_and_profile_as_select_related_did():
    olga = make_user("olga", Role.ORGANISER)
    ours = ProfileBackend().get_user(olga.pk)
    theirs = User.objects.select_related("profile").get(pk=olga.pk)
    assert ours is not None
    assert [getattr(ours, f.attname) for f in User._meta.concrete_fields] == [
        getattr(theirs, f.attname) for f in User._meta.concrete_fields
    ]
    assert not hasattr(ours, "profile_id") and not hasattr(ours, "profile_role")
    assert ours.profile.role == Role.ORGANISER and ours.profile.user is ours
    assert ours.profile.pk == theirs.profile.pk and not ours._state.adding
    # By the key as a session keeps it (text), too.
    assert ProfileBackend().get_user(str(olga.pk)) == olga


def test_the_backend_finds_nobody_for_a_key_nobody_has_and_refuses_the_disabled():
    olga = make_user("olga", Role.SCORER)
    backend = ProfileBackend()
    assert backend.get_user(olga.pk + 1) is None
    assert backend.get_user(10**30) is None
    assert backend.get_user("not a number") is None
    olga.is_active = False
    olga.save()
    assert backend.get_user(olga.pk) is None


def test_a_user_without_a_profile_has_none():
    bare = User.objects.create_user("bare", password="x" * 12)
    Profile.objects.filter(user=bare).delete()
    user = ProfileBackend().get_user(bare.pk)
    assert user is not None
    with pytest.raises(Profile.DoesNotExist):
        user.profile  # noqa: B018 - the read is the test


def test_a_session_reads_as_djangos_store_read_it():
    theirs = DjangoStore()
    theirs["_auth_user_id"] = "7"
    theirs["note"] = ["é", 1]
    theirs.save()
    assert SessionStore(theirs.session_key).load() == DjangoStore(theirs.session_key).load()
    assert SessionStore(theirs.session_key)["note"] == ["é", 1]
    # Expired, unknown or no key: nothing, and no key kept.
    Session.objects.filter(pk=theirs.session_key).update(
        expire_date=timezone.now() - datetime.timedelta(seconds=1)
    )
    for key in (theirs.session_key, "x" * 32, None):
        store = SessionStore(key)
        assert store.load() == {} and store.session_key is None


def test_the_game_of_an_address_is_read_as_before(organiser):
    game = start_game(organiser)
    read = game_or_404(game.pk)
    assert [getattr(read, f.attname) for f in Game._meta.concrete_fields] == [
        getattr(game, f.attname) for f in Game._meta.concrete_fields
    ]
    assert (read.club_time_zone, read.club_language, read.event_language) == (None, None, None)
    for missing in (game.pk + 1, 10**30, -(10**30)):
        with pytest.raises(Http404):
            game_or_404(missing)
