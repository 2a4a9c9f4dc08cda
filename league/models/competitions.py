"""Competitions: a league season or a tournament, its entrants, rounds and fixtures.

Words: a *fixture* is two entrants meeting in a round at a table; its *fixture sides* hold each
side's stored result and statistics (written only by :mod:`league.competitions.results`), so
that standings are one query and a pure computation. A tournament is a competition of kind
``tournament`` with a format (single or double elimination, Swiss, pools, round robin).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from league.languages import validate_language
from league.models.clubs import Club, Partnership, Player
from scoring import Ruleset, ruleset_from_data


class EntrantKind(models.TextChoices):
    PLAYERS = "players", _("Players")
    PARTNERSHIPS = "partnerships", _("Partnerships")
    ROTATION = "rotation", _("Individuals, new partners each round")


class CompetitionKind(models.TextChoices):
    LEAGUE = "league", _("League season")
    TOURNAMENT = "tournament", _("Tournament")
    EVENING = "evening", _("Club evening")


class TournamentFormat(models.TextChoices):
    ROUND_ROBIN = "round_robin", _("Round robin")
    SINGLE = "single", _("Single elimination")
    DOUBLE = "double", _("Double elimination")
    SWISS = "swiss", pgettext_lazy("tournament format", "Swiss")
    POOLS = "pools", _("Pools, then a knockout")


class Competition(models.Model):
    """A league season or a tournament (``kind``), scored by one ruleset.

    *Match format*: ``games_per_match`` games are played in a fixture (1: one game to the
    target); the side that wins more of them wins the match, equal is a draw. ``tiebreaks``
    is the chain of named keys of :mod:`scoring.standings` that orders the table, and
    ``best_nights`` (if set) counts each entrant's best N nights only.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80, unique=True)
    ruleset_data = models.JSONField()
    entrant_kind = models.CharField(max_length=16, choices=EntrantKind.choices)
    games_per_match = models.PositiveSmallIntegerField(default=1)
    points_win = models.PositiveSmallIntegerField(default=2)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    tiebreaks = models.JSONField(default=list)
    best_nights = models.PositiveSmallIntegerField(null=True, blank=True)
    rotation_repeats = models.JSONField(null=True, blank=True)
    # Tournaments: the format and its options. A match is one game, a fixed number of games
    # (leagues) or the best of ``games_per_match`` (``best_of``: first to a majority wins).
    kind = models.CharField(
        max_length=12, choices=CompetitionKind.choices, default=CompetitionKind.LEAGUE
    )
    format = models.CharField(
        max_length=12, choices=TournamentFormat.choices, default=TournamentFormat.ROUND_ROBIN
    )
    best_of = models.BooleanField(default=False)
    third_place = models.BooleanField(default=False)
    final_reset = models.BooleanField(default=True)
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    pool_count = models.PositiveSmallIntegerField(null=True, blank=True)
    pool_top_k = models.PositiveSmallIntegerField(null=True, blank=True)
    started = models.BooleanField(default=False)
    # Its language when it differs from its club's (league.languages): a visiting event's
    # screen and PDFs; blank speaks the club's.
    language = models.CharField(
        max_length=12, blank=True, default="", validators=[validate_language]
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Set when an organiser archives a finished (or abandoned) competition that has played
    # games: kept with its results, off the lists of current competitions.
    archived_at = models.DateTimeField(null=True, blank=True)
    # A club evening (kind ``evening``): its rules (scoring.evenings.EveningRules as plain
    # data), the night it is held, the season it counts for, and the prize list's words: one
    # a prize in order ("a meat parcel"), and the booby prize's.
    evening_rules = models.JSONField(null=True, blank=True)
    held_on = models.DateField(null=True, blank=True)
    season = models.ForeignKey(
        "league.Season", null=True, blank=True, on_delete=models.SET_NULL, related_name="evenings"
    )
    prize_words = models.JSONField(default=list, blank=True)
    booby_words = models.CharField(max_length=120, blank=True, default="")
    # The club's members the director marked excused for the evening (player ids): a season
    # may score an excused absence apart from an unexcused one (scoring.evenings.SeasonRules).
    excused = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        """Its page: a club evening's is the evening's page, any other the competition's."""
        if self.kind == CompetitionKind.EVENING:
            return reverse("evenings:evening", args=[self.slug])
        return reverse("competitions:detail", args=[self.slug])

    @property
    def rules(self) -> Ruleset:
        return ruleset_from_data(self.ruleset_data)


class Entrant(models.Model):
    """A player or a partnership entered in a competition."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="entries"
    )
    partnership = models.ForeignKey(
        Partnership, null=True, blank=True, on_delete=models.RESTRICT, related_name="entries"
    )
    name = models.CharField(max_length=120, help_text=_("As shown in tables, kept as entered."))
    seed = models.PositiveIntegerField(null=True, blank=True)
    pool = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    # The order of withdrawals matters when two withdrawn entrants were to meet.
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # At a club evening: the first round the entrant plays (a late arrival joins from the next
    # round drawn) and the last before leaving (None: stays); missed rounds score the evening's
    # absent score.
    joined_round = models.PositiveSmallIntegerField(default=1)
    left_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Individual penalties at an evening that scores reneges per player (a renege costs the
    # player 100, the partner keeps the score): one {"round": n, "points": 100, "why": code}.
    penalties = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(player__isnull=False, partnership__isnull=True)
                | models.Q(player__isnull=True, partnership__isnull=False),
                name="entrant_player_or_partnership",
            ),
            models.UniqueConstraint(fields=["competition", "player"], name="player_entered_once"),
            models.UniqueConstraint(
                fields=["competition", "partnership"], name="partnership_entered_once"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    """A match night (league) or a round (tournament)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    date = models.DateField(null=True, blank=True)
    sitting_out = models.ManyToManyField(Entrant, blank=True, related_name="+")
    # A Swiss round as drawn, for the director to review (and swap) before publishing it: its
    # entry links, the public pages and the fixtures list show it only once published.
    draft = models.BooleanField(default=False)
    # The round clock the director sets for the room's screen: its length, and either the
    # moment it runs out (running) or the seconds it had left when paused; neither: not set.
    clock_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    clock_paused_left = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["competition", "number"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "number"], name="round_number_once")
        ]

    def __str__(self) -> str:
        return gettext("Round %(number)d") % {"number": self.number}


class FixtureStatus(models.TextChoices):
    SCHEDULED = "scheduled", pgettext_lazy("fixture status", "Scheduled")
    PLAYED = "played", pgettext_lazy("fixture status", "Played")
    FORFEIT = "forfeit", pgettext_lazy("fixture status", "Forfeit")
    NO_SHOW = "no_show", pgettext_lazy("fixture status", "No-show")
    # Typed by mistake: kept for the record, counts for nobody.
    VOID = "void", pgettext_lazy("fixture status", "Void")


class FixtureQuerySet(models.QuerySet["Fixture"]):
    def for_lines(self) -> FixtureQuerySet:
        """Fixtures with what a :class:`~league.competitions.selectors.FixtureLine` reads: their
        sides' entrants (with their partnerships, whose players the chances before a game
        need) and games."""
        return self.select_related("competition", "round").prefetch_related(
            models.Prefetch(
                "sides", queryset=FixtureSide.objects.select_related("entrant__partnership")
            ),
            "games",
        )


class Fixture(models.Model):
    """Two sides meeting in a round: one entrant a side, or two players a side in a rotation.

    The result is written by :func:`league.competitions.results.fixture_recompute` from the
    fixture's games, or from totals typed from a paper sheet (``typed_scores``: one
    ``[side 0, side 1]`` pair a game), or from a forfeit or no-show (``conceded_by``, with
    the score the organiser chose).
    """

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="fixtures")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    table = models.CharField(max_length=20, blank=True)
    date = models.DateField(null=True, blank=True, help_text=_("Set when rescheduled."))
    status = models.CharField(
        max_length=12, choices=FixtureStatus.choices, default=FixtureStatus.SCHEDULED
    )
    conceded_by = models.PositiveSmallIntegerField(null=True, blank=True)
    typed_scores = models.JSONField(null=True, blank=True)
    # Tournaments: the bracket match this fixture plays (``W1-3``, ``GF``...), or the pool.
    bracket_match = models.CharField(max_length=12, blank=True)
    pool = models.PositiveSmallIntegerField(null=True, blank=True)
    # The side whose entry link enters the deals (the one that started the game, or that took
    # entry over since); the other side (or the director) confirms.
    entered_by = models.PositiveSmallIntegerField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Who confirmed the result, as a code (``Fixture.CONFIRMED_BY_*``): a side (its index in
    # ``confirmed_side``), the director or the director withdrawing an entrant (their username
    # in ``confirmed_by_name``); the words are the reader's (league.stored_words). "" when
    # unconfirmed; a sentence from before the codes that could not be read stays as written.
    confirmed_by = models.CharField(max_length=40, blank=True)
    confirmed_side = models.PositiveSmallIntegerField(null=True, blank=True)
    confirmed_by_name = models.CharField(max_length=150, blank=True)
    # Set when the confirming side disputes the result instead of confirming it (their words
    # are a MatchEvent); cleared when the director confirms.
    disputed_at = models.DateTimeField(null=True, blank=True)
    # Written by fixture_recompute.
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    finished = models.BooleanField(default=False)

    objects = FixtureQuerySet.as_manager()

    CONFIRMED_BY_SIDE = "side"
    CONFIRMED_BY_DIRECTOR = "director"
    CONFIRMED_BY_WITHDRAWAL = "withdrawal"

    class Meta:
        ordering = ["round__number", "table", "id"]
        constraints = [
            # A bracket match is played once, whatever two confirmations race to create it.
            models.UniqueConstraint(
                fields=["competition", "bracket_match"],
                condition=~models.Q(bracket_match=""),
                name="bracket_match_once",
            )
        ]

    def __str__(self) -> str:
        return f"{self.round}: fixture {self.pk}"


class FixtureSideQuerySet(models.QuerySet["FixtureSide"]):
    def of_entry_link(self, token: str) -> FixtureSideQuerySet:
        """The fixture side whose entry link ``token`` is (none for a token that cannot be
        one), with its fixture, competition, club, round and entrant."""
        if not token or len(token) > 64:
            return self.none()
        return self.select_related(
            "fixture__competition__club", "fixture__round", "entrant"
        ).filter(entry_token=token)


class FixtureSide(models.Model):
    """An entrant on one side of a fixture, with what that side did in it (written by
    fixture_recompute, so standings read one row per entrant and fixture)."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="sides")
    side = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(Entrant, on_delete=models.RESTRICT, related_name="fixture_sides")
    # The side's private entry link (tournaments): unguessable, for this match only.
    entry_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    result = models.CharField(max_length=4, blank=True, help_text="win, draw, loss or ''.")
    games_won = models.PositiveIntegerField(default=0)
    games_lost = models.PositiveIntegerField(default=0)
    points_for = models.PositiveIntegerField(default=0)
    points_against = models.PositiveIntegerField(default=0)
    deals = models.PositiveIntegerField(default=0)
    deals_as_makers = models.PositiveIntegerField(default=0)
    made_as_makers = models.PositiveIntegerField(default=0)
    sets_suffered = models.PositiveIntegerField(default=0)
    sets_forced = models.PositiveIntegerField(default=0)
    meld_points = models.PositiveIntegerField(default=0)
    belles = models.PositiveIntegerField(default=0)
    reneges = models.PositiveIntegerField(default=0)

    objects = FixtureSideQuerySet.as_manager()

    class Meta:
        ordering = ["fixture", "side", "id"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "entrant"], name="entrant_once_a_fixture")
        ]

    def __str__(self) -> str:
        return f"{self.entrant} in {self.fixture}"


class EntrantTally(models.Model):
    """One entrant's finished fixtures added up (its *tally*, :class:`scoring.standings.Tally`):
    kept so that the standings page reads one row per entrant instead of every fixture side.

    Written by :func:`league.competitions.tallies.tallies_refresh` alone, from the entrant's
    stored fixture sides, in the transaction that changes one of its fixtures' results (every
    such change goes through ``fixture_recompute``); ``manage.py recompute_tallies`` writes
    them all again. No row: nothing finished yet, a tally of zeros. ``opponents`` is
    ``[beaten, drawn with, lost to]``, three lists of the opponents' entrant ids (the tally's
    ``beaten``, ``drawn_with`` and ``lost_to``); ``nights`` the number of different rounds
    played. Every other column is a sum over the entrant's finished fixture sides.
    """

    entrant = models.OneToOneField(
        Entrant, primary_key=True, on_delete=models.CASCADE, related_name="tally"
    )
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    drawn = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    forfeits = models.PositiveIntegerField(default=0)
    games_won = models.PositiveIntegerField(default=0)
    games_lost = models.PositiveIntegerField(default=0)
    points_for = models.PositiveIntegerField(default=0)
    points_against = models.PositiveIntegerField(default=0)
    deals = models.PositiveIntegerField(default=0)
    deals_as_makers = models.PositiveIntegerField(default=0)
    made_as_makers = models.PositiveIntegerField(default=0)
    sets_suffered = models.PositiveIntegerField(default=0)
    sets_forced = models.PositiveIntegerField(default=0)
    meld_points = models.PositiveIntegerField(default=0)
    belles = models.PositiveIntegerField(default=0)
    reneges = models.PositiveIntegerField(default=0)
    nights = models.PositiveIntegerField(default=0)
    opponents = models.JSONField(default=list)

    def __str__(self) -> str:
        return f"tally of entrant {self.entrant_id}"


class MatchEvent(models.Model):
    """Something a side or the director did to a match besides entering deals, kept for the
    director: entry taken over by the other side, a dispute (with the side's words), a game
    abandoned, a dispute settled."""

    class Kind(models.TextChoices):
        TAKE_OVER = "take_over", _("Took over entering the deals")
        DISPUTE = "dispute", _("Disputed the result")
        ABANDON = "abandon", _("Abandoned a game")
        SETTLED = "settled", _("Settled the dispute")

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="events")
    game = models.ForeignKey(
        "league.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    # The side it came from (its name is the side's as it is now), or None: a person with an
    # account, whose username is ``who`` (the director settling a dispute; whoever abandoned a
    # game). ``words``: a side's words on a dispute; for an abandoned game, the number of
    # deals it had. Shown in the reader's words by league.stored_words.
    side = models.PositiveSmallIntegerField(null=True, blank=True)
    who = models.CharField(max_length=120, blank=True)
    words = models.TextField(blank=True, max_length=1000)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.who}: {self.get_kind_display()}"

    @property
    def kind_words(self) -> str:
        """What was done, as said after who did it ("Olga: took over entering the deals"): in
        each language's own case, where a lower-cased label would lose German's capitals."""
        words: dict[str, str] = {
            self.Kind.TAKE_OVER: pgettext(
                "a match note, after who", "took over entering the deals"
            ),
            self.Kind.DISPUTE: pgettext("a match note, after who", "disputed the result"),
            self.Kind.ABANDON: pgettext("a match note, after who", "abandoned a game"),
            self.Kind.SETTLED: pgettext("a match note, after who", "settled the dispute"),
        }
        kind_display: str = str(self.get_kind_display())
        return words.get(str(self.kind), kind_display)
