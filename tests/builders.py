"""Builders shared by the Django tests: users and signed-in clients, games and deals, a league
with its round robin drawn, and readers of the PDFs the site sends. One place, so that a test
module never imports another test module."""

from __future__ import annotations

import datetime
import io
import re

from django.contrib.auth.models import User
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader
from reportlab.graphics.barcode import qrencoder

from league.accounts import services as accounts_services
from league.competitions import results
from league.competitions import services as competitions_services
from league.games import services as games_services
from league.models import (
    Competition,
    CurrentRating,
    EntrantKind,
    Fixture,
    Game,
    Player,
    Role,
    TournamentFormat,
)
from league.tournaments import services as tournaments_services
from scoring import Deal, Ruleset, get_ruleset
from tests.league.html import Element, parse

# -- users and clients -----------------------------------------------------------------------
PASSWORD = "a-long-test-password-42"


def make_user(username: str, role: Role) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    accounts_services.user_set_role(user=user, role=role)
    return user


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def start_game(by: User, preset: str = "clabber", names=None, **overrides) -> Game:
    rules = get_ruleset(preset, **overrides)
    names = names or (["Anna & Ben", "Carl & Dora", "Eve"][: rules.sides])
    return games_services.game_create(rules=rules, side_names=names, by=by, table="3")


def add(game: Game, by: User, **deal) -> None:
    games_services.game_add_deal(game=game, deal=Deal(**deal), by=by)


# -- pages -----------------------------------------------------------------------------------
def page(client: Client, address: str, status: int = 200) -> Element:
    """The page at ``address``, parsed, after checking it answered ``status``."""
    response = client.get(address)
    assert response.status_code == status, (address, response.status_code)
    return parse(response.content)


def refused(response: HttpResponse, *, login: bool) -> None:
    """A write refused: an anonymous visitor is sent to sign in, a signed-in one gets 403."""
    if login:
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    else:
        assert response.status_code == 403


def query_count(client: Client, address: str) -> int:
    """How many queries the page at ``address`` takes (it must answer 200)."""
    with CaptureQueriesContext(connection) as captured:
        assert client.get(address).status_code == 200
    return len(captured.captured_queries)


# -- a league ---------------------------------------------------------------------------------
FIRST_NIGHT = datetime.date(2026, 1, 8)


def make_league(
    organiser: User,
    teams: int = 4,
    name: str = "Winter league",
    club_name: str = "Evansville Clabber Club",
    **kwargs,
) -> Competition:
    """A clabber league of ``teams`` partnerships ("Pair 1" ... ), its round robin drawn."""
    club = competitions_services.club_create(name=club_name)
    competition = competitions_services.competition_create(
        club=club,
        name=name,
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
        **kwargs,
    )
    for i in range(1, teams + 1):
        first = competitions_services.player_add(club=club, name=f"Player {i}a")
        second = competitions_services.player_add(club=club, name=f"Player {i}b")
        pair = competitions_services.partnership_add(
            club=club, first=first, second=second, name=f"Pair {i}"
        )
        competitions_services.entrant_add(competition=competition, partnership=pair)
    competitions_services.fixtures_generate(competition=competition, first_date=FIRST_NIGHT)
    return competition


def fixtures_of(competition: Competition) -> list[Fixture]:
    return list(competition.fixtures.order_by("round__number", "id"))


def names(fixture: Fixture) -> list[str]:
    return results.fixture_side_names(fixture)


# -- reading a PDF back ------------------------------------------------------------------------
def pdf_pages(pdf: bytes) -> list[str]:
    assert pdf.startswith(b"%PDF-")
    return [p.extract_text(extraction_mode="layout") for p in PdfReader(io.BytesIO(pdf)).pages]


_RECT = re.compile(rb"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re f\*")


def qr_codes(pdf: bytes) -> list[list[list[list[bool]]]]:
    """Each page's QR codes, each as its grid of modules (True: dark), read from the squares
    drawn in its form."""
    found = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        forms = page["/Resources"].get("/XObject") or {}
        codes = []
        for name, ref in sorted(forms.items()):
            if not name.startswith("/FormXob.qr-"):
                continue
            form = ref.get_object()
            size = float(form["/BBox"][2])
            rects = [tuple(map(float, m.groups())) for m in _RECT.finditer(form.get_data())]
            module = min(h for _, _, _, h in rects)
            count = round(size / module) - 8  # a quiet zone of 4 modules each side
            grid = [[False] * count for _ in range(count)]
            for x, y, w, _ in rects:
                row = round((size - y) / module) - 5
                col = round(x / module) - 4
                for c in range(col, col + round(w / module)):
                    grid[row][c] = True
            codes.append(grid)
        found.append(codes)
    return found


_RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-\d+z")


def svg_qr_code(svg: Element) -> list[list[bool]]:
    """A QR code drawn on a page as an ``<svg class="qr">``, as its grid of modules (True:
    dark), read from the runs of its path inside the quiet zone of 4 modules."""
    size = int(svg.attrs["viewbox"].split()[2])
    count = size - 8
    grid = [[False] * count for _ in range(count)]
    (path,) = svg.iter("path")
    for x, y, width in (map(int, m.groups()) for m in _RUN.finditer(path.attrs["d"])):
        for col in range(x, x + width):
            grid[y - 4][col - 4] = True
    return grid


def qr_encoded(text: str) -> list[list[bool]]:
    """The modules reportlab's encoder gives ``text`` at level M, as the sheets and pages
    draw it: what a QR read back must equal (no QR decoder is installed)."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    return [[bool(m) for m in row] for row in code.modules]


# -- a tournament ------------------------------------------------------------------------------
def tournament(
    organiser: User,
    n: int,
    fmt: str = TournamentFormat.SINGLE,
    *,
    name: str = "Open",
    rules: Ruleset | None = None,
    names: tuple[str, ...] | None = None,
    **options: object,
) -> Competition:
    """A tournament of players, entered in order: ``names``, or P1 ... Pn (Klaberjass to 150
    unless ``rules`` say otherwise), in a club of its own."""
    club = competitions_services.club_create(name=f"Club {fmt} {n} {Competition.objects.count()}")
    competition = tournaments_services.tournament_create(
        club=club,
        name=name,
        rules=rules or get_ruleset("klaberjass").replace(target=150),
        entrant_kind=EntrantKind.PLAYERS,
        format=fmt,
        by=organiser,
        **options,
    )
    for player_name in names or [f"P{i + 1}" for i in range(n)]:
        player = competitions_services.player_add(club=club, name=player_name)
        competitions_services.entrant_add(competition=competition, player=player)
    return competition


def publish_drafts(competition: Competition) -> None:
    """Publish a drawn Swiss round as it was drawn, as its director would after a look."""
    for night in competition.rounds.filter(draft=True):
        tournaments_services.round_publish(night=night)


def open_fixtures(competition: Competition, *, publish: bool = True) -> list[Fixture]:
    """The matches still to be confirmed, oldest first; a drawn Swiss round is published
    first unless ``publish`` is False."""
    if publish:
        publish_drafts(competition)
    return list(competition.fixtures.filter(confirmed_at__isnull=True).order_by("id"))


def play_by_links(
    fixture: Fixture, winner: int, *, confirm: bool = True, points: tuple[int, int] = (120, 10)
) -> None:
    """The loser enters deals through its entry link until ``winner`` has won (``points``:
    the winner's card points first); the winner confirms through its own link."""
    sides = {s.side: s for s in fixture.sides.all()}
    game = tournaments_services.token_start_game(side=sides[1 - winner])
    won_by = points if winner == 0 else (points[1], points[0])
    while game.winner is None:
        tournaments_services.token_add_deal(
            side=sides[1 - winner], game=game, deal=Deal(makers=winner, card_points=won_by)
        )
        game.refresh_from_db()
    fixture.refresh_from_db()
    if confirm:
        tournaments_services.fixture_confirm(fixture=fixture, side=winner)


# -- ratings ----------------------------------------------------------------------------------
def rated(player: Player, mu: float, sigma: float, partner: Player | None = None) -> None:
    """Give ``player`` (with ``partner``: the pair) a current rating, as if games had made it
    (the tests of the ratings' own services play the games)."""
    first, second = (player, partner) if partner is None else sorted((player, partner), key=_pk)
    CurrentRating.objects.create(
        player=first,
        partner=second,
        mu=mu,
        sigma=sigma,
        conservative=mu - 3 * sigma,
        games=10,
        opponents=5,
        trend=0.0,
        last_played_at=datetime.datetime(2026, 1, 8, 20, tzinfo=datetime.UTC),
    )


def _pk(player: Player) -> int:
    return player.pk
