"""/healthz: ok or not for everyone; which backends, and how they answer, for the operator only."""

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db

CLOSED_PORT = "redis://127.0.0.1:9/0"  # nothing listens on the discard port here
TOKEN = "operator-token-for-tests"
OPERATOR = {"HTTP_AUTHORIZATION": f"Bearer {TOKEN}"}


@pytest.fixture(autouse=True)
def operator_token(settings):
    settings.HEALTHZ_TOKEN = TOKEN


def test_healthz_answers_200_when_everything_answers(client):
    response = client.get("/healthz", **OPERATOR)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert {name for name, check in body["checks"].items() if check["ok"]} == {
        "database", "channel_layer", "broker"}
    assert response["Cache-Control"] == "no-store"


def test_healthz_tells_others_only_whether_the_site_is_up(client, settings):
    for headers in ({}, {"HTTP_AUTHORIZATION": "Bearer wrong"}, {"HTTP_AUTHORIZATION": TOKEN}):
        response = client.get("/healthz", **headers)
        assert response.status_code == 200 and response.json() == {"status": "ok"}
    settings.HEALTHZ_TOKEN = ""  # no token set: nobody gets the details
    assert client.get("/healthz", HTTP_AUTHORIZATION="Bearer ").json() == {"status": "ok"}


def test_healthz_answers_503_when_the_channel_layer_is_down(client):
    layers = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [CLOSED_PORT]}}}
    with override_settings(CHANNEL_LAYERS=layers):
        response = client.get("/healthz", **OPERATOR)
        assert client.get("/healthz").json() == {"status": "unavailable"}
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["channel_layer"]["ok"] is False
    assert body["checks"]["database"]["ok"] is True


def test_healthz_answers_503_when_the_broker_is_down(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER, settings.CELERY_BROKER_URL = False, CLOSED_PORT
    response = client.get("/healthz", **OPERATOR)
    assert response.status_code == 503
    assert response.json()["checks"]["broker"] == {"ok": False, "error": "OperationalError"}
