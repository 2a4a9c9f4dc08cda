"""The audit of housekeeping: what an organiser renamed, retired, edited, removed or voided.

Words: a *record change* is one such change, kept like a deal correction (:class:`DealAudit`):
who, when, what it was before and after. ``subject`` says what kind of record changed
(``player``, ``partnership``, ``club``, ``competition``, ``entrant``, ``round``,
``fixture``) and ``subject_id`` which one; ``subject_name`` keeps its name at the time, so the
row still reads after the record itself is removed. ``action`` is a code (``rename``,
``retire``, ``return``, ``remove``, ``edit``, ``withdraw``, ``archive``, ``restore``,
``delete``, ``reschedule``, ``table``, ``void``...), shown in the reader's language by the page
that lists them; ``before`` and ``after`` hold the changed fields' values as plain data.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from league.models.clubs import Club


class RecordChange(models.Model):
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="record_changes"
    )
    subject = models.CharField(max_length=16)
    subject_id = models.PositiveIntegerField()
    subject_name = models.CharField(max_length=200)
    action = models.CharField(max_length=16)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["subject", "subject_id"], name="record_change_subject")]

    def __str__(self) -> str:
        return f"{self.action} {self.subject} {self.subject_id} ({self.subject_name})"
