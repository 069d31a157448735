from django.contrib import admin
from django.urls import include, path

from cardsite import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("stats.urls")),
    path("", include("games.urls")),
]
