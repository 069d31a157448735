"""The Jinja2 environment boards are drawn with (templates in ``boards/games/``).

Boards are drawn for every seat on every move, and Django's template engine spent about
three quarters of a move's drawing time on resolving variables and nodes
(bench/board_render.py measures both kinds of figures). Pages stay Django templates; the
board templates use the same card tags and filters (games/templatetags/cardface.py, the
one place card markup is made), here as Jinja globals and filters. Configured as the
template engine named ``boards`` (settings.TEMPLATES).
"""

from functools import lru_cache

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from jinja2 import Environment, Undefined

from games.templatetags import cardface

FILTERS = ("card_words", "card_index", "pairs", "legal_starting", "seat_name", "ranked", "owned_by",
           "seat_position", "get", "suit_words")
TAGS = ("card_back", "card_slot", "slot", "column", "seat_badges")


def environment(**options) -> Environment:
    # A missing value draws nothing, as in Django's templates, in DEBUG too (Django's
    # backend would pick DebugUndefined there, which draws the variable's name).
    options["undefined"] = Undefined
    env = Environment(**options)
    env.filters.update({name: getattr(cardface, name) for name in FILTERS}, pluralize=pluralize)
    env.globals.update({name: getattr(cardface, name) for name in TAGS}, url=url, csrf_input=csrf_input)
    # A card's markup depends on its arguments alone, and a board draws the same few dozen
    # cards frame after frame: drawn once per process (52 cards times the moves on them).
    env.globals.update(card_face=lru_cache(maxsize=8192)(cardface.card_face), card_fan=card_fan)
    return env


@lru_cache(maxsize=4096)
def _fan(codes: tuple[str, ...]) -> SafeString:
    return cardface.card_fan(codes)


def card_fan(codes) -> SafeString:
    return _fan(tuple(codes))


def url(name: str, *args) -> str:
    return reverse(name, args=args)


def csrf_input(token: str) -> str:
    """The form's CSRF field, as Django's {% csrf_token %} draws it; nothing without a token
    (frames sent over sockets carry none)."""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token) if token else SafeString()


def pluralize(value, suffix: str = "s") -> str:
    """Django's ``pluralize`` for the counts boards show: ``suffix`` unless the count is one."""
    count = value if isinstance(value, int | float) else len(value)
    return "" if count == 1 else suffix
