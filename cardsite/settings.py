"""Settings, read from the environment.

Two ways to run, one code base:
- embedded (nothing set): SQLite file beside manage.py, in-memory channel layer, Celery
  tasks run eagerly in-process, DEBUG on and a development secret key.
- production (``DATABASE_URL`` and ``REDIS_URL`` set): PostgreSQL, Redis channel layer
  and Celery broker; ``SECRET_KEY`` and ``ALLOWED_HOSTS`` must be given, DEBUG is off
  unless ``DEBUG=1``, and HTTPS is enforced (``manage.py check --deploy`` is clean).
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be 1/0, true/false, yes/no or on/off, not {value!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name, "")
    return [item.strip() for item in value.split(",") if item.strip()] or default


DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")
EMBEDDED = not DATABASE_URL and not REDIS_URL

DEBUG = env_bool("DEBUG", default=EMBEDDED)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "django-insecure-development-key-never-use-in-production"


def local_secret(path: Path) -> str:
    """A secret made once for this checkout and kept beside it (the embedded default)."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(descriptor, "w") as file:
        file.write(secrets.token_hex(32))
    return path.read_text().strip()


# Turns a shareable deal number ("Game #1234") into its deal (games.deals.seed_for): the same
# number gives the same deal to everyone on this site, and nothing to anyone without the
# secret. Changing it renumbers every numbered deal (winnable pools, daily deals).
DEAL_SECRET = os.environ.get("DEAL_SECRET", "")
if not DEAL_SECRET:
    if not DEBUG:
        raise ImproperlyConfigured("DEAL_SECRET must be set when DEBUG is off: without it a deal number "
                                   "gives away the deal's face-down cards")
    DEAL_SECRET = local_secret(BASE_DIR / ".deal-secret")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "channels",
    "django_htmx",
    "allauth",
    "allauth.account",
    "axes",
    "games",
    "accounts",
    "stats",
]

# Database sessions that refuse a key Django never makes (a NUL in a cookie was a 500).
SESSION_ENGINE = "cardsite.sessions"

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "cardsite.middleware.UnreadableRequest",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.PlayerMiddleware",
    # Last, as axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "cardsite.urls"
WSGI_APPLICATION = "cardsite.wsgi.application"
ASGI_APPLICATION = "cardsite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    # Boards (games.boards): drawn for every seat on every move, so in Jinja2, the cheaper
    # engine; games/board_templates.py says why and what they share with the pages.
    {
        "NAME": "boards",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "boards"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "games.board_templates.environment"},
    },
]

if DATABASE_URL:
    # Under ASGI every request runs on a new thread, so persistent per-thread connections
    # pile up (Django's docs say to disable them); a pool per process is reused instead.
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "10")),
        "timeout": 10,
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            # Writers queue for the lock up front instead of failing on an upgrade.
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # Pub/sub: frames are fire-and-forget (a socket gets the current frame on connect),
            # and fan-out costs fewer Redis round trips than the list-based layer
            # (bench/table_load.py, 20 tables: 51.8 vs 41.7 moves/s, p95 803 vs 1072 ms).
            # No read timeout: a consumer waits on Redis for as long as its socket is idle
            # (redis-py's default would drop quiet sockets after 5 s).
            # Pub/sub channels are one namespace for the whole Redis server, whatever the db
            # number: two sites (or test runs) on one Redis with the same table numbers would
            # hear each other's frames. The prefix names the db, so REDIS_URL's db keeps them
            # apart as it does the broker's queues; CHANNEL_PREFIX overrides it.
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                       "prefix": os.environ.get("CHANNEL_PREFIX") or f"cardsite-db{urlsplit(REDIS_URL).path.strip('/') or 0}"},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds short-lived counters (invite-code guesses, allauth's rate limits): in Redis in
# production, so that every Daphne process counts the same tries; per process otherwise.
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": os.environ.get("CACHE_URL", REDIS_URL), "KEY_PREFIX": "cache"}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Who may read /healthz's details (backends, timings): requests with "Authorization: Bearer <token>".
HEALTHZ_TOKEN = os.environ.get("HEALTHZ_TOKEN", "")
# Wrong invite codes an address may try in INVITE_GUESS_WINDOW_SECONDS (games.invites).
INVITE_GUESSES = int(os.environ.get("INVITE_GUESSES", "10"))
INVITE_GUESS_WINDOW_SECONDS = int(os.environ.get("INVITE_GUESS_WINDOW_SECONDS", "600"))

# Celery: the Redis broker in production; without one, tasks run in-process at once.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
# Unacknowledged tasks (acks_late: bot turns, timers, presence checks, all idempotent) go back
# to the queue after this long without their worker. It must outlast the longest countdown we
# queue (a 120 s turn timer), or a live worker's held task is handed to another too; a lost
# task does not wait for it: games.recovery queues it again within seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 600}
# A task still running when the broker connection drops is stopped; its transaction rolls
# back and games.recovery queues the turn again.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Two queues, each served by worker processes of its own (README, Production; games.chores):
# "play" for what a table waits on, "chores" for background work and any task not routed. A
# chore can take minutes, and on one queue every table's next bot move waited behind it. A
# worker started without -Q serves both (development); production gives each its -Q.
CELERY_TASK_QUEUES = [Queue(name, Exchange(name), routing_key=name) for name in ("play", "chores")]
CELERY_TASK_DEFAULT_QUEUE = "chores"
CELERY_TASK_ROUTES = {f"games.tasks.{name}": {"queue": "play"}
                      for name in ("bot_turn", "turn_timeout", "check_presence", "resume_due", "sweep_presence")}

# A due bot turn or turn timer this many seconds late is taken for lost and queued again
# (games.recovery); the sweep that looks for them runs every RESUME_SWEEP_SECONDS.
RESUME_AFTER_SECONDS = float(os.environ.get("RESUME_AFTER_SECONDS", "2"))
RESUME_SWEEP_SECONDS = float(os.environ.get("RESUME_SWEEP_SECONDS", "2"))
PRESENCE_SWEEP_SECONDS = float(os.environ.get("PRESENCE_SWEEP_SECONDS", "15"))
# A Daphne asked to stop gives requests still in flight this long, then exits (cardsite.shutdown).
SHUTDOWN_GRACE_SECONDS = float(os.environ.get("SHUTDOWN_GRACE_SECONDS", "5"))
# An open table socket checks this often that its last frame shows the table's seq, and
# sends a fresh one if not (a frame lost while the channel layer was down).
SOCKET_RESYNC_SECONDS = float(os.environ.get("SOCKET_RESYNC_SECONDS", "5"))
# Moves come over the table socket (games.socket_limits): at most this many frames a second,
# in bursts of up to as many; the excess is dropped and the socket told. One that has had more
# than SOCKET_FLOOD_DROPS frames dropped (each forgiven after a second) is closed. A frame over
# SOCKET_FRAME_BYTES is refused unread: a move is a few words.
SOCKET_FRAMES_PER_SECOND = float(os.environ.get("SOCKET_FRAMES_PER_SECOND", "8"))
SOCKET_FLOOD_DROPS = int(os.environ.get("SOCKET_FLOOD_DROPS", "20"))
SOCKET_FRAME_BYTES = int(os.environ.get("SOCKET_FRAME_BYTES", "2048"))
# Without a beat process (the embedded default) the web process sweeps in a thread of its own.
SWEEP_IN_PROCESS = env_bool("SWEEP_IN_PROCESS", default=CELERY_TASK_ALWAYS_EAGER)

# `celery -A cardsite beat` runs these (the embedded default sweeps in process, see above).
# A sweep queued while no worker listens expires rather than pile up: the next one will do.
CELERY_BEAT_SCHEDULE = {
    "resume-due": {"task": "games.tasks.resume_due", "schedule": RESUME_SWEEP_SECONDS,
                   "options": {"expires": RESUME_SWEEP_SECONDS}},
    "sweep-presence": {"task": "games.tasks.sweep_presence", "schedule": PRESENCE_SWEEP_SECONDS,
                       "options": {"expires": PRESENCE_SWEEP_SECONDS}},
    # Chores: a run still queued when the next is due is dropped (expires), and a run never
    # overlaps the one before it (games.chores.alone).
    "refill-winnable-deals": {"task": "games.tasks.refill_all_winnable_deals", "schedule": 15 * 60.0,
                              "options": {"expires": 15 * 60.0}},
    # Nightly: rate the day's rated games, then rebuild the leaderboards (server time, CELERY_TIMEZONE).
    # Not begun within six hours, it waits for the next night, which rates those games too.
    "rate-games": {"task": "stats.tasks.rate_games", "schedule": crontab(hour=3, minute=15),
                   "options": {"expires": 6 * 3600.0}},
}
# A winnable-deal refill solves for at most this long a run (all pools together), well within
# the 15 minutes between two runs; pools left low are topped up by the next.
WINNABLE_REFILL_SECONDS = float(os.environ.get("WINNABLE_REFILL_SECONDS", "300"))

# Seconds between consecutive bot moves, so people can follow the play.
BOT_MOVE_DELAY = float(os.environ.get("BOT_MOVE_DELAY", "0.7"))
# At most this long a move for a bot that searches (the Expert level), on a worker (with the
# embedded defaults, the timer thread the turn runs on), never in a request.
BOT_THINK_SECONDS = float(os.environ.get("BOT_THINK_SECONDS", "1.0"))
# After a move that completes a trick, the next bot waits this much longer, so the whole trick
# stays on the table for a beat (the board's client sends it to its winner after as long); a
# person to lead next may play at once.
TRICK_PAUSE_SECONDS = float(os.environ.get("TRICK_PAUSE_SECONDS", "1.0"))
# After a move that ends a hand, the next bot waits this much longer instead, while people read
# the hand's end (the hand-over panel) before bots play into the next one.
HAND_PAUSE_SECONDS = float(os.environ.get("HAND_PAUSE_SECONDS", "6.0"))
# A move the table makes by itself (Engine.forced_move: Memory's missed pair turned back) waits
# this long after the move before it, so that everyone sees what was missed.
FORCED_MOVE_SECONDS = float(os.environ.get("FORCED_MOVE_SECONDS", "1.5"))
# A hint's search budget (games.selectors.hint): nodes and seconds, so that it answers
# within about two seconds; past it, the hint names a useful move that is not a proven win.
HINT_NODES = int(os.environ.get("HINT_NODES", "50000"))
HINT_SECONDS = float(os.environ.get("HINT_SECONDS", "2.0"))
# The panel that tells a finished hand goes on to the next by itself after this many seconds
# unless the player says "Next hand" sooner (static/js/hand_over.js); 0 waits for the button.
# As long as the bots' pause by default, so that they start the next hand as the panel goes.
HAND_OVER_SECONDS = float(os.environ.get("HAND_OVER_SECONDS", HAND_PAUSE_SECONDS))
# Seconds a seated person's sockets may all be gone before a bot plays for them. While every
# person at a table is away, the table pauses; it is abandoned after ABANDON_AFTER_SECONDS.
AWAY_GRACE_SECONDS = float(os.environ.get("AWAY_GRACE_SECONDS", "60"))
ABANDON_AFTER_SECONDS = float(os.environ.get("ABANDON_AFTER_SECONDS", str(24 * 60 * 60)))

AUTHENTICATION_BACKENDS = [
    # First, so a locked-out username and address is refused before any password is checked.
    "accounts.throttle.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

# Accounts (django-allauth, account app only): username and password, email optional.
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
# An address given is confirmed by mail, but nothing waits for it; it is how a password is reset.
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# The username becomes the name at the tables, so it follows the same rules (accounts.names).
ACCOUNT_USERNAME_VALIDATORS = "accounts.names.USERNAME_VALIDATORS"
# Failed logins are counted by django-axes alone (below), so one rule and one message apply.
ACCOUNT_RATE_LIMITS = {"login_failed": None}

# How many proxies in front of Daphne append to X-Forwarded-For (nginx alone: 1; a CDN and
# nginx: 2). The client's address is read that many entries from the right (accounts.addresses);
# 0: no proxy, the peer's address is the client's.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))

# Login throttling (django-axes): 5 failures for one username from one address lock that
# pair for 15 minutes, counted in the database so every Daphne process sees them.
AXES_CLIENT_IP_CALLABLE = "accounts.addresses.client_address"
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "accounts.throttle.login_username"
AXES_LOCKOUT_CALLABLE = "accounts.throttle.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
# Tries during a lockout neither count nor extend it: the wait is 15 minutes, as the page says.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True

# Mail (password resets, address confirmations): printed to the console unless EMAIL_HOST is set.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Cardsite <noreply@localhost>")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
# The site is in English only; the translation machinery cost a fifth of every board render
# (number formatting asks for the active language), and boards render per seat per move.
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files need `collectstatic`; in DEBUG whitenoise serves
        # straight from the app folders instead.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}

if not DEBUG:
    # TLS ends at the proxy in front of Daphne; it says so in X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # /healthz is probed over plain HTTP by load balancers on the private network.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
