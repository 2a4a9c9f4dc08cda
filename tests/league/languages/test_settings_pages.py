"""A club sets its language on its page and an event its own on the event's page: organisers
only; a forged language is refused in words, next to the menu, and nothing is saved."""

from __future__ import annotations

from django.test import Client

from league.models import Club, Competition
from tests.builders import make_league, page, refused


def settings_post(club: Club, **data: str) -> dict[str, str]:
    return {"settings-time_zone": club.time_zone, **{f"settings-{k}": v for k, v in data.items()}}


def test_an_organiser_sets_the_clubs_language(organiser, organiser_client):
    club = make_league(organiser).club
    response = organiser_client.post(
        f"/clubs/{club.slug}/settings/", settings_post(club, language="nl"), follow=True
    )
    club.refresh_from_db()
    assert club.language == "nl"
    # The page after the save is in the reader's language (none asked: the club's), and says so.
    text = page(Client(), f"/clubs/{club.slug}/").by_id("club-language").text
    assert text == "Nederlands"
    assert response.status_code == 200


def test_a_forged_language_is_refused_next_to_the_menu(organiser, organiser_client):
    club = make_league(organiser).club
    response = organiser_client.post(
        f"/clubs/{club.slug}/settings/", settings_post(club, language="<script>")
    )
    assert response.status_code == 400
    assert "Choose one of the languages in the list." in response.content.decode()
    club.refresh_from_db()
    assert club.language == ""


def test_only_an_organiser_sets_a_language(organiser, scorer_client):
    competition = make_league(organiser)
    club = competition.club
    refused(
        scorer_client.post(f"/clubs/{club.slug}/settings/", settings_post(club, language="de")),
        login=False,
    )
    refused(
        Client().post(f"/c/{competition.slug}/language/", {"language-language": "de"}), login=True
    )
    refused(
        scorer_client.post(f"/c/{competition.slug}/language/", {"language-language": "de"}),
        login=False,
    )
    club.refresh_from_db()
    competition.refresh_from_db()
    assert club.language == "" and competition.language == ""


def test_an_event_differs_from_its_club(organiser, organiser_client):
    competition = make_league(organiser)
    Club.objects.filter(pk=competition.club_id).update(language="nl")
    form = page(organiser_client, f"/c/{competition.slug}/").by_id("event-language")
    # Radio buttons, each in its label (a menu's closed choice was cut at a phone's width).
    options = {
        next(label.iter("input")).attrs["value"]: label.text.strip() for label in form.iter("label")
    }
    # The organiser's browser asks for no language: the page speaks the club's.
    assert options[""] == "Zoals de club (Nederlands)"
    assert options["de"] == "Deutsch"
    response = organiser_client.post(
        f"/c/{competition.slug}/language/", {"language-language": "fr"}
    )
    assert response.status_code == 302
    assert response["Location"] == f"/c/{competition.slug}/#event-language"
    assert Competition.objects.get(pk=competition.pk).language == "fr"
    # A reader who asked for no language reads the event in French, the club in Dutch.
    assert page(Client(), f"/c/{competition.slug}/").attrs.get("lang") in (None, "fr")
    html = Client().get(f"/c/{competition.slug}/").content.decode()
    assert '<html lang="fr"' in html
    assert '<html lang="nl"' in Client().get(f"/clubs/{competition.club.slug}/").content.decode()
    bad = organiser_client.post(f"/c/{competition.slug}/language/", {"language-language": "xx"})
    assert bad.status_code == 400
    assert Competition.objects.get(pk=competition.pk).language == "fr"


def test_a_club_without_a_language_says_its_screen_speaks_each_readers(organiser):
    competition = make_league(organiser)
    text = page(Client(), f"/clubs/{competition.club.slug}/").by_id("club-language").text
    assert text.startswith("The club has no language of its own")
    event = page(Client(), f"/c/{competition.slug}/").by_id("event-language-name").text
    assert "each reader's language" in event
