"""``/healthz``: does this process reach the database, the channel layer and the broker?

200 with ``{"status": "ok"}`` when every check answers, 503 with ``"unavailable"``
otherwise. Which backends the site runs on, and how fast they answer, is for its operator
only: a request with ``Authorization: Bearer <HEALTHZ_TOKEN>`` also gets one entry per
check. Failures are named by their exception class only; the details go to the log.
"""

import asyncio
import hmac
import logging
import time

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import JsonResponse

from cardsite.celery import app as celery_app

logger = logging.getLogger(__name__)

TIMEOUT_SECONDS = 3.0


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return connection.vendor


async def check_channel_layer() -> str:
    layer = get_channel_layer()
    channel = await layer.new_channel("healthz.")
    await layer.send(channel, {"type": "healthz.ping"})
    message = await layer.receive(channel)
    if message.get("type") != "healthz.ping":
        raise RuntimeError("the channel layer returned another message")
    return type(layer).__name__


def check_broker() -> str:
    if celery_app.conf.task_always_eager:
        return "eager: tasks run in the web process"
    with celery_app.connection_for_write(connect_timeout=TIMEOUT_SECONDS) as broker:
        broker.ensure_connection(max_retries=1, interval_start=0, timeout=TIMEOUT_SECONDS)
        return broker.transport_cls


async def _run(name: str, check) -> dict:
    started = time.perf_counter()
    try:
        detail = await asyncio.wait_for(check(), TIMEOUT_SECONDS)
    except Exception as error:  # any failure is a failed check, never a 500
        logger.warning("health check %s failed", name, exc_info=True)
        return {"ok": False, "error": type(error).__name__}
    return {"ok": True, "detail": str(detail), "ms": round((time.perf_counter() - started) * 1000, 1)}


async def healthz(request):
    names = ("database", "channel_layer", "broker")
    checks = (
        sync_to_async(check_database),
        check_channel_layer,
        sync_to_async(check_broker, thread_sensitive=False),
    )
    results = await asyncio.gather(*(_run(name, check) for name, check in zip(names, checks, strict=True)))
    healthy = all(result["ok"] for result in results)
    body = {"status": "ok" if healthy else "unavailable"}
    if _from_operator(request):
        body["checks"] = dict(zip(names, results, strict=True))
    return JsonResponse(body, status=200 if healthy else 503, headers={"Cache-Control": "no-store"})


def _from_operator(request) -> bool:
    token = settings.HEALTHZ_TOKEN
    return bool(token) and hmac.compare_digest(request.headers.get("Authorization", "").encode(),
                                               f"Bearer {token}".encode())
