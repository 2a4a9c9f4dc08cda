from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def rate_evenings_again(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """A club evening's results now rate round by round (league.ratings.selectors
    .evening_order_key), where its tables typed from paper came before those played on phones:
    an install with rated evening results forgets its ratings, derived data, and ``migrate``
    rates its history again at its end (``league.apps.rate_history_once``), in the new order.
    One query on an install without rated evenings (a new one above all)."""
    RatedGame = apps.get_model("league", "RatedGame")
    if RatedGame.objects.filter(fixture__competition__kind="evening").exists():
        apps.get_model("league", "RatingChange").objects.all().delete()
        apps.get_model("league", "CurrentRating").objects.all().delete()
        RatedGame.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("league", "0018_club_evenings")]

    operations = [migrations.RunPython(rate_evenings_again, migrations.RunPython.noop)]
