"""Writes that change a competition after it was created: edit it (rescoring its games when
its house rules change and the organiser said so), delete it, archive it, restore it.

Words: an *edit* is a set of *changes*, one value a field of
:data:`scoring.competition_changes.FIELDS` (only the fields the organiser was offered):
``name`` and ``language`` (str), ``dates`` (round id to a date or None), ``points``
(:class:`~scoring.standings.MatchPoints`), ``tiebreaks`` (keys), ``best_nights`` (int or None),
``games_per_match`` (int) and ``rules`` (a :class:`~scoring.Ruleset`). What may change once
games are played is :mod:`scoring.competition_changes`'s to say; its reason is the refusal.
To *rescore* is to copy the new ruleset onto every game of the competition and score each
again (:func:`league.games.services.game_recompute`), then its matches' results
(:func:`league.competitions.results.fixture_recompute`, which writes the tallies and has
the ratings follow). Every change is a :class:`~league.models.RecordChange` (subject
``competition``; actions ``edit``, ``rescore``, ``archive``, ``restore``, ``delete``) and a
live event for the competition's pages.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.edit_selectors import (
    competition_games,
    competition_state,
    played_games_under,
)
from league.competitions.results import fixture_recompute
from league.competitions.services import fixture_game_title
from league.competitions.tallies import tallies_deferred
from league.errors import Refused
from league.forms_common import FORM_FIELD_OF_RULE
from league.games.services import game_recompute
from league.languages import validate_language
from league.live.publish import changed
from league.live.topics import competition_topics, game_topics
from league.models import (
    Competition,
    CompetitionKind,
    Deal,
    Fixture,
    Game,
    RecordChange,
    Round,
)
from league.names import clean_name
from scoring import MELD_KINDS, Ruleset
from scoring.competition_changes import (
    RescoreEffect,
    RulesetChange,
    delete_refusal,
    field_refusal,
    rescore_effect,
    ruleset_change,
)
from scoring.formats import InvalidFormat, check_competition, check_tournament
from scoring.standings import MatchPoints

SUBJECT = "competition"
NAME_LIMIT = Competition._meta.get_field("name").max_length or 120


class RescoreNeeded(Refused):
    """New house rules that score ``games`` played games again: nothing is saved until the
    edit is sent again with ``rescore_games`` equal to that count (the organiser saw it);
    ``effect`` says what the rescore changes."""

    def __init__(self, games: int, verdict: RulesetChange, effect: RescoreEffect):
        super().__init__(_("Rescore every game first."), "rescore")
        self.games = games
        self.verdict = verdict
        self.effect = effect


def _audit(competition: Competition, by: User, action: str, before: Any, after: Any) -> None:
    RecordChange.objects.create(
        club_id=competition.club_id,
        subject=SUBJECT,
        subject_id=competition.pk,
        subject_name=competition.name[:200],
        action=action,
        before=before,
        after=after,
        by=by,
    )


def _rule_field(before: Ruleset, after: Ruleset) -> str:
    """The form field a refused change of rules is told at: the game when it changed, else
    the first house rule that did."""
    if before.preset != after.preset:
        return "preset"
    for name in Ruleset.OVERRIDABLE:
        if name in FORM_FIELD_OF_RULE and getattr(before, name) != getattr(after, name):
            return FORM_FIELD_OF_RULE[name]
    for kind in MELD_KINDS:
        if before.meld_values.get(kind) != after.meld_values.get(kind):
            return f"meld_{kind}"
    return "preset"


def _plain(field: str, value: Any) -> Any:
    """A field's value as the audit keeps it (plain JSON)."""
    if field == "points":
        return [value.win, value.draw, value.loss]
    if field == "rules":
        return value.to_data()
    if field == "tiebreaks":
        return list(value)
    return value


def _current(competition: Competition, field: str) -> Any:
    if field == "points":
        return MatchPoints(
            win=competition.points_win,
            draw=competition.points_draw,
            loss=competition.points_loss,
        )
    if field == "rules":
        return competition.rules
    if field == "tiebreaks":
        return list(competition.tiebreaks)
    return getattr(competition, field)


def _check_format(competition: Competition, changes: Mapping[str, Any]) -> None:
    """The edited competition must still be one :mod:`scoring.formats` allows."""
    rules: Ruleset = changes.get("rules", competition.rules)
    games = changes.get("games_per_match", competition.games_per_match)
    try:
        check_competition(
            rules,
            entrant_kind=competition.entrant_kind,
            tiebreaks=changes.get("tiebreaks", competition.tiebreaks),
            games_per_match=games,
            best_nights=changes.get("best_nights", competition.best_nights),
        )
        if competition.kind == CompetitionKind.TOURNAMENT:
            check_tournament(
                rules,
                format=competition.format,
                entrant_kind=competition.entrant_kind,
                games_per_match=games,
                best_of=competition.best_of,
                swiss_rounds=competition.swiss_rounds,
                pool_count=competition.pool_count,
                pool_top_k=competition.pool_top_k,
            )
    except InvalidFormat as error:
        field = error.field or None
        raise Refused(error.message, "preset" if field == "entrant_kind" else field) from None


def _clean_name(value: str) -> str:
    name = clean_name(value)
    if not name:
        raise Refused(_("Give the competition a name."), "name")
    # Counted after cleaning: some characters grow under normalisation.
    if len(name) > NAME_LIMIT:
        raise Refused(
            _("Keep the name to %(limit)d letters; this one has %(count)d.")
            % {"limit": NAME_LIMIT, "count": len(name)},
            "name",
        )
    return name


def _date_changes(
    competition: Competition, dates: Mapping[int, datetime.date | None]
) -> tuple[list[Round], dict[str, Any], dict[str, Any]]:
    rounds = {r.pk: r for r in competition.rounds.all()}
    moved, before, after = [], {}, {}
    for pk, date in dates.items():
        night = rounds.get(pk)
        if night is None:
            raise Refused(_("That round is not one of this competition's."), "dates")
        if night.date != date:
            before[str(night.number)] = night.date.isoformat() if night.date else None
            after[str(night.number)] = date.isoformat() if date else None
            night.date = date
            moved.append(night)
    return moved, before, after


@transaction.atomic
def competition_edit(
    *,
    competition: Competition,
    by: User,
    changes: Mapping[str, Any],
    rescore_games: int | None = None,
) -> list[str]:
    """Apply ``changes`` (see the module's words); returns the names of the fields that
    changed (``dates`` for any round's). A refused change raises :class:`Refused` naming its
    field, and nothing is saved; new house rules that rescore played games raise
    :class:`RescoreNeeded` unless ``rescore_games`` is the number of games it rescores."""
    competition = (
        Competition.objects.select_for_update().select_related("club").get(pk=competition.pk)
    )
    state = competition_state(competition)
    changes = dict(changes)
    if "name" in changes:
        changes["name"] = _clean_name(changes["name"])
    if "language" in changes:
        try:
            validate_language(changes["language"])
        except ValidationError as error:
            raise Refused(error.messages[0], "language") from None
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    moved: list[Round] = []
    if "dates" in changes:
        moved, dates_before, dates_after = _date_changes(competition, changes.pop("dates"))
        if moved:
            before["dates"], after["dates"] = dates_before, dates_after
    differ = {f: v for f, v in changes.items() if _current(competition, f) != v}
    for field in differ:
        reason = field_refusal(state, field)
        if reason is not None:
            raise Refused(reason, field)
    _check_format(competition, differ)
    verdict = RulesetChange("same")
    old_rules: Ruleset = competition.rules
    if "rules" in differ:
        verdict = ruleset_change(state, old_rules, differ["rules"])
        if verdict.outcome == "refused":
            assert verdict.reason is not None
            raise Refused(verdict.reason, _rule_field(old_rules, differ["rules"]))
        if verdict.outcome == "rescore":
            # Scored again before anything is asked, so that a change that would reopen a
            # finished game or end one before its last deal is refused at the first save.
            effect = rescore_effect(
                differ["rules"], played_games_under(competition, differ["rules"])
            )
            if effect.refusal is not None:
                raise Refused(effect.refusal, _rule_field(old_rules, differ["rules"]))
            if rescore_games != verdict.games:
                raise RescoreNeeded(verdict.games, verdict, effect)
    for field, value in differ.items():
        before[field] = _plain(field, _current(competition, field))
        after[field] = _plain(field, value)
        if field == "points":
            competition.points_win = value.win
            competition.points_draw = value.draw
            competition.points_loss = value.loss
        elif field == "rules":
            competition.ruleset_data = value.to_data()
        elif field == "tiebreaks":
            competition.tiebreaks = list(value)
        else:
            setattr(competition, field, value)
    if not before:
        return []
    competition.full_clean()
    competition.save()
    Round.objects.bulk_update(moved, ["date"])
    if "name" in differ or "language" in differ:
        _games_retitled(competition)
    if "rules" in differ:
        after["games"] = _games_take_rules(competition, old_rules, differ["rules"], verdict)
    action = "rescore" if verdict.outcome == "rescore" else "edit"
    _audit(competition, by, action, before, after)
    changed(competition_topics(competition))
    return [f for f in before]


def _games_retitled(competition: Competition) -> None:
    """Give every game of the competition the title its name (and language) makes now, as
    :func:`~league.competitions.services.fixture_start_game` built it ("Winter league,
    round 4"), and tell the games' open pages."""
    games = Game.objects.filter(fixture__competition=competition).select_related(
        "fixture__round", "fixture__competition"
    )
    for game in games.order_by("pk"):
        assert game.fixture is not None
        title = fixture_game_title(competition, game.fixture.round.number)
        if game.title != title:
            Game.objects.filter(pk=game.pk).update(title=title, version=F("version") + 1)
            changed(game_topics(game))


def _games_take_rules(
    competition: Competition, old_rules: Ruleset, rules: Ruleset, verdict: RulesetChange
) -> int:
    """Copy ``rules`` onto the competition's games: every one on a rescore (each scored again,
    then its match's result), else only those started without a deal (they have nothing to
    score again). Returns how many games were scored again."""
    games = Game.objects.filter(competition_games(competition)).select_related(
        "fixture__competition"
    )
    if verdict.outcome != "rescore":
        games.filter(deal_count=0).update(ruleset_data=rules.to_data(), preset=rules.preset)
        return 0
    fixtures: dict[int, Fixture] = {}
    rescored = 0
    with tallies_deferred():
        # Each game's row held (in id order, as one deal's save holds its own), so that a
        # deal saved meanwhile waits and is then scored by the new rules.
        for game in games.select_for_update(of=("self",)).order_by("pk"):
            game.ruleset_data = rules.to_data()
            game.preset = rules.preset
            game.__dict__.pop("rules", None)  # the cached ruleset is the old one
            deals = list(game.deals.order_by("number"))
            try:
                rewritten = game_recompute(game, deals)
            except Refused as error:
                raise Refused(
                    _("%(game)s cannot be scored by these rules: %(reason)s")
                    % {"game": game, "reason": error.message},
                    _rule_field(old_rules, rules),
                ) from None
            if rewritten:
                Deal.objects.bulk_update(
                    rewritten,
                    ["number", "points", "marks", "made", "running", "held", "meld_scored"],
                )
            game.version += 1
            game.save(
                update_fields=[
                    "ruleset_data",
                    "preset",
                    "totals",
                    "held",
                    "winner",
                    "drawn",
                    "deal_count",
                    "side_stats",
                    "version",
                    "updated_at",
                ]
            )
            changed(game_topics(game))
            rescored += 1 if deals else 0
            if game.fixture is not None:
                fixtures[game.fixture.pk] = game.fixture
        for pk in sorted(fixtures):
            fixture_recompute(fixtures[pk])
    return rescored


@transaction.atomic
def competition_delete(*, competition: Competition, by: User) -> None:
    """Delete a competition that has not played (:func:`scoring.competition_changes.
    delete_refusal`), with its rounds, matches, entrants and the games started for its
    matches without a deal."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    reason = delete_refusal(competition_state(competition))
    if reason is not None:
        raise Refused(reason, None)
    before = {
        "name": competition.name,
        "rounds": competition.rounds.count(),
        "fixtures": competition.fixtures.count(),
        "entrants": competition.entrants.count(),
    }
    topics = competition_topics(competition)
    _audit(competition, by, "delete", before, {})
    Game.objects.filter(fixture__competition=competition).delete()
    competition.delete()
    changed(topics)


@transaction.atomic
def competition_archive(*, competition: Competition, by: User) -> Competition:
    """Take a competition off the lists of current ones, kept whole with its results."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if competition.archived_at is not None:
        raise Refused(_("%(name)s is already archived.") % {"name": competition.name}, None)
    competition.archived_at = timezone.now()
    competition.save(update_fields=["archived_at"])
    _audit(competition, by, "archive", {"archived": False}, {"archived": True})
    changed(competition_topics(competition))
    return competition


@transaction.atomic
def competition_restore(*, competition: Competition, by: User) -> Competition:
    """Put an archived competition back on the lists of current ones."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if competition.archived_at is None:
        raise Refused(_("%(name)s is not archived.") % {"name": competition.name}, None)
    competition.archived_at = None
    competition.save(update_fields=["archived_at"])
    _audit(competition, by, "restore", {"archived": True}, {"archived": False})
    changed(competition_topics(competition))
    return competition
