"""``manage.py demo [--reset]``: fill the current database with a believable club night.

The demo is a Thursday club night at four tables: finished and running games of Evansville
Clabber (four hands, partnerships) and Klaberjass (two hands, one of them with ties that hang),
with sets, melds, belle, a renege, void deals, a correction and a deleted deal; at the fourth
the French games, a Belote played out and a Coinche in play. A Dutch club's Klaverjas league has
played its first night: one boom of sixteen deals won, one drawn. Then the club's
winter league half way through its season, an individual cup, and a Saturday tournament in
progress: a knockout of eight partnerships whose first round was entered and confirmed by the
players through their entry links, a semi-final in play. Club evenings: a Dutch klaverjas
club's season of three Friday drives (one played to the end, one typed from paper, one in play
tonight) and a French belote concours of nine teams (:mod:`league.management.demo_evenings`).
Every deal goes through
the areas' services, so the engine scores all of it; a fixed random seed makes the night the
same each time (the entry links' tokens are random, as on a real site).

It refuses to write to a database that already holds games or accounts: ``--reset`` first
deletes every game (with its deals and corrections) and the demo accounts. The accounts share a
password printed on purpose: this is a demo, never a real site.
"""

from __future__ import annotations

import datetime
import random
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.urls import reverse

import scoring
from league.accounts import services as accounts_services
from league.competitions import services as competitions_services
from league.games import services as games_services
from league.management.demo_evenings import EveningsDemo
from league.models import (
    Club,
    Competition,
    Deal,
    DealAudit,
    EntrantKind,
    FixtureSide,
    Game,
    MeldEntry,
    Player,
    Role,
    TournamentFormat,
    VoidReason,
)
from league.ratings.services import ratings_rebuild
from league.tournaments import services as tournaments_services
from scoring import Ruleset, get_ruleset
from scoring.rules import CAPOT
from scoring.words import possessive

DEMO_PASSWORD = "hicksheet-demo"
ORGANISER = "secretary"
SCORERS = ("table1", "table2", "table3")
DEMO_USERS = (ORGANISER, *SCORERS)
NIGHT = "Thursday club night"
OPEN = "Saturday Clabber Open"
SEED = 1908
#: A game that is not over after this many deals means the script above is wrong.
MAX_DEALS = 40


def D(**fields: Any) -> scoring.Deal:
    """A deal as the engine takes it; melds and card points given as lists are fine too."""
    return scoring.Deal(**fields)


class Dealer:
    """Plays out ordinary deals of one ruleset with a seeded generator: who made trump, how
    the card points split (every card played in Clabber, 18 of 32 in two-hand Klaberjass),
    now and then a run and belle, and a set about one deal in four."""

    def __init__(self, rules: Ruleset, rng: random.Random):
        self.rules = rules
        self.rng = rng

    def deal(self) -> scoring.Deal:
        rng, rules = self.rng, self.rules
        makers = rng.randrange(2)
        other = 1 - makers
        melds: tuple[tuple[str, ...], ...] = ()
        if rng.random() < 0.35:
            # The makers chose trump, so they hold the best meld more often than not.
            side = makers if rng.random() < 0.7 else other
            kinds = [rng.choices(("run3", "run4", "run5"), weights=(12, 4, 1))[0]]
            if kinds == ["run3"] and rng.random() < 0.2:
                kinds.append("run3")
            per_side: list[tuple[str, ...]] = [(), ()]
            per_side[side] = tuple(kinds)
            melds = tuple(per_side)
        belle = None
        if rng.random() < 0.25:
            belle = makers if rng.random() < 0.65 else other
        # Every card is played in Clabber (162 in all); two-hand plays 18 of the 32 cards.
        total = rules.card_total() if rules.all_cards_played else rng.randint(72, 140)
        share = min(max(rng.gauss(0.6, 0.14), 0.12), 0.88)
        mine = round(total * share)
        card_points = [0, 0]
        card_points[makers] = mine
        card_points[other] = total - mine
        return D(makers=makers, card_points=tuple(card_points), melds=melds, belle=belle)


def klaverjas_deal(rng: random.Random, makers: int) -> scoring.Deal:
    """An ordinary deal of Klaverjas: every card played (162), now and then roem (written as
    points, each side its own) or stuk (the king and queen of trumps, given as belle)."""
    other = 1 - makers
    roem = [0, 0]
    if rng.random() < 0.4:
        side = makers if rng.random() < 0.7 else other
        roem[side] = rng.choice((20, 20, 20, 50, 50, 100))
    belle = makers if rng.random() < 0.15 else None
    share = min(max(rng.gauss(0.6, 0.15), 0.2), 0.85)
    card_points = [0, 0]
    card_points[makers] = round(162 * share)
    card_points[other] = 162 - card_points[makers]
    return D(makers=makers, card_points=tuple(card_points), meld_points=tuple(roem), belle=belle)


#: Eight deals of a boom, makers first: (makers' card points, makers' roem, opponents' roem,
#: stuk for the makers, pit for the makers). With each also played the other way round, the
#: boom ends level: a draw. Among them a pit (every trick: 100 roem) and a nat (the makers,
#: 70 + 20 against 92, score nothing).
LEVEL_BOOM: tuple[tuple[int, int, int, bool, bool], ...] = (
    (92, 20, 0, False, False),
    (101, 0, 0, True, False),
    (162, 0, 0, False, True),
    (70, 20, 0, False, False),
    (84, 50, 0, False, False),
    (110, 0, 20, False, False),
    (96, 0, 0, False, False),
    (78, 50, 20, False, False),
)


def level_boom() -> list[scoring.Deal]:
    """The sixteen deals of :data:`LEVEL_BOOM`, each once for each side, the makers
    alternating: equal totals."""
    deals = []
    for pair in range(0, len(LEVEL_BOOM), 2):
        for index, makers in ((pair, 0), (pair + 1, 1)):
            deals.append(_boom_deal(LEVEL_BOOM[index], makers))
    for pair in range(0, len(LEVEL_BOOM), 2):
        for index, makers in ((pair + 1, 0), (pair, 1)):
            deals.append(_boom_deal(LEVEL_BOOM[index], makers))
    return deals


def _boom_deal(line: tuple[int, int, int, bool, bool], makers: int) -> scoring.Deal:
    cards, own, theirs, stuk, pit = line
    other = 1 - makers
    card_points, roem = [0, 0], [0, 0]
    card_points[makers], card_points[other] = cards, 162 - cards
    roem[makers], roem[other] = own, theirs
    return D(
        makers=makers,
        card_points=tuple(card_points),
        meld_points=tuple(roem),
        belle=makers if stuk else None,
        all_tricks=makers if pit else None,
    )


class Command(BaseCommand):
    help = (
        "Fill the current database with a demo club night (accounts, games, deals). "
        "Refuses a database that is not empty unless --reset is given."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--reset",
            action="store_true",
            help="First delete every game, deal and correction, and the demo accounts.",
        )

    def handle(self, *args: Any, reset: bool = False, **options: Any) -> None:
        self.rng = random.Random(SEED)
        self.lines: list[str] = [f"Database: {connection.settings_dict['NAME']}"]
        with transaction.atomic():
            if reset:
                self._reset()
            else:
                self._refuse_unless_empty()
            users = self._accounts()
            games = self._club_night(users)
            games += self._french_table(users)
            self._report(games)
            self._analyze()
            club, league, people = self._season(users)
            self._analyze()
            self._tournament(users, club, league, people)
            self._klaverjas_league(users)
            self._analyze()
            self.lines += EveningsDemo(users[ORGANISER]).run()
            self._analyze()
            # Every result above is rated once it is committed; rated here in one go instead.
            rated = ratings_rebuild()
            self.lines.append(f"Ratings: {rated} finished games rated (/ratings/).")
            self._cup_by_rating(users, club, people)
        # Said once everything is saved: a failed run writes nothing and claims nothing.
        for line in self.lines:
            self.stdout.write(line)

    def _analyze(self) -> None:
        """On PostgreSQL, bring the planner's statistics up to what the demo has written so far
        (its own rows count, in its transaction). The demo writes thousands of rows in one
        transaction, often after a reset deleted as many: with the statistics of the tables as
        they were (empty, or another test's rows), the planner chose nested loops that made a
        single query of the season's results take seconds and the demo minutes (CI). Only
        once rows are written: analysed empty, a table is taken for empty until the next."""
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")

    # -- the database before ------------------------------------------------------------------
    def _refuse_unless_empty(self) -> None:
        found = {
            "games": Game.objects.count(),
            "deals": Deal.objects.count(),
            "accounts": User.objects.count(),
        }
        found["clubs"] = Club.objects.count()
        if any(found.values()):
            held = ", ".join(f"{n} {what}" for what, n in found.items() if n)
            raise CommandError(
                f"This database is not empty ({held}); nothing was changed. "
                "Run `manage.py demo --reset` to replace its games with the demo."
            )

    def _reset(self) -> None:
        games, deals, audit = Game.objects.count(), Deal.objects.count(), DealAudit.objects.count()
        # Deals and corrections go with their game; accounts after, as deals protect them.
        Game.objects.all().delete()
        clubs = list(Club.objects.values_list("name", flat=True))
        Club.objects.all().delete()  # its players, partnerships, competitions and fixtures too
        accounts = User.objects.filter(username__in=DEMO_USERS)
        names = sorted(accounts.values_list("username", flat=True))
        accounts.delete()
        if clubs:
            self.lines.append(f"Reset: deleted the clubs {', '.join(clubs)} with their seasons.")
        self.lines.append(
            f"Reset: deleted {games} games, {deals} deals, {audit} corrections"
            + (f" and the demo accounts {', '.join(names)}." if names else ".")
        )
        kept = User.objects.count()
        if kept:
            self.lines.append(f"Kept {kept} other account(s).")

    # -- accounts -----------------------------------------------------------------------------
    def _accounts(self) -> dict[str, User]:
        users = {}
        for username in DEMO_USERS:
            user = User.objects.create_user(username, password=DEMO_PASSWORD)
            role = Role.ORGANISER if username == ORGANISER else Role.SCORER
            accounts_services.user_set_role(user=user, role=role)
            users[username] = user
        self.lines.append(
            f"Accounts: {ORGANISER} (organiser), {', '.join(SCORERS)} (scorers), all with the "
            f"password {DEMO_PASSWORD!r}. A demo password, printed on purpose: never use these "
            "accounts on a real site."
        )
        return users

    # -- the club night -----------------------------------------------------------------------
    def _start(
        self,
        preset: str,
        sides: tuple[str, ...],
        table: int,
        round_: str,
        by: User,
        first_dealer: int = 0,
        meld_entry: str = MeldEntry.SCORED,
    ) -> tuple[Game, Dealer]:
        rules = get_ruleset(preset)
        game = games_services.game_create(
            rules=rules,
            side_names=sides,
            by=by,
            table=str(table),
            title=f"{NIGHT}: table {table}, {round_} game",
            first_dealer=first_dealer,
            meld_entry=meld_entry,
        )
        return game, Dealer(rules, self.rng)

    def _add(self, game: Game, deal: scoring.Deal, by: User, void_reason: str = "") -> Deal:
        if game.finished:
            raise CommandError(f"The demo script is wrong: {game} ended before its deals did.")
        record, _ = games_services.game_add_deal(
            game=game, deal=deal, by=by, void_reason=void_reason
        )
        game.refresh_from_db()
        return record

    def _play_out(self, game: Game, dealer: Dealer, by: User) -> None:
        while not game.finished:
            if game.deal_count >= MAX_DEALS:
                raise CommandError(f"The demo script is wrong: {game} never ends.")
            self._add(game, dealer.deal(), by)

    def _play_some(self, game: Game, dealer: Dealer, by: User, deals: int) -> None:
        for _ in range(deals):
            self._add(game, dealer.deal(), by)
        if game.finished:
            raise CommandError(f"The demo script is wrong: {game} should still be in play.")

    def _club_night(self, users: dict[str, User]) -> list[Game]:
        secretary = users[ORGANISER]
        t1, t2, t3 = (users[name] for name in SCORERS)
        games = []

        # Table 1, Clabber, finished: melds, a tie (a set in Clabber), four jacks, and a deal
        # whose card points were written on the wrong side, put right by the secretary.
        game, dealer = self._start(
            "clabber", ("Anna & Ben", "Carl & Dora"), 1, "first", t1, first_dealer=1
        )
        self._add(game, D(makers=0, card_points=(96, 66), melds=(("run3",), ())), t1)
        wrong = self._add(game, D(makers=1, card_points=(98, 64)), t1)
        self._add(game, dealer.deal(), t1)
        self._add(game, D(makers=1, card_points=(81, 81)), t1)
        games_services.game_correct_deal(
            game=game,
            number=wrong.number,
            deal=D(makers=1, card_points=(64, 98)),
            expected_version=wrong.version,
            by=secretary,
        )
        game.refresh_from_db()
        self._add(game, D(makers=1, card_points=(102, 60), melds=((), ("four_jacks",))), t1)
        self._play_out(game, dealer, t1)
        games.append(game)

        # Table 2, Clabber, finished: a misdeal, a renege, a deal entered twice and deleted.
        game, dealer = self._start("clabber", ("Eve & Frank", "Gina & Hal"), 2, "first", t2)
        self._add(game, dealer.deal(), t2)
        self._add(game, D(void=True), t2, void_reason=VoidReason.MISDEAL)
        self._add(game, D(makers=0, card_points=(88, 74), melds=(("run4",), ())), t2)
        self._add(game, D(makers=0, renege=0, melds=((), ("run3",)), belle=1), t2)
        twice = D(makers=0, card_points=(92, 70), belle=0)
        self._add(game, twice, t2)
        duplicate = self._add(game, twice, t2)
        games_services.game_delete_deal(
            game=game, number=duplicate.number, expected_version=duplicate.version, by=t2
        )
        game.refresh_from_db()
        self._play_out(game, dealer, t2)
        games.append(game)

        # Table 3, two-hand Klaberjass, finished: both passed twice, a set, a run of four.
        game, dealer = self._start("klaberjass", ("Irene", "Jakob"), 3, "first", t3)
        self._add(game, dealer.deal(), t3)
        self._add(game, D(void=True), t3, void_reason=VoidReason.PASSED)
        self._add(game, D(makers=0, card_points=(55, 70)), t3)
        self._add(game, D(makers=1, card_points=(46, 78), melds=((), ("run4",)), belle=1), t3)
        self._play_out(game, dealer, t3)
        games.append(game)

        # Table 3, Klaberjass where a tie hangs, finished: 62 all, 124 held for the next winner.
        game, dealer = self._start("klaberjass-hang", ("Kurt", "Lena"), 3, "second", t3)
        self._add(game, dealer.deal(), t3)
        self._add(game, dealer.deal(), t3)
        self._add(game, D(makers=0, card_points=(62, 62)), t3)
        self._add(game, D(makers=1, card_points=(40, 70)), t3)
        self._play_out(game, dealer, t3)
        games.append(game)

        # Still in play when the demo stops.
        game, dealer = self._start("clabber", ("Anna & Carl", "Ben & Dora"), 1, "second", t1)
        self._add(game, D(makers=0, card_points=(84, 78), melds=(("run5",), ())), t1)
        self._play_some(game, dealer, t1, 2)
        games.append(game)

        game, dealer = self._start("klaberjass", ("Irene", "Kurt"), 3, "third", t3)
        self._play_some(game, dealer, t3, 3)
        games.append(game)

        # Scored with the melds each side declared (the sheet says who scores them and why),
        # Gina dealing first: a run in trumps beats the same run in a plain suit, four aces
        # beat a run of three, and equal runs in plain suits score nobody.
        game, dealer = self._start(
            "clabber",
            ("Eve & Gina", "Frank & Hal"),
            2,
            "third",
            t2,
            first_dealer=2,
            meld_entry=MeldEntry.DECLARED,
        )
        run, four = scoring.Declared.run, scoring.Declared.four
        for makers, points, declared in (
            (0, (90, 72), ((run(4, "K", trump=True),), (run(4, "K"),))),
            (1, (70, 92), ((run(3, "Q"),), (four("A"),))),
            (0, (84, 78), ((run(3, "A"),), (run(3, "A"),))),
        ):
            self._add(game, D(makers=makers, card_points=points, declared=declared), t2)
        games.append(game)

        # A tie hangs at the end: 48 + belle against 68, 136 held for whoever wins the next deal.
        game, dealer = self._start("klaberjass-hang", ("Eve", "Hal"), 2, "second", t2)
        self._play_some(game, dealer, t2, 3)
        self._add(game, D(makers=0, card_points=(48, 68), belle=0), t2)
        games.append(game)
        return games

    # -- the French table -----------------------------------------------------------------------
    def _french_table(self, users: dict[str, User]) -> list[Game]:
        """Table 4 plays the French games: a Belote played out, then a Coinche to 2000 in play
        with bids, a contrée, a capot and a contract that failed."""
        t1 = users[SCORERS[0]]
        game, _ = self._start("belote", ("Mara & Nils", "Olga & Piet"), 4, "first", t1)
        # A dedans (the takers, 70 against 92, give the defenders all 162), then ordinary deals.
        self._add(game, D(makers=0, card_points=(70, 92)), t1)
        while not game.finished:
            if game.deal_count >= MAX_DEALS:
                raise CommandError(f"The demo script is wrong: {game} never ends.")
            makers = self.rng.randrange(2)
            mine = round(162 * min(max(self.rng.gauss(0.62, 0.1), 0.52), 0.85))
            points = (mine, 162 - mine) if makers == 0 else (162 - mine, mine)
            belle = makers if self.rng.random() < 0.3 else None
            self._add(game, D(makers=makers, card_points=points, belle=belle), t1)
        belote = game

        game, _ = self._start(
            "coinche",
            ("Mara & Olga", "Nils & Piet"),
            4,
            "second",
            t1,
            meld_entry=MeldEntry.DECLARED,
        )
        run = scoring.Declared.run
        for deal in (
            D(makers=0, bid=90, card_points=(104, 58), belle=0),
            D(makers=1, bid=100, contre=1, card_points=(96, 66)),  # contrée, and it fails
            D(makers=1, bid=CAPOT, card_points=(0, 162), all_tricks=1),
            D(makers=0, bid=110, card_points=(104, 58)),  # 104 does not reach 110
            D(makers=0, bid=100, card_points=(112, 50), declared=((run(3, "K"),), ())),
            D(makers=1, bid=80, card_points=(70, 92), belle=1),
        ):
            self._add(game, deal, t1)
        if game.finished:
            raise CommandError(f"The demo script is wrong: {game} should still be in play.")
        return [belote, game]

    # -- a Klaverjas league ---------------------------------------------------------------------
    def _klaverjas_league(self, users: dict[str, User]) -> None:
        """A Dutch club's Klaverjas league: four partnerships, a boom of sixteen deals a
        fixture. The first night is played: one boom won, one drawn (level after sixteen
        deals); the other nights are drawn up."""
        secretary = users[ORGANISER]
        scorers = [users[name] for name in SCORERS]
        club = competitions_services.club_create(name="De Klaverjassers")
        names = ["Bram", "Daan", "Fleur", "Joost", "Lotte", "Maartje", "Sanne", "Wim"]
        people = {name: competitions_services.player_add(club=club, name=name) for name in names}
        league = competitions_services.competition_create(
            club=club,
            name="Klaverjascompetitie 2026",
            rules=get_ruleset("klaverjas"),
            entrant_kind=EntrantKind.PARTNERSHIPS,
            by=secretary,
        )
        for first, second in zip(names[0::2], names[1::2], strict=True):
            pair = competitions_services.partnership_add(
                club=club, first=people[first], second=people[second]
            )
            competitions_services.entrant_add(competition=league, partnership=pair)
        rounds = competitions_services.fixtures_generate(
            competition=league, first_date=datetime.date(2026, 11, 3)
        )
        won, level = rounds[0].fixtures.order_by("id")
        game = competitions_services.fixture_start_game(fixture=won, by=scorers[0])
        for number in range(game.rules.deals or 0):
            self._add(game, klaverjas_deal(self.rng, number % 2), scorers[0])
        drawn = competitions_services.fixture_start_game(fixture=level, by=scorers[1])
        for deal in level_boom():
            self._add(drawn, deal, scorers[1])
        if not (game.finished and game.winner is not None and drawn.drawn):
            raise CommandError("The demo script is wrong: the Klaverjas booms did not end so.")
        self.lines.append(
            f"{league}: 4 partnerships, a boom of 16 deals a fixture, {len(rounds)} nights "
            f"drawn; the first played ({game.sides_text}: {game.result_text}; "
            f"{drawn.sides_text}: level at {drawn.totals[0]}, a draw), the others to come.  "
            f"/c/{league.slug}/"
        )
        self.lines.append(
            f"  Roem, stuk, a pit and a nat on the drawn boom's sheet: /games/{drawn.pk}/"
        )

    # -- a season in progress ----------------------------------------------------------------
    def _season(self, users: dict[str, User]) -> tuple[Club, Competition, dict[str, Player]]:
        """The Thursday Clabber league half way through, and an individual competition."""
        secretary = users[ORGANISER]
        club = competitions_services.club_create(name="Evansville Thursday Club")
        names = [
            "Anna",
            "Ben",
            "Carl",
            "Dora",
            "Eve",
            "Frank",
            "Gina",
            "Hal",
            "Irene",
            "Jakob",
            "Kurt",
            "Lena",
        ]
        people = {name: competitions_services.player_add(club=club, name=name) for name in names}
        scorers = [users[name] for name in SCORERS]
        self._last_season(club, people, secretary, scorers)
        league = competitions_services.competition_create(
            club=club,
            name="Winter league 2026",
            rules=get_ruleset("clabber"),
            entrant_kind=EntrantKind.PARTNERSHIPS,
            by=secretary,
            tiebreaks=["match_points", "head_to_head", "point_difference", "fewest_hicks"],
        )
        for first, second in zip(names[0::2], names[1::2], strict=True):
            pair = competitions_services.partnership_add(
                club=club, first=people[first], second=people[second]
            )
            competitions_services.entrant_add(competition=league, partnership=pair)
        rounds = competitions_services.fixtures_generate(
            competition=league, first_date=datetime.date(2026, 10, 1)
        )
        dealer = Dealer(league.rules, self.rng)
        # Rounds 1-3 played at the tables; round 4: a paper sheet, a forfeit, a game in play.
        for night in rounds[:3]:
            for fixture, by in zip(night.fixtures.all(), scorers, strict=False):
                game = competitions_services.fixture_start_game(fixture=fixture, by=by)
                self._play_out(game, dealer, by)
        fourth = list(rounds[3].fixtures.all())
        competitions_services.fixture_type_result(fixture=fourth[0], scores=[(512, 431)])
        competitions_services.fixture_concede(fixture=fourth[1], side=1, score=(500, 0))
        game = competitions_services.fixture_start_game(fixture=fourth[2], by=scorers[2])
        self._play_some(game, dealer, scorers[2], 2)
        self.lines.append(
            f"{league}: {len(names) // 2} partnerships, {len(rounds)} nights drawn, 3 played, "
            f"the fourth under way.  /c/{league.slug}/"
        )

        individual = competitions_services.competition_create(
            club=club,
            name="Individual cup",
            rules=get_ruleset("clabber"),
            entrant_kind=EntrantKind.ROTATION,
            by=secretary,
        )
        for name in names[:9]:
            competitions_services.entrant_add(competition=individual, player=people[name])
        rounds = competitions_services.rotation_generate(
            competition=individual, rounds=4, first_date=datetime.date(2026, 10, 8)
        )
        for fixture in rounds[0].fixtures.all():
            game = competitions_services.fixture_start_game(fixture=fixture, by=secretary)
            self._play_out(game, dealer, secretary)
        self.lines.append(
            f"{individual}: 9 players, partners change every round, round 1 played.  "
            f"/c/{individual.slug}/"
        )
        return club, league, people

    def _last_season(
        self, club: Club, people: dict[str, Player], secretary: User, scorers: list[User]
    ) -> None:
        """Last autumn's league, played out (a double round robin, other partners): the
        history the ratings, the players' seasons and the standings' race are drawn from."""
        league = competitions_services.competition_create(
            club=club,
            name="Autumn league 2025",
            rules=get_ruleset("clabber"),
            entrant_kind=EntrantKind.PARTNERSHIPS,
            by=secretary,
        )
        order = ["Anna", "Dora", "Ben", "Eve", "Carl", "Hal", "Frank", "Irene", "Gina", "Lena"]
        order += ["Jakob", "Kurt"]
        for first, second in zip(order[0::2], order[1::2], strict=True):
            pair = competitions_services.partnership_add(
                club=club, first=people[first], second=people[second]
            )
            competitions_services.entrant_add(competition=league, partnership=pair)
        rounds = competitions_services.fixtures_generate(
            competition=league, double=True, first_date=datetime.date(2025, 9, 4)
        )
        dealer = Dealer(league.rules, self.rng)
        half = 3
        zone = ZoneInfo(settings.TIME_ZONE)
        for night in rounds[:half]:
            for table, (fixture, by) in enumerate(zip(night.fixtures.all(), scorers, strict=False)):
                game = competitions_services.fixture_start_game(fixture=fixture, by=by)
                self._play_out(game, dealer, by)
                # Played on its night last autumn, not today: the ratings go by when.
                assert night.date is not None
                started = datetime.datetime.combine(
                    night.date, datetime.time(19, 30 + table), tzinfo=zone
                )
                Game.objects.filter(pk=game.pk).update(created_at=started, updated_at=started)
                Deal.objects.filter(game=game).update(created_at=started, updated_at=started)
        # The second half was scored on paper and typed in afterwards.
        for night in rounds[half:]:
            for fixture in night.fixtures.all():
                loser = self.rng.randrange(250, 480)
                won = (500 + self.rng.randrange(0, 40), loser)
                scores = [won if self.rng.random() < 0.5 else (won[1], won[0])]
                competitions_services.fixture_type_result(fixture=fixture, scores=scores)
        self.lines.append(
            f"{league}: 6 partnerships, a double round robin of {len(rounds)} nights, all "
            f"played (the first {half} at the tables, the rest typed from paper).  "
            f"/c/{league.slug}/"
        )

    def _cup_by_rating(self, users: dict[str, User], club: Club, people: dict[str, Player]) -> None:
        """A singles cup before its draw, seeded by the players' ratings: the director can
        look at the seeds (each with its rating) and start it."""
        cup = tournaments_services.tournament_create(
            club=club,
            name="Christmas singles",
            rules=get_ruleset("klaberjass"),
            entrant_kind=EntrantKind.PLAYERS,
            format=TournamentFormat.SINGLE,
            by=users[ORGANISER],
        )
        for name in ("Anna", "Ben", "Carl", "Dora", "Eve", "Frank", "Gina", "Hal"):
            competitions_services.entrant_add(competition=cup, player=people[name])
        tournaments_services.tournament_seed(competition=cup, method="rating")
        self.lines.append(
            f"{cup}: 8 players seeded by rating, waiting for the director to start it.  "
            f"/c/{cup.slug}/director/"
        )

    # -- a tournament in progress --------------------------------------------------------------
    def _token_deals(self, side: FixtureSide, game: Game, dealer: Dealer, deals: int) -> None:
        """``deals`` deals (0: to the end of the game) entered through ``side``'s entry link."""
        while not game.finished and (deals == 0 or game.deal_count < deals):
            if game.deal_count >= MAX_DEALS:
                raise CommandError(f"The demo script is wrong: {game} never ends.")
            tournaments_services.token_add_deal(side=side, game=game, deal=dealer.deal())
            game.refresh_from_db()

    def _tournament(
        self,
        users: dict[str, User],
        club: Club,
        league: Competition,
        people: dict[str, Player],
    ) -> None:
        """A Saturday knockout of eight partnerships: the league's six and two new members'
        pairs, seeded by the league table. Round 1 was entered at the tables through the home
        sides' entry links and confirmed through the away sides'; the first semi-final is in
        play, the second waits for its table."""
        secretary = users[ORGANISER]
        pairs = [e.partnership for e in league.entrants.order_by("id") if e.partnership]
        for first, second in (("Mara", "Nils"), ("Olga", "Piet")):
            people[first] = competitions_services.player_add(club=club, name=first)
            people[second] = competitions_services.player_add(club=club, name=second)
            pairs.append(
                competitions_services.partnership_add(
                    club=club, first=people[first], second=people[second]
                )
            )
        cup = tournaments_services.tournament_create(
            club=club,
            name=OPEN,
            rules=get_ruleset("clabber"),
            entrant_kind=EntrantKind.PARTNERSHIPS,
            format=TournamentFormat.SINGLE,
            third_place=True,
            by=secretary,
        )
        for pair in pairs:
            competitions_services.entrant_add(competition=cup, partnership=pair)
        tournaments_services.tournament_seed(
            competition=cup, method="standings", from_competition=league
        )
        tournaments_services.tournament_start(competition=cup)
        dealer = Dealer(cup.rules, self.rng)
        # Each confirmation draws what it makes ready: a semi-final once both its quarter-finals
        # are confirmed, in a round of its own.
        for fixture in cup.fixtures.order_by("id"):
            home, away = fixture.sides.order_by("side")
            game = tournaments_services.token_start_game(side=home)
            self._token_deals(home, game, dealer, 0)
            fixture.refresh_from_db()
            tournaments_services.fixture_confirm(fixture=fixture, side=away.side)
        semi = cup.fixtures.get(bracket_match="W2-1")
        home = semi.sides.get(side=0)
        game = tournaments_services.token_start_game(side=home)
        self._token_deals(home, game, dealer, 4)
        if game.finished:
            raise CommandError(f"The demo script is wrong: {game} should still be in play.")
        rounds = cup.rounds.count()
        self.lines.append(
            f"{cup}: 8 partnerships seeded by the winter league table, a knockout with a match "
            f"for third place; the quarter-finals entered and confirmed through the players' "
            f"entry links, a semi-final in play ({game.sides_text}, "
            f"{' – '.join(str(t) for t in game.display_totals)}), the other waiting.  "
            f"/c/{cup.slug}/"
        )
        self.lines.append(
            f"  Printed: /c/{cup.slug}/bracket.pdf and /c/{cup.slug}/ranking.pdf; as "
            f"{ORGANISER}, the sheets of each table with its entry links as QR codes: "
            + ", ".join(f"/c/{cup.slug}/rounds/{n}/tables.pdf" for n in range(1, rounds + 1))
        )
        self.lines.append(
            f"  {possessive(str(home.entrant))} entry link for the semi-final: "
            + reverse("tournaments:entry", args=[home.entry_token])
        )

    # -- what was done ------------------------------------------------------------------------
    def _report(self, games: list[Game]) -> None:
        self.lines.append(f"{NIGHT}: {len(games)} games.")
        for game in games:
            totals = " – ".join(str(t) for t in game.display_totals)
            if game.finished:
                standing = game.result_text
            else:
                standing = f"in play, {totals}"
                if game.held:
                    standing += f", {game.held} held"
            self.lines.append(
                f"  table {game.table} · {game.rules.name} · {game.sides_text}: "
                f"{game.deal_count} deals, {standing}  /games/{game.pk}/"
            )
        audit = DealAudit.objects.filter(game__in=games).count()
        self.lines.append(
            f"{audit} corrections in the audit. Sign in at /accounts/login/ as {ORGANISER} to "
            "see them."
        )
