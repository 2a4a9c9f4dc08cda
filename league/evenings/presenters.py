"""The evening page in words (:mod:`league.evenings.night_views`): who is checked in and
how, what the next draw will do with the number present, each table's seats and status, and
the ranking's marks.

Words: a *check-in line* is one entrant checked in with its state ("plays from round 2",
"left after round 1") and what may be done to it (undo the check-in before it is drawn, leave,
come back). The *draw sentence* says how many are drawn and what happens to the odd ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from league.evenings.selectors import Evening, RankingRow, RoundCell, Table
from league.models import Entrant
from scoring.evenings import EveningRules


@dataclass(frozen=True)
class CheckInLine:
    """One entrant checked in: ``state`` in words ("" when there is nothing to say), and the
    buttons it gets; ``people``: a pair's two players when its name does not say them (a team
    name: "Westsiders", people "Dora Smit & Carl Visser"), else ""."""

    entrant: Entrant
    state: str
    can_undo: bool
    can_leave: bool
    can_come_back: bool
    people: str = ""


def pair_people(entrant: Entrant) -> str:
    """A pair's two players ("Dora Smit & Carl Visser") when the pair goes by a team name, so
    that each finds their own name; "" for a player, or a pair named by its players."""
    pair = entrant.partnership if entrant.partnership_id is not None else None
    if pair is None or not pair.name:
        return ""
    return pair.players_text


def seated_ids(view: Evening) -> set[int]:
    """The entrants already drawn in a round (at a table or sitting out)."""
    seated: set[int] = set()
    for night in view.rounds:
        for table in night.tables:
            seated.update(s.entrant.pk for s in table.seats if s.entrant is not None)
        seated.update(e.pk for e in night.sitting_out)
    return seated


def check_in_lines(view: Evening) -> tuple[CheckInLine, ...]:
    """The checked-in list, by name, each with its state and buttons. Once the evening is
    finished nobody leaves or comes back any more: those buttons go, and the state says what
    was (a late arrival "played from round 2", a leaver "left after round 1"; nothing for
    whoever was there all evening: "Playing" would no longer be true)."""
    seated = seated_ids(view)
    drawn = view.drawn
    open_ = not view.finished
    # Who sits out the newest round while it is played: not "Playing".
    current = view.current
    out_now = (
        {e.pk for e in current.sitting_out}
        if current is not None and not current.finished
        else set()
    )
    lines = []
    for e in view.entrants:
        if e.left_after_round is not None:
            state = _("Left after round %(number)d") % {"number": e.left_after_round}
        elif not open_:
            state = (
                _("Played from round %(number)d") % {"number": e.joined_round}
                if e.joined_round > 1
                else ""
            )
        elif e.joined_round > drawn or (e.joined_round > 1 and e.pk not in out_now):
            state = _("Plays from round %(number)d") % {"number": e.joined_round}
        elif e.pk in out_now:
            assert current is not None
            state = _("Sits out round %(number)d") % {"number": current.round.number}
        else:
            state = pgettext("an entrant of a club evening", "Playing")
        was_seated = e.pk in seated
        lines.append(
            CheckInLine(
                entrant=e,
                state=state,
                can_undo=not was_seated,
                can_leave=open_ and was_seated and e.left_after_round is None,
                can_come_back=open_ and e.left_after_round is not None,
                people=pair_people(e),
            )
        )
    return tuple(lines)


def can_redraw(view: Evening) -> bool:
    """Whether the last round drawn may be drawn again: nobody has started it (no table with
    a game begun, finished or typed from paper), which also rules out a finished evening."""
    current = view.current
    return current is not None and not any(
        t.finished or t.playing or t.fixture.typed_scores for t in current.tables
    )


def draw_phrases(rules: EveningRules, present: int) -> tuple[str, ...]:
    """What drawing the next round does with ``present`` entrants, as short phrases shown as
    a list ("9 players", "2 tables", "1 sits out"): each phrase whole in one string."""
    if rules.entrants == "pairs":
        head = ngettext("%(count)d pair", "%(count)d pairs", present) % {"count": present}
        tables, out = divmod(present, 2)
        if tables == 0:
            return head, _("Too few for a table: at least two pairs.")
        phrases = [
            head,
            ngettext("%(count)d table", "%(count)d tables", tables) % {"count": tables},
        ]
        if out:
            phrases.append(_("1 pair sits out"))
        return tuple(phrases)
    head = ngettext("%(count)d player", "%(count)d players", present) % {"count": present}
    rest = present % 4
    if present < 4 and rules.short != "substitute":
        return head, _("Too few for a table: at least four players.")
    if rest and rules.short == "table_of_three" and present >= 3 * (4 - rest):
        threes = 4 - rest
        fours = (present - 3 * threes) // 4
        phrases = [head]
        if fours:
            phrases.append(
                ngettext("%(count)d table", "%(count)d tables", fours) % {"count": fours}
            )
        phrases.append(
            ngettext("%(count)d table of three", "%(count)d tables of three", threes)
            % {"count": threes}
        )
        return tuple(phrases)
    if rest and rules.short == "substitute":
        tables = present // 4 + 1
        subs = 4 - rest
        return (
            head,
            ngettext("%(count)d table", "%(count)d tables", tables) % {"count": tables},
            ngettext("%(count)d seat for a substitute", "%(count)d seats for substitutes", subs)
            % {"count": subs},
        )
    tables = present // 4
    phrases = [head, ngettext("%(count)d table", "%(count)d tables", tables) % {"count": tables}]
    if rest:
        phrases.append(ngettext("%(count)d sits out", "%(count)d sit out", rest) % {"count": rest})
    return tuple(phrases)


def tables_without_result(view: Evening) -> str:
    """A warning beside "Draw round N" while the round before has tables without a result:
    "Round 1: tables 2, 3 have no result yet." ("" when every result is in)."""
    current = view.current
    if current is None or not current.still_playing:
        return ""
    tables = [t.number for t in current.still_playing]
    return ngettext(
        "Round %(number)d: table %(tables)s has no result yet.",
        "Round %(number)d: tables %(tables)s have no result yet.",
        len(tables),
    ) % {"number": current.round.number, "tables": ", ".join(tables)}


def _and_list(items: list[str]) -> str:
    """ "3", "3 and 4", "2, 3 and 4"."""
    if len(items) < 2:
        return "".join(items)
    return _("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def draw_over_playing(view: Evening, number: int) -> str:
    """What drawing round ``number`` while tables of drawn rounds are still playing asks
    first: "Tables 3 and 4 are still playing round 1: their players will be drawn for round 2
    as well. Draw round 2 anyway?" ("" when no table is playing, or when the draw will be
    refused anyway: a stale round, or pairs drawn by the ranking, which wait for the tables)."""
    if number != view.drawn + 1 or view.next_round is None:
        return ""
    if view.rules.entrants == "pairs" and view.rules.pair_draw == "ranking" and number > 1:
        return ""
    sentences = []
    for night in view.rounds:
        tables = [t.number for t in night.still_playing]
        if not tables:
            continue
        sentences.append(
            ngettext(
                "Table %(tables)s is still playing round %(round)d: its players will be drawn "
                "for round %(number)d as well.",
                "Tables %(tables)s are still playing round %(round)d: their players will be "
                "drawn for round %(number)d as well.",
                len(tables),
            )
            % {"tables": _and_list(tables), "round": night.round.number, "number": number}
        )
    if not sentences:
        return ""
    sentences.append(_("Draw round %(number)d anyway?") % {"number": number})
    return " ".join(sentences)


def seats_sentence(table: Table, pairs: bool) -> str:
    """A table's seats: "1 Anna, 3 Ben against 2 Cor, 4 Dirk" (the two pairs at a pairs
    evening: "Anna & Ben against Cor & Dirk")."""
    if pairs:
        return _("%(first)s against %(second)s") % {
            "first": table.side_names[0],
            "second": table.side_names[1],
        }
    names = {s.number: (s.entrant.name if s.entrant else _("substitute")) for s in table.seats}
    if table.three:
        return _(
            "A table of three, typed from paper, each for their own points: "
            "1 %(seat1)s, 2 %(seat2)s, 3 %(seat3)s"
        ) % {
            "seat1": names[1],
            "seat2": names[2],
            "seat3": names[3],
        }
    if len(table.seats) == 4 and all(s.entrant for s in table.seats):
        return _("1 %(seat1)s, 3 %(seat3)s against 2 %(seat2)s, 4 %(seat4)s") % {
            "seat1": names[1],
            "seat2": names[2],
            "seat3": names[3],
            "seat4": names[4],
        }
    # A table with a substitute: each side's names as stored.
    return _("%(first)s against %(second)s") % {
        "first": table.side_names[0] or _("substitute"),
        "second": table.side_names[1] or _("substitute"),
    }


def table_status(table: Table) -> tuple[str, str]:
    """A table's status as (key, words): ``not-started``, ``playing`` or ``result``. A table
    of three says its result is typed from paper (it has no phone to play on)."""
    if table.three:
        if table.scores is not None:
            return "result", _("Typed from paper: %(first)d, %(second)d, %(third)d") % {
                "first": table.scores[0],
                "second": table.scores[1],
                "third": table.scores[2],
            }
        return "not-started", _("Typed from paper: not in yet")
    if table.scores is not None:
        return "result", _("Result in: %(first)d – %(second)d") % {
            "first": table.scores[0],
            "second": table.scores[1],
        }
    if table.playing:
        return "playing", pgettext("a table of a club evening", "Playing")
    return "not-started", pgettext("a table of a club evening", "Not started")


def cell_mark(cell: RoundCell) -> str:
    """The mark beside a round's points in the ranking: sat out, absent, still playing."""
    if cell.how == "sat_out":
        return pgettext("a ranking's round cell", "sat out")
    if cell.how == "absent":
        return pgettext("a ranking's round cell", "absent")
    if cell.how == "playing":
        return pgettext("a ranking's round cell", "playing")
    return ""


#: The mark beside a total that includes a missed round's score (the page, the screen and the
#: results paper alike), explained by :func:`missed_legend`.
MISSED_MARK = "*"


def missed_legend(ranking: Sequence[RankingRow]) -> str:
    """The words under a ranking whose totals include a missed round's score: what the mark
    beside them means ("" when no total does)."""
    if not any(row.missed_rounds for row in ranking):
        return ""
    return _("%(mark)s Includes a score for a round not played (arrived late or left early).") % {
        "mark": MISSED_MARK
    }


def missed_words(row: RankingRow) -> str:
    """A ranking line's missed rounds in words, for a screen reader beside the mark ("" with
    none): "includes 1 round not played"."""
    count = row.missed_rounds
    if not count:
        return ""
    return ngettext(
        "includes %(count)d round not played", "includes %(count)d rounds not played", count
    ) % {"count": count}


def still_to_finish(view: Evening) -> tuple[str, ...]:
    """For the director's room: each drawn round with tables whose result is not in, named
    with its number, since the next round may be drawn while the last tables of one still
    play ("Round 1: still to finish: tables 3 and 4"); the newest round's line also when
    every table of it has finished. Nothing once the evening is finished."""
    if view.finished or view.current is None:
        return ()
    lines = []
    for night in view.rounds:
        tables = [t.number for t in night.still_playing]
        number = night.round.number
        if tables:
            # One table: "table 3"; more: "tables 3, 4 and 7" (two sentences, not a plural:
            # the one-table sentence has no last table to name).
            if len(tables) == 1:
                line = _("Round %(number)d: still to finish: table %(tables)s") % {
                    "number": number,
                    "tables": tables[0],
                }
            else:
                line = _("Round %(number)d: still to finish: tables %(tables)s and %(last)s") % {
                    "number": number,
                    "tables": ", ".join(tables[:-1]),
                    "last": tables[-1],
                }
            lines.append(line)
        elif night is view.current:
            lines.append(_("Round %(number)d: every table has finished.") % {"number": number})
    return tuple(lines)


def prize_label(row: RankingRow) -> str:
    """A ranking line's prize in words: the club's words for it ("Meat parcel"), else "Prize
    2"; the booby prize says so ("Booby prize: a cabbage"). "" without a prize."""
    if row.booby:
        if row.prize_words:
            return _("Booby prize: %(words)s") % {"words": row.prize_words}
        return _("Booby prize")
    if row.prize:
        return row.prize_words or _("Prize %(number)d") % {"number": row.prize}
    return ""


def prize_list(view: Evening) -> tuple[tuple[RankingRow, str], ...]:
    """The prizes of a finished evening in order (the booby prize last), each with its
    winner's ranking line."""
    rows = [row for row in view.ranking if row.prize and not row.booby]
    rows.sort(key=lambda row: (row.prize or 0, row.place))
    rows += [row for row in view.ranking if row.booby]
    return tuple((row, prize_label(row)) for row in rows)
