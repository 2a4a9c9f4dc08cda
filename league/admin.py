"""Django's admin, for a superuser's repairs; the club's own pages are where work is done."""

from __future__ import annotations

from django.contrib import admin

from league.models import (
    Club,
    Competition,
    Deal,
    DealAudit,
    Entrant,
    Fixture,
    Game,
    Partnership,
    Player,
    Profile,
)

# ModelAdmin is generic in django-stubs only (subscripting it fails at run time): hence the
# ignore of the missing type argument on each class below.


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "role")
    list_filter = ("role",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "slug", "created_at")
    search_fields = ("name",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "club")
    list_filter = ("club",)
    search_fields = ("name",)


@admin.register(Partnership)
class PartnershipAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("__str__", "club")
    list_filter = ("club",)


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "club", "kind", "entrant_kind")
    list_filter = ("kind", "club")
    search_fields = ("name",)


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("__str__", "competition", "seed")
    list_filter = ("competition",)


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("__str__", "competition", "status", "finished")
    list_filter = ("competition", "status")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("__str__", "table", "deal_count", "winner", "created_at")


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("game", "number", "makers", "made")


@admin.register(DealAudit)
class DealAuditAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("game", "deal_number", "action", "by", "at")
