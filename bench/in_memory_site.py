"""The site's Django, set up in this process against a database in memory, DEBUG off (as
production draws its boards: templates without debug information), for the benches that
draw boards without a server: ``bench/board_render.py`` and ``bench/think_latency.py``.
Import it first; it migrates nothing (the benches call ``migrate``)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
os.environ.pop("DATABASE_URL", None)
os.environ.update(DEBUG="0", SECRET_KEY="bench-in-memory", DEAL_SECRET="bench-in-memory")

import django  # noqa: E402
from django.conf import settings  # noqa: E402

settings.DATABASES["default"]["NAME"] = ":memory:"
django.setup()
