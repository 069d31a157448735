from django.urls import path

from stats import views

urlpatterns = [
    # The name as stored, spaces and all (reversed URLs quote them); looked up in any case.
    path("u/<str:name>/", views.profile, name="profile"),
]
