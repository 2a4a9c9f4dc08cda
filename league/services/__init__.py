"""Every write, by kind of object: ``games`` (games and deals) and ``competitions`` (clubs,
players, partnerships, competitions, entrants, fixtures). Import from here."""

from league.services.competitions import *  # noqa: F403
from league.services.games import *  # noqa: F403
