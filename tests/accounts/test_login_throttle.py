"""django-axes: five failed logins for a username from one address lock that pair for 15 minutes."""

import pytest
from django.urls import reverse

from tests.accounts.history import PASSWORD, account

pytestmark = pytest.mark.django_db


def log_in(client, username, password, address="127.0.0.1"):
    return client.post(reverse("account_login"), {"login": username, "password": password}, REMOTE_ADDR=address)


def fail_five_times(client, username):
    # Letter case does not matter: "Dora" and "dora" are one username and one count.
    for attempt in range(4):
        response = log_in(client, username.lower() if attempt % 2 else username, "wrong password")
        assert response.status_code == 200 and "not correct" in response.content.decode()
    # The fifth failure already answers with the lock, so nobody types a sixth in vain.
    response = log_in(client, username, "wrong password")
    assert response.status_code == 429 and "Wait 15 minutes" in response.content.decode()


def test_the_sixth_try_is_refused_even_with_the_right_password(client):
    account("Dora")
    fail_five_times(client, "Dora")
    response = log_in(client, "Dora", PASSWORD)
    assert response.status_code == 429
    assert "Wait 15 minutes" in response.content.decode() and 'class="brand"' in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_four_failures_still_let_the_right_password_in(client):
    account("Dora")
    for _ in range(4):
        log_in(client, "Dora", "wrong password")
    assert log_in(client, "Dora", PASSWORD).status_code == 302


def test_another_username_from_that_address_and_that_username_from_elsewhere_still_log_in(client):
    account("Dora")
    account("Eve")
    fail_five_times(client, "Dora")
    assert log_in(client, "Eve", PASSWORD).status_code == 302
    client.post(reverse("account_logout"))
    assert log_in(client, "Dora", PASSWORD, address="203.0.113.9").status_code == 302


def test_the_lock_lifts_after_fifteen_minutes(client):
    from datetime import timedelta

    from axes.models import AccessAttempt

    account("Dora")
    fail_five_times(client, "Dora")
    assert log_in(client, "Dora", PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16))
    assert log_in(client, "Dora", PASSWORD).status_code == 302


def test_behind_a_proxy_a_client_sending_its_own_forwarded_for_is_still_locked_out(client, settings):
    """Seen: with the left-most X-Forwarded-For taken as the address, 12 wrong passwords, each
    with a new made-up address, and then the right one logged in."""
    settings.TRUSTED_PROXIES = 1
    account("Dora")
    for attempt in range(12):
        # The client makes up a new address every time; the proxy appends the one it saw. The
        # peer address is the made-up one, as Daphne's --proxy-headers makes it.
        made_up = f"198.51.100.{attempt}"
        response = client.post(reverse("account_login"), {"login": "Dora", "password": "wrong password"},
                               REMOTE_ADDR=made_up, HTTP_X_FORWARDED_FOR=f"{made_up}, 203.0.113.7")
        assert response.status_code == (200 if attempt < 4 else 429)
    response = client.post(reverse("account_login"), {"login": "Dora", "password": PASSWORD},
                           REMOTE_ADDR="198.51.100.99", HTTP_X_FORWARDED_FOR="198.51.100.99, 203.0.113.7")
    assert response.status_code == 429 and "_auth_user_id" not in client.session
    # Someone else behind the same proxy is not locked out.
    other = client.post(reverse("account_login"), {"login": "Dora", "password": PASSWORD},
                        REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert other.status_code == 302
