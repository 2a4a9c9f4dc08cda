"""The club evenings' URLs: setting evenings and seasons up (``setup_urls``), and the night
itself, the director's page and its writes (``night_urls``)."""

from league.evenings import excused_urls, night_urls, penalty_urls, setup_urls

app_name = "evenings"
urlpatterns = [
    *setup_urls.urlpatterns,
    *night_urls.urlpatterns,
    *penalty_urls.urlpatterns,
    *excused_urls.urlpatterns,
]
