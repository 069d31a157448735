"""Invite codes are the key to a private table, so guessing them is throttled per address.

A code is six of 31 letters and digits (887 million codes), and a wrong one costs a try:
an address gets INVITE_GUESSES wrong codes in INVITE_GUESS_WINDOW_SECONDS, counted in the
cache (Redis in production, so every Daphne process counts the same tries), then is refused
until the window is over. Right codes cost nothing.
"""

from django.conf import settings
from django.core.cache import cache

from accounts.addresses import client_address


class TooManyGuesses(Exception):
    def __init__(self) -> None:
        minutes = max(1, round(settings.INVITE_GUESS_WINDOW_SECONDS / 60))
        self.message = (f"Too many wrong invite codes from your address: try again in {minutes} minutes, "
                        "or ask your host for the link.")
        super().__init__(self.message)


def _key(request) -> str:
    return f"invite-guesses:{client_address(request)}"


def check_may_guess(request) -> None:
    """Raise TooManyGuesses once the address has used up its wrong codes."""
    if (cache.get(_key(request)) or 0) >= settings.INVITE_GUESSES:
        raise TooManyGuesses()


def count_wrong_guess(request) -> None:
    key = _key(request)
    # add() starts the window once; incr() counts within it without moving its end.
    cache.add(key, 0, timeout=settings.INVITE_GUESS_WINDOW_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # the window ended between the two calls: this try opens the next
        cache.add(key, 1, timeout=settings.INVITE_GUESS_WINDOW_SECONDS)
