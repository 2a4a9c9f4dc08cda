"""What changed, for the pages that update themselves (see :mod:`league.live`).

*Live event*: one row a committed write, naming the *topics* it touched (``game:12``,
``fixture:7``, ``competition:3``, ``competition:3:play``, ``club:1``...; the list is
:mod:`league.live.topics`). Open pages subscribe to topics and refresh their live parts when
an event names one of them; a page that lost its connection asks for the events after the last
one it saw (the row's id), so the log is also how a page catches up. Old rows are pruned.
"""

from __future__ import annotations

from django.db import models


class LiveEvent(models.Model):
    # Space-separated, with a space at each end, so that ``topics__contains=" game:1 "`` finds
    # exactly one topic (not game:12).
    topics = models.TextField()
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"event {self.pk}:{self.topics.rstrip()}"
