"""The director's withdrawal of a tournament entrant is audited as a league's withdrawal is:
one RecordChange (subject "entrant", action "withdraw") with what it was and became, what it
conceded, and who did it; a refused withdrawal writes none."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.models import FixtureStatus, RecordChange, TournamentFormat
from league.tournaments import services
from tests.builders import open_fixtures, refused, tournament

pytestmark = pytest.mark.django_db


def test_the_director_s_withdrawal_is_audited(organiser, organiser_client, scorer_client):
    cup = tournament(organiser, 4, TournamentFormat.SINGLE)
    services.tournament_start(competition=cup)
    quitter = cup.entrants.get(name="P4")
    (match,) = [f for f in open_fixtures(cup) if f.sides.filter(entrant=quitter).exists()]
    address = reverse("tournaments:withdraw", args=[cup.slug])
    data = {"withdraw-entrant": str(quitter.pk)}
    refused(scorer_client.post(address, data), login=False)
    refused(Client().post(address, data), login=True)
    assert not RecordChange.objects.exists()

    assert organiser_client.post(address, data).status_code == 302
    record = RecordChange.objects.get()
    assert (record.subject, record.subject_id, record.action) == ("entrant", quitter.pk, "withdraw")
    assert record.subject_name == "P4" and record.by == organiser
    assert record.club_id == cup.club_id
    assert record.before == {"withdrawn": False}
    assert record.after == {"withdrawn": True, "conceded": [match.pk], "redrawn": None}
    match.refresh_from_db()
    assert match.status == FixtureStatus.FORFEIT

    # Withdrawing again is refused, and audits nothing more.
    assert organiser_client.post(address, data).status_code == 400
    assert RecordChange.objects.count() == 1
