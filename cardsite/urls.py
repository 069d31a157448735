from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from cardsite import health
from games.sitemaps import SITEMAPS

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("stats.urls")),
    path("", include("games.urls")),
]
