"""Settings for the HTTP benchmark's server: the site's own settings (every value still from
the environment) with one URL more, the bare insert the benchmark measures the floor with.
"""

from league.settings import *  # noqa: F403

ROOT_URLCONF = "bench.http_urls"
