import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db

CLOSED_PORT = "redis://127.0.0.1:9/0"  # nothing listens on the discard port here


def test_healthz_answers_200_when_everything_answers(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert {name for name, check in body["checks"].items() if check["ok"]} == {
        "database", "channel_layer", "broker"}
    assert response["Cache-Control"] == "no-store"


def test_healthz_answers_503_when_the_channel_layer_is_down(client):
    layers = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [CLOSED_PORT]}}}
    with override_settings(CHANNEL_LAYERS=layers):
        response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["channel_layer"]["ok"] is False
    assert body["checks"]["database"]["ok"] is True


def test_healthz_answers_503_when_the_broker_is_down(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER, settings.CELERY_BROKER_URL = False, CLOSED_PORT
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["broker"] == {"ok": False, "error": "OperationalError"}
