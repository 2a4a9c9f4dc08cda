"""Managing accounts: an organiser sees every account with its role, disables and enables one
(a disabled account cannot sign in and its sessions end; nobody disables themselves or the
last organiser), and sets a new password for somebody; everybody signed in changes their own
password on their own account page, which the menu links by their name."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.accounts import services
from league.errors import Refused
from league.models import Role
from tests.builders import PASSWORD, make_user, refused
from tests.league.html import parse

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-fresh-club-password-77"


def signed_in_by_password(username: str, password: str = PASSWORD) -> Client:
    client = Client()
    response = client.post(reverse("accounts:login"), {"username": username, "password": password})
    assert response.status_code == 302, "the sign-in was refused"
    return client


def can_sign_in(username: str, password: str = PASSWORD) -> bool:
    response = Client().post(
        reverse("accounts:login"), {"username": username, "password": password}
    )
    return response.status_code == 302


def messages_of(response) -> list[str]:
    return [li.text for li in parse(response.content).iter("li") if li.has_class("message")]


# -- the list ----------------------------------------------------------------------------------
def test_an_organiser_sees_every_account_with_its_role(organiser_client: Client, scorer):
    make_user("pat", Role.ORGANISER)
    User.objects.filter(username="pat").update(is_active=False)
    page = parse(organiser_client.get(reverse("accounts:list")).content)
    cards = {li.attrs["id"]: li.text for li in page.by_id("accounts").iter("li")}
    texts = sorted(cards.values())
    assert texts[0].startswith("olga (you) Organiser")
    assert texts[1].startswith("pat Organiser · Disabled") and "Enable pat" in texts[1]
    assert texts[2].startswith("sam Scorer") and "Disable sam" in texts[2]
    assert "Set a new password for sam" in texts[2]
    assert "Disable olga" not in texts[0]  # nobody is offered to disable themselves


def test_the_accounts_list_is_refused_to_a_scorer_and_sends_a_visitor_to_sign_in(
    scorer_client: Client, client: Client
):
    refused(scorer_client.get(reverse("accounts:list")), login=False)
    refused(client.get(reverse("accounts:list")), login=True)


# -- disable and enable ----------------------------------------------------------------------
def test_a_disabled_account_cannot_sign_in_and_its_session_ends(organiser_client: Client, scorer):
    session = signed_in_by_password("sam")
    assert session.get(reverse("accounts:password")).status_code == 200
    response = organiser_client.post(reverse("accounts:active", args=[scorer.pk]), {"active": "0"})
    assert response.status_code == 302
    assert "sam is disabled: they cannot sign in any more." in messages_of(
        organiser_client.get(response["Location"])
    )
    assert not User.objects.get(pk=scorer.pk).is_active
    refused(session.get(reverse("accounts:password")), login=True)  # signed out
    assert not can_sign_in("sam")
    # Enabled again, the account signs in as before.
    organiser_client.post(reverse("accounts:active", args=[scorer.pk]), {"active": "1"})
    assert can_sign_in("sam")


def test_nobody_disables_their_own_account(organiser_client: Client, organiser):
    response = organiser_client.post(
        reverse("accounts:active", args=[organiser.pk]), {"active": "0"}
    )
    assert response.status_code == 400
    assert messages_of(response) == [
        "You cannot disable your own account: another organiser can, if it must be."
    ]
    assert User.objects.get(pk=organiser.pk).is_active


def test_the_last_organiser_is_not_disabled(organiser, scorer):
    # Through the pages an organiser is always signed in as another organiser, so only two
    # organisers disabling each other at once come here; the service refuses it whoever asks.
    with pytest.raises(Refused) as refusal:
        services.user_set_active(user=organiser, active=False, by=scorer)
    assert refusal.value.message == (
        "olga is the last organiser: make another account an organiser first, or nobody "
        "could manage the accounts."
    )
    assert User.objects.get(pk=organiser.pk).is_active
    # With a second organiser, one of them may go.
    make_user("pat", Role.ORGANISER)
    services.user_set_active(user=organiser, active=False, by=scorer)
    assert not User.objects.get(pk=organiser.pk).is_active


def test_a_disabled_organiser_is_not_counted(organiser, scorer):
    pat = make_user("pat", Role.ORGANISER)
    services.user_set_active(user=pat, active=False, by=organiser)
    with pytest.raises(Refused):
        services.user_set_active(user=organiser, active=False, by=scorer)


def test_a_scorer_may_not_disable_anybody(scorer_client: Client, organiser, outsider):
    for target in (organiser, outsider):
        response = scorer_client.post(reverse("accounts:active", args=[target.pk]), {"active": "0"})
        refused(response, login=False)
        assert User.objects.get(pk=target.pk).is_active


def test_a_visitor_is_sent_to_sign_in_and_nothing_changes(client: Client, scorer):
    refused(client.post(reverse("accounts:active", args=[scorer.pk]), {"active": "0"}), login=True)
    assert User.objects.get(pk=scorer.pk).is_active


def test_an_unknown_account_is_not_found_for_an_organiser(organiser_client: Client):
    response = organiser_client.post(reverse("accounts:active", args=[999]), {"active": "0"})
    assert response.status_code == 404


def test_a_garbled_choice_changes_nothing(organiser_client: Client, scorer):
    response = organiser_client.post(reverse("accounts:active", args=[scorer.pk]), {"active": "x"})
    assert response.status_code == 400
    assert messages_of(response) == ["Choose to enable or to disable the account."]
    assert User.objects.get(pk=scorer.pk).is_active


# -- somebody else's password ------------------------------------------------------------------
def test_an_organiser_sets_a_new_password_for_somebody(organiser_client: Client, scorer):
    session = signed_in_by_password("sam")
    address = reverse("accounts:set-password", args=[scorer.pk])
    assert parse(organiser_client.get(address).content).by_id("id_new_password1")
    response = organiser_client.post(
        address, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert response.status_code == 302 and response["Location"] == reverse("accounts:list")
    assert can_sign_in("sam", NEW_PASSWORD) and not can_sign_in("sam", PASSWORD)
    refused(session.get(reverse("accounts:password")), login=True)  # signed out everywhere


def test_a_set_password_that_does_not_match_is_shown_and_not_saved(
    organiser_client: Client, scorer
):
    response = organiser_client.post(
        reverse("accounts:set-password", args=[scorer.pk]),
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD + "x"},
    )
    assert response.status_code == 400
    assert "The two password fields didn’t match." in parse(response.content).text
    assert can_sign_in("sam")


def test_a_scorer_may_not_set_anybodys_password(scorer_client: Client, outsider):
    response = scorer_client.post(
        reverse("accounts:set-password", args=[outsider.pk]),
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    refused(response, login=False)
    assert can_sign_in("otto")


def test_an_organiser_setting_their_own_password_is_sent_to_their_account_page(
    organiser_client: Client, organiser
):
    response = organiser_client.get(reverse("accounts:set-password", args=[organiser.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("accounts:password")


# -- one's own password and name -----------------------------------------------------------------
def test_everybody_changes_their_own_password_and_stays_signed_in(scorer):
    session = signed_in_by_password("sam")
    other = signed_in_by_password("sam")  # the same person on another device
    response = session.post(
        reverse("accounts:password"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert "Your password is changed." in messages_of(session.get(response["Location"]))
    assert can_sign_in("sam", NEW_PASSWORD)
    refused(other.get(reverse("accounts:password")), login=True)


def test_a_wrong_old_password_is_said_next_to_its_field(scorer_client: Client):
    response = scorer_client.post(
        reverse("accounts:password"),
        {"old_password": "not-it", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 400
    field = parse(response.content).by_id("old_password-error")
    assert "Your old password was entered incorrectly" in field.text
    assert can_sign_in("sam")


def test_a_visitor_has_no_own_account_page(client: Client):
    refused(client.get(reverse("accounts:password")), login=True)


def test_the_menu_names_who_is_signed_in_and_links_their_account_page(scorer_client: Client):
    page = parse(scorer_client.get("/").content)
    link = page.by_id("signed-in")
    assert link.text == "Signed in as sam" and link.attrs["href"] == reverse("accounts:password")
    own = parse(scorer_client.get(reverse("accounts:password")).content)
    assert own.by_id("who").text.replace(" ,", ",") == "You are signed in as sam, a scorer."


def test_a_visitor_sees_no_name_in_the_menu(client: Client):
    assert b'id="signed-in"' not in client.get("/").content
