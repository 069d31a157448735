"""The two ways to run: embedded defaults, and production from the environment."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DATABASE_URL": "postgres://cardsite@db.internal:5432/cardsite",
    "REDIS_URL": "redis://cache.internal:6379/0",
    "SECRET_KEY": "x7Kq2Lm9vR4tY8wZ1nB6cD3fG5hJ0pS-aQeU_iO7rT2yV9xW4kM1lN8bC3dF6gH0",
    "ALLOWED_HOSTS": "cards.example.com",
    "DEAL_SECRET": "b2f1c9e07d4a6358a1e4f0c2d9b7a6e5f3c1d8b0a9e7f6c5d4b3a2e1f0c9d8b7",
}
PRINT_SETTINGS = (
    "import django; django.setup(); from django.conf import settings as s; "
    "print(s.DATABASES['default']['ENGINE'], s.CHANNEL_LAYERS['default']['BACKEND'], "
    "s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG, s.ALLOWED_HOSTS)"
)


def run(args, env):
    clean = {key: value for key, value in os.environ.items()
             if key not in ("DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "DEAL_SECRET",
                           "TRUSTED_PROXIES", "HEALTHZ_TOKEN", "CHANNEL_PREFIX")}
    clean["DJANGO_SETTINGS_MODULE"] = "cardsite.settings"
    return subprocess.run([sys.executable, *args], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=120)


def test_with_nothing_set_the_site_runs_on_embedded_defaults():
    result = run(["-c", PRINT_SETTINGS], {})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.sqlite3", "channels.layers.InMemoryChannelLayer",
                                     "True", "True", "['127.0.0.1',", "'localhost',", "'[::1]']"]


def test_production_settings_come_from_the_environment():
    result = run(["-c", PRINT_SETTINGS], PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.postgresql", "channels_redis.pubsub.RedisPubSubChannelLayer",
                                     "False", "False", "['cards.example.com']"]


def test_sites_on_one_redis_hear_only_their_own_db_s_frames():
    print_prefix = ["-c", "import django; django.setup(); from django.conf import settings as s; "
                          "print(s.CHANNEL_LAYERS['default']['CONFIG']['prefix'])"]
    prefixes = [run(print_prefix, PRODUCTION | {"REDIS_URL": url}).stdout.strip()
                for url in ("redis://cache.internal:6379/0", "redis://cache.internal:6379/3", "redis://cache.internal:6379")]
    assert prefixes == ["cardsite-db0", "cardsite-db3", "cardsite-db0"]
    assert run(print_prefix, PRODUCTION | {"CHANNEL_PREFIX": "blue"}).stdout.strip() == "blue"


def test_production_settings_pass_the_deploy_checklist_without_a_warning():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {key: value for key, value in PRODUCTION.items() if key != "SECRET_KEY"}
    result = run(["-c", PRINT_SETTINGS], env)
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_production_refuses_to_start_without_a_deal_secret():
    env = {key: value for key, value in PRODUCTION.items() if key != "DEAL_SECRET"}
    result = run(["-c", PRINT_SETTINGS], env)
    assert result.returncode != 0 and "DEAL_SECRET must be set" in result.stderr
