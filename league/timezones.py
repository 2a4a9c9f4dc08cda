"""A club's time zone: every time on the pages and the PDFs of a club's things (its games,
competitions, tournaments and entry links) is read on the club's clock, not the server's.

``Club.time_zone`` holds an IANA name ("America/Chicago"); blank is the server's
``TIME_ZONE``. The lookups of :mod:`league.access` call :func:`use_club_time` for the object
of the address, and the ``club_time_zone`` middleware of :mod:`league.middleware` goes back
to the server's zone after every request, so that no page inherits another's.
"""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext, pgettext, pgettext_lazy

#: The zones a club most likely keeps, first in the menu (the others follow, A to Z).
COMMON_ZONES: tuple[str, ...] = (
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Phoenix",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
    "America/Halifax",
    "Europe/London",
    "Europe/Dublin",
    "Europe/Amsterdam",
    "Europe/Berlin",
    "Europe/Paris",
    "Europe/Zurich",
    "Europe/Vienna",
    "Australia/Sydney",
)


@cache
def known_zones() -> frozenset[str]:
    """Every zone this server's time-zone database knows."""
    return frozenset(zoneinfo.available_timezones())


#: The regions of the zones' names in the reader's language (the cities keep their names).
REGION_WORDS = {
    "Africa": pgettext_lazy("time zone region", "Africa"),
    "America": pgettext_lazy("time zone region", "America"),
    "Antarctica": pgettext_lazy("time zone region", "Antarctica"),
    "Arctic": pgettext_lazy("time zone region", "Arctic"),
    "Asia": pgettext_lazy("time zone region", "Asia"),
    "Atlantic": pgettext_lazy("time zone region", "Atlantic"),
    "Australia": pgettext_lazy("time zone region", "Australia"),
    "Brazil": pgettext_lazy("time zone region", "Brazil"),
    "Canada": pgettext_lazy("time zone region", "Canada"),
    "Chile": pgettext_lazy("time zone region", "Chile"),
    "Europe": pgettext_lazy("time zone region", "Europe"),
    "Indian": pgettext_lazy("time zone region", "Indian Ocean"),
    "Mexico": pgettext_lazy("time zone region", "Mexico"),
    "Pacific": pgettext_lazy("time zone region", "Pacific"),
    "US": pgettext_lazy("time zone region", "US"),
}


def zone_words(name: str) -> str:
    """A zone as a person reads it: "America/New_York" as "America: New York" (the region in
    the reader's language; the place as the time-zone database names it)."""
    region, _, place = name.replace("_", " ").partition("/")
    region = str(REGION_WORDS.get(region, region))
    if not place:
        return region
    return pgettext("a time zone: region and place", "%(region)s: %(place)s") % {
        "region": region,
        "place": place.replace("/", ", "),
    }


def validate_time_zone(value: str) -> None:
    """Blank (the server's), or a zone this server knows; a clear message otherwise."""
    if value and value not in known_zones():
        raise ValidationError(
            gettext(
                "“%(value)s” is not a time zone this server knows: choose one from the list "
                "(written as region and city, e.g. America/Chicago)."
            ),
            code="unknown_time_zone",
            # A forged value may be any length: the message quotes only its start.
            params={"value": value if len(value) <= 60 else value[:60] + "…"},
        )


def time_zone_choices() -> list[tuple[str, object]]:
    """The menu of zones: the server's first, then the common ones, then every other."""
    known = known_zones()
    common = [(z, zone_words(z)) for z in COMMON_ZONES if z in known]
    others = [(z, zone_words(z)) for z in sorted(known) if z not in COMMON_ZONES and "/" in z]
    return [
        ("", gettext("The server's (%(zone)s)") % {"zone": settings.TIME_ZONE}),
        (pgettext("time zones: a group of the menu", "Common"), common),
        (gettext("Every zone"), others),
    ]


def club_zone(time_zone: str) -> zoneinfo.ZoneInfo:
    """The zone a club's ``time_zone`` names; the server's for blank or one not known here
    (a database restored on a server with an older time-zone database)."""
    name = time_zone if time_zone in known_zones() else settings.TIME_ZONE
    return zoneinfo.ZoneInfo(name)


def use_club_time(time_zone: str) -> None:
    """Show this request's times on the clock of a club whose ``time_zone`` is given."""
    timezone.activate(club_zone(time_zone))
