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
