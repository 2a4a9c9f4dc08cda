"""Every write, by kind of object: ``games`` (games and deals), ``competitions`` (clubs,
players, partnerships, competitions, entrants, fixtures) and ``tournaments`` (seeding,
brackets, Swiss rounds, entry links, confirmation). Import from here."""

from league.services.competitions import *  # noqa: F403
from league.services.games import *  # noqa: F403
from league.services.tournaments import *  # noqa: F403
