import pytest
from django.urls import reverse

from accounts.models import Player

pytestmark = pytest.mark.django_db


def test_a_guest_can_change_their_name(client):
    client.get(reverse("me"))
    response = client.post(reverse("me"), {"display_name": "  Queen   Lover "})
    assert response.status_code == 302
    assert Player.objects.get().display_name == "Queen Lover"
    assert "Queen Lover" in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize("name, reason", [("ab", "3 to 20"), ("x" * 21, "3 to 20"), ("<script>", "3 to 20"),
                                          ("West bot", "bot"), ("Taken Name", "taken")])
def test_bad_names_are_refused_and_nothing_changes(client, name, reason):
    Player.objects.create(display_name="Taken Name")
    client.get(reverse("me"))
    mine = Player.objects.exclude(display_name="Taken Name").get()
    response = client.post(reverse("me"), {"display_name": name})
    assert response.status_code == 400 and reason in response.content.decode()
    mine.refresh_from_db()
    assert mine.display_name.startswith("Guest ")


def test_the_guest_stays_the_same_across_visits(client):
    client.get(reverse("me"))
    client.get(reverse("home"))
    assert Player.objects.count() == 1
