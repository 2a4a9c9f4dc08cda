"""The club evenings of ``manage.py demo``: a klaverjas club's season of evenings and a belote
concours, run through :mod:`league.evenings.services` as a director would run them.

- *KJC De Hoge Boom* (a Dutch klaverjas club) plays its Friday *drive*: individuals, partners
  drawn each round, three rounds of a boom of sixteen deals, a sit-out scoring 1600 and a mars
  (KJC De Pitslag's rule), a missed round 1450, prizes by the formula of four and a booby
  prize. Three evenings make its season (the best two of three count, at least two played):
  the first played to the end (13 members at the door, a late arrival checked in after round 1
  was drawn, one leaving after round 1, one sit-out a round; most tables entered deal by deal
  through the table's entry link, so that the sheets, roem and statistics are real, one table
  a round typed from its paper sheet); the second typed from paper afterwards; the third
  tonight, still in play (round 1 played, one table at a phone and the others on paper; round
  2 drawn: a table finished, one typed from paper, one half way through its boom, one not
  started).
- *Club de Belote de Saint-Amand* holds a concours: nine teams (the odd team *au pot*, sitting
  out with half a partie's 1944), four parties of twelve deals, the first drawn by lot and the
  others by the ranking, a prize for every team; finished.

Every draw is seeded, so the evenings come out the same each time (their entry links' tokens
are random, as on a real site). Each function returns the lines the demo prints.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable

from django.contrib.auth.models import User
from django.core.management.base import CommandError
from django.utils import timezone

import scoring
from league.competitions import services as competitions_services
from league.evenings import selectors as evenings_selectors
from league.evenings import services as evenings_services
from league.models import Club, Competition, Fixture, FixtureSide, Game, Player, Season
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from scoring.evenings import EveningRules, SeasonRules

SEED = 2426
#: The klaverjas club's members, in the order they first came.
MEMBERS = (
    "Aaltje Bos",
    "Bert Kok",
    "Corrie Mulder",
    "Dick de Vries",
    "Ellen Smit",
    "Frits Visser",
    "Gerda Jansen",
    "Henk Bakker",
    "Ina Meijer",
    "Jan de Boer",
    "Klaas Dijkstra",
    "Lies Hoekstra",
    "Marten Postma",
    "Nel Wiersma",
    "Oene Kuipers",
    "Piet Zijlstra",
)
KLAVERJAS_PRIZES = (
    "Meat parcel",
    "Bottle of wine",
    "Cheese board",
    "Bunch of flowers",
    "Smoked sausage",
    "Box of chocolates",
)
KLAVERJAS_BOOBY = "A pack of cards"
#: The concours' teams (two players a team).
TEAMS = (
    ("Marcel", "Josette"),
    ("Gérard", "Yvette"),
    ("Lucien", "Odette"),
    ("René", "Simone"),
    ("Roger", "Paulette"),
    ("André", "Monique"),
    ("Jean", "Colette"),
    ("Pierre", "Huguette"),
    ("Michel", "Nicole"),
)
CONCOURS_PRIZES = (
    "A country ham",
    "Two bottles of champagne",
    "A leg of lamb",
    "A hamper",
    "A bottle of cognac",
    "Three bottles of Bordeaux",
    "A garlic sausage",
    "A box of chocolates",
    "A bottle of cider",
)


def drive_rules() -> EveningRules:
    """The klaverjas club's drive (KJC De Pitslag's and SV Bedum's rules)."""
    return EveningRules(
        entrants="individuals",
        rounds=3,
        short="sit_out",
        sit_out_score="fixed",
        sit_out_points=1600,
        sit_out_pits=1,
        absent_score="fixed",
        absent_points=1450,
        ranking="points",
        prizes="formula_of_four",
        booby_prize=True,
    )


def concours_rules() -> EveningRules:
    """The belote concours: teams, four parties, drawn by the ranking after the first, the odd
    team au pot with half a partie's 1944, a prize for every team."""
    return EveningRules(
        entrants="pairs",
        rounds=4,
        pair_draw="ranking",
        short="sit_out",
        sit_out_score="fixed",
        sit_out_points=972,
        absent_score="fixed",
        absent_points=0,
        ranking="points",
        prizes="every_entrant",
        booby_prize=False,
    )


def season_name(today: datetime.date) -> str:
    """The club's season running on ``today`` (a season starts in August): "Seizoen 2026-27"."""
    start = today.year if today.month >= 8 else today.year - 1
    return f"Seizoen {start}-{(start + 1) % 100:02d}"


class EveningsDemo:
    """Runs the demo's evenings; ``lines`` collects what the demo prints about them."""

    def __init__(self, secretary: User):
        self.secretary = secretary
        self.rng = random.Random(SEED)
        self.today = timezone.localdate()
        self.lines: list[str] = []

    # -- tables --------------------------------------------------------------------------------
    def _fixtures(self, evening: Competition, number: int) -> list[Fixture]:
        fixtures = list(Fixture.objects.filter(competition=evening, round__number=number))
        return sorted(fixtures, key=lambda f: int(f.table))

    def _phone(self, fixture: Fixture) -> FixtureSide:
        """The table's phone: its entry link is side 0's first seat's."""
        return fixture.sides.filter(side=0).order_by("id")[0]

    def _play(
        self, fixture: Fixture, deal: Callable[[int], scoring.Deal], deals: int | None = None
    ) -> Game:
        """The table's game entered deal by deal through its entry link: to the end of its
        fixed number of deals, or ``deals`` of them (still in play)."""
        side = self._phone(fixture)
        game = tournaments_services.token_start_game(side=side)
        count = deals if deals is not None else game.rules.deals or 0
        for number in range(count):
            tournaments_services.token_add_deal(side=side, game=game, deal=deal(number))
            game.refresh_from_db()
        if (deals is None) != game.finished:
            raise CommandError(f"The demo script is wrong: {game} did not end as meant.")
        return game

    def _klaverjas_deal(self, number: int) -> scoring.Deal:
        """An ordinary deal of a boom: every card played (162), now and then roem or stuk, and
        once in a while a pit (every trick: 100 roem more) or a nat (the makers short)."""
        rng = self.rng
        makers = number % 2
        other = 1 - makers
        roem = [0, 0]
        if rng.random() < 0.4:
            side = makers if rng.random() < 0.7 else other
            roem[side] = rng.choice((20, 20, 20, 50, 50, 100))
        belle = makers if rng.random() < 0.15 else None
        cards = [0, 0]
        if rng.random() < 0.04:
            cards[makers] = 162
            roem[other] = 0  # the pit's side took every trick: the others have no roem
            return scoring.Deal(
                makers=makers,
                card_points=tuple(cards),
                meld_points=tuple(roem),
                belle=belle,
                all_tricks=makers,
            )
        share = rng.gauss(0.6, 0.15) if rng.random() < 0.9 else rng.uniform(0.3, 0.45)
        cards[makers] = round(162 * min(max(share, 0.2), 0.85))
        cards[other] = 162 - cards[makers]
        return scoring.Deal(
            makers=makers, card_points=tuple(cards), meld_points=tuple(roem), belle=belle
        )

    def _belote_deal(self, number: int) -> scoring.Deal:
        """An ordinary deal of belote: the takers mostly make it, now and then the belote (king
        and queen of trumps, 20), a dedans (the takers short) or a capot (every trick: 252)."""
        rng = self.rng
        makers = rng.randrange(2)
        belle = makers if rng.random() < 0.3 else None
        if rng.random() < 0.04:
            cards = (162, 0) if makers == 0 else (0, 162)
            return scoring.Deal(makers=makers, card_points=cards, belle=belle, all_tricks=makers)
        share = rng.gauss(0.62, 0.1) if rng.random() < 0.9 else rng.uniform(0.3, 0.48)
        mine = round(162 * min(max(share, 0.3), 0.85))
        points = (mine, 162 - mine) if makers == 0 else (162 - mine, mine)
        return scoring.Deal(makers=makers, card_points=points, belle=belle)

    def _paper(self, fixture: Fixture, deals: int, extras: tuple[int, ...]) -> tuple[int, int]:
        """Two totals as a table writes them on its sheet: ``deals`` x 162 plus bonuses
        (roem, belote, capot) drawn from ``extras``, split as a game is; typed and checked."""
        total = deals * 162 + sum(self.rng.choice(extras) for _ in range(deals))
        first = round(total * min(max(self.rng.gauss(0.5, 0.08), 0.3), 0.7))
        scores = (first, total - first)
        evenings_services.evening_paper_result(fixture=fixture, scores=scores)
        return scores

    def _boom_from_paper(self, fixture: Fixture) -> tuple[int, int]:
        return self._paper(fixture, 16, (0, 0, 0, 20, 20, 50, 100))

    def run(self) -> list[str]:
        """Both clubs' evenings; the lines to print."""
        self._klaverjas_season()
        self._concours()
        return self.lines

    # -- the klaverjas club ----------------------------------------------------------------------
    def _klaverjas_season(self) -> None:
        club = competitions_services.club_create(name="KJC De Hoge Boom")
        members = {name: competitions_services.player_add(club=club, name=name) for name in MEMBERS}
        season = evenings_services.season_create(
            club=club,
            name=season_name(self.today),
            rules=SeasonRules(aggregate="sum", best=2, minimum=2, absent="none"),
            by=self.secretary,
        )
        evenings = [
            self._played_drive(club, season, members),
            self._paper_drive(club, season, members),
            self._drive_tonight(club, season, members),
        ]
        view = evenings_selectors.season_view(season)
        ranked = [line for line in view.lines if line.row.ranked]
        leader = ranked[0] if ranked else None
        self.lines.append(
            f"{season.name} of {club}: {len(view.evenings)} evenings, the best 2 count (at "
            f"least 2 played); {len(ranked)} of {len(view.lines)} members ranked"
            + (f", {leader.name} leading with {leader.row.score:g}" if leader else "")
            + f"; points champion so far: {view.champion}.  "
            f"/clubs/{club.slug}/seasons/{season.pk}/  (the club's evenings: "
            f"/clubs/{club.slug}/evenings/)"
        )
        for evening, said in evenings:
            self.lines.append(f"  {said}")
            self.lines.append(
                f"    the director's page /c/{evening.slug}/evening/, the room's screen "
                f"/c/{evening.slug}/screen/"
            )

    def _drive(self, club: Club, season: Season, name: str, days_ago: int) -> Competition:
        return evenings_services.evening_create(
            club=club,
            name=name,
            rules=get_ruleset("klaverjas"),
            evening=drive_rules(),
            by=self.secretary,
            held_on=self.today - datetime.timedelta(days=days_ago),
            season=season,
            prize_words=KLAVERJAS_PRIZES,
            booby_words=KLAVERJAS_BOOBY,
        )

    def _check_in(self, evening: Competition, members: list[Player]) -> None:
        for member in members:
            evenings_services.evening_check_in(competition=evening, player=member)

    def _played_drive(
        self, club: Club, season: Season, members: dict[str, Player]
    ) -> tuple[Competition, str]:
        """Four weeks ago, played to the end at the tables: 13 at the door, one more after
        round 1 was drawn, one going home after round 1; a sit-out each round."""
        evening = self._drive(club, season, "Friday drive 1", 28)
        names = list(MEMBERS)
        self._check_in(evening, [members[n] for n in names[:13]])
        evenings_services.evening_draw_round(competition=evening, seed=SEED + 1)
        late = members[names[13]]
        evenings_services.evening_check_in(competition=evening, player=late)
        paper: list[str] = []
        for number in (1, 2, 3):
            if number > 1:
                evenings_services.evening_draw_round(competition=evening, seed=SEED + number)
            for fixture in self._fixtures(evening, number):
                # One table a round (not the second) kept its score on paper.
                if number != 2 and fixture.table == "3":
                    self._boom_from_paper(fixture)
                    paper.append(f"round {number} table {fixture.table}")
                else:
                    self._play(fixture, self._klaverjas_deal)
            if number == 1:
                leaver = evening.entrants.get(player=members[names[0]])
                evenings_services.evening_leave(entrant=leaver)
        view = evenings_selectors.evening(evening)
        if not view.finished:
            raise CommandError("The demo script is wrong: the first drive did not finish.")
        top, booby = view.ranking[0], [r for r in view.ranking if r.booby]
        said = (
            f"{evening.name} ({evening.held_on:%d %b}): {len(view.entrants)} members, 3 rounds "
            f"of a boom of 16, partners drawn each round; {late.name} arrived after round 1 "
            f"was drawn, {names[0]} went home after round 1, one sit-out a round (1600 and a "
            f"mars); {', '.join(paper)} typed from paper, the other tables entered deal by "
            f"deal. Winner {top.entrant.name} ({top.points}: {top.prize_words})"
            + (f", the booby prize to {booby[0].entrant.name}." if booby else ".")
        )
        return evening, said

    def _paper_drive(
        self, club: Club, season: Season, members: dict[str, Player]
    ) -> tuple[Competition, str]:
        """A fortnight ago, every table typed from its sheet afterwards."""
        evening = self._drive(club, season, "Friday drive 2", 14)
        self._check_in(evening, [members[n] for n in MEMBERS[3:]])
        for number in (1, 2, 3):
            evenings_services.evening_draw_round(competition=evening, seed=SEED + 10 + number)
            for fixture in self._fixtures(evening, number):
                self._boom_from_paper(fixture)
        view = evenings_selectors.evening(evening)
        if not view.finished:
            raise CommandError("The demo script is wrong: the second drive did not finish.")
        said = (
            f"{evening.name} ({evening.held_on:%d %b}): {len(view.entrants)} members, every "
            f"table typed from its paper sheet; winner {view.ranking[0].entrant.name}."
        )
        return evening, said

    def _drive_tonight(
        self, club: Club, season: Season, members: dict[str, Player]
    ) -> tuple[Competition, str]:
        """Tonight: everyone and a guest; round 1 played, round 2 drawn and under way."""
        evening = self._drive(club, season, "Friday drive 3", 0)
        self._check_in(evening, list(members.values()))
        evenings_services.evening_check_in_guest(competition=evening, name="Riemer Hoogland")
        evenings_services.evening_draw_round(competition=evening, seed=SEED + 21)
        for fixture in self._fixtures(evening, 1):
            if fixture.table == "1":
                self._play(fixture, self._klaverjas_deal)
            else:
                self._boom_from_paper(fixture)
        evenings_services.evening_draw_round(competition=evening, seed=SEED + 22)
        done, paper, half, waiting = self._fixtures(evening, 2)
        self._play(done, self._klaverjas_deal)
        self._boom_from_paper(paper)
        game = self._play(half, self._klaverjas_deal, deals=8)
        said = (
            f"{evening.name} (tonight): {evening.entrants.count()} checked in (a guest added "
            f"at the door), round 1 played, round 2 drawn: table {done.table} finished, "
            f"table {paper.table} typed from paper, table {half.table} half way "
            f"({game.sides_text}, {' – '.join(str(t) for t in game.totals)} after 8 of 16 "
            f"deals; its entry link /m/{self._phone(half).entry_token}/), table "
            f"{waiting.table} not started."
        )
        return evening, said

    # -- the belote concours ---------------------------------------------------------------------
    def _concours(self) -> None:
        club = competitions_services.club_create(name="Club de Belote de Saint-Amand")
        evening = evenings_services.evening_create(
            club=club,
            name="Concours de belote",
            rules=get_ruleset("belote", deals=12, target=None),
            evening=concours_rules(),
            by=self.secretary,
            held_on=self.today - datetime.timedelta(days=4),
            prize_words=CONCOURS_PRIZES,
        )
        for first, second in TEAMS:
            evenings_services.evening_check_in_pair(
                competition=evening,
                first=competitions_services.player_add(club=club, name=first),
                second=competitions_services.player_add(club=club, name=second),
            )
        for number in range(1, 5):
            evenings_services.evening_draw_round(competition=evening, seed=SEED + 30 + number)
            for fixture in self._fixtures(evening, number):
                # Table 1 scores on a phone, the others on the concours' marking sheets.
                if fixture.table == "1":
                    self._play(fixture, self._belote_deal)
                else:
                    self._paper(fixture, 12, (0, 0, 0, 0, 20, 20, 90))
        view = evenings_selectors.evening(evening)
        if not view.finished or not all(r.prize for r in view.ranking):
            raise CommandError("The demo script is wrong: the concours did not end so.")
        top = view.ranking[0]
        self.lines.append(
            f"{evening.name} of {club} ({evening.held_on:%d %b}): {len(TEAMS)} teams, 4 parties "
            f"of 12 deals, the first drawn by lot and the others by the ranking, the odd team "
            f"au pot (972); the parties at table 1 entered deal by deal, the others typed "
            f"from the marking sheets; a prize for every team, the first "
            f"{top.entrant.name} ({top.points}: {top.prize_words}).  "
            f"/c/{evening.slug}/evening/ and /c/{evening.slug}/screen/"
        )
