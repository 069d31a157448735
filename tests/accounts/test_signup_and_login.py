"""Accounts over the web: sign up, log in and out, change and reset a password."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from accounts.models import Player
from tests.accounts.history import PASSWORD, account, guest_of

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another fine secret 77"


def sign_up(client, username, email=""):
    return client.post(reverse("account_signup"), {"username": username, "email": email,
                                                     "password1": PASSWORD, "password2": PASSWORD})


def log_in(client, username, password=PASSWORD, **extra):
    return client.post(reverse("account_login"), {"login": username, "password": password}, **extra)


def test_the_header_offers_sign_up_and_log_in_to_a_guest(client):
    html = client.get(reverse("home")).content.decode()
    assert 'href="/accounts/signup/"' in html and 'href="/accounts/login/"' in html
    page = client.get(reverse("account_signup")).content.decode()
    assert "<h1>Sign up</h1>" in page and "/static/css/site.css" in page and 'class="brand"' in page


def test_signing_up_logs_you_in_under_your_username(client):
    guest = guest_of(client)
    response = sign_up(client, "Queen Lover")
    assert response.status_code == 302
    user = get_user_model().objects.get(username="Queen Lover")
    guest.refresh_from_db()
    assert guest.user == user and guest.display_name == "Queen Lover"
    html = client.get(reverse("home")).content.decode()
    assert 'href="/u/Queen%20Lover/"' in html and "Log out" in html and "Sign up" not in html


def test_a_sign_up_straight_from_a_form_post_gets_a_player_under_the_username(client):
    assert sign_up(client, "Direct").status_code == 302
    assert get_user_model().objects.get(username="Direct").player.display_name == "Direct"


def test_a_username_someone_took_as_a_name_meanwhile_leaves_the_guest_name(client):
    from accounts.services import create_guest, take_username_as_name

    Player.objects.create(display_name="Raced")
    guest = create_guest()
    assert take_username_as_name(player=guest, username="raced").display_name.startswith("Guest ")
    guest.refresh_from_db()
    assert guest.display_name.startswith("Guest ")


def test_an_email_is_optional_and_kept_when_given(client):
    assert sign_up(client, "Mailer", email="mailer@example.com").status_code == 302
    assert get_user_model().objects.get(username="Mailer").email == "mailer@example.com"


@pytest.mark.parametrize("username, reason", [
    ("ab", "3 to 20"), ("x" * 21, "3 to 20"), ("<script>", "3 to 20"), ("West bot", "bot"),
    ("Admin Al", "bot or for the site"), ("two  spaces", "single spaces"),
    ("Taken Name", "Someone already plays under that name"),
])
def test_usernames_that_break_the_name_rules_are_refused_and_nothing_is_made(client, username, reason):
    Player.objects.create(display_name="Taken Name")
    guest = guest_of(client)
    response = sign_up(client, username)
    assert response.status_code == 200 and reason in response.content.decode()
    assert not get_user_model().objects.exists()
    guest.refresh_from_db()
    assert guest.user is None and guest.display_name.startswith("Guest ")


def test_your_own_guest_name_can_become_your_username(client):
    guest = guest_of(client)
    client.post(reverse("me"), {"display_name": "Lucky Seven"})
    assert sign_up(client, "lucky seven").status_code == 302
    guest.refresh_from_db()
    assert guest.user.username == "lucky seven" and guest.display_name == "lucky seven"


def test_log_in_and_log_out(client):
    user, player = account("Dora")
    response = log_in(client, "Dora")
    assert response.status_code == 302 and response["Location"] == "/"
    assert "Dora" in client.get(reverse("home")).content.decode()
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    html = client.get(reverse("home")).content.decode()
    assert "Log in" in html and 'href="/u/Dora/"' not in html
    # Logged out, the browser is a new guest, not the account.
    assert Player.objects.get(pk=client.session["player_id"]).is_guest


def test_a_wrong_password_is_refused_with_a_message(client):
    account("Dora")
    response = log_in(client, "Dora", password="not it at all")
    assert response.status_code == 200 and "not correct" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_changing_the_password(client):
    user, _ = account("Dora")
    client.force_login(user)
    response = client.post(reverse("account_change_password"), {"oldpassword": "wrong", "password1": NEW_PASSWORD,
                                                                 "password2": NEW_PASSWORD})
    assert response.status_code == 200 and "current password" in response.content.decode().lower()
    response = client.post(reverse("account_change_password"), {"oldpassword": PASSWORD, "password1": NEW_PASSWORD,
                                                                 "password2": NEW_PASSWORD})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_resetting_a_forgotten_password_by_email(client):
    user, _ = account("Dora")
    user.email = "dora@example.com"
    user.save()
    response = client.post(reverse("account_reset_password"), {"email": "dora@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["dora@example.com"]
    link = re.search(r"http://testserver(/accounts/password/reset/key/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200 and "password1" in form_page.content.decode()
    response = client.post(form_page.redirect_chain[-1][0] if form_page.redirect_chain else link,
                           {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert log_in(client, "Dora", password=NEW_PASSWORD).status_code == 302
