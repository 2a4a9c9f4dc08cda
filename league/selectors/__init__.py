"""Every read shape, by kind of object: ``games`` and ``competitions``. Import from here."""

from league.selectors.competitions import *  # noqa: F403
from league.selectors.games import *  # noqa: F403
from league.selectors.tournaments import *  # noqa: F403
