"""Invite codes are the key to a private table, so guessing them is throttled per address.

A code is six of 31 letters and digits (887 million codes), and only a wrong one counts: an
address gets INVITE_GUESSES wrong codes in INVITE_GUESS_WINDOW_SECONDS, counted in the cache
(Redis in production, so every Daphne process counts the same tries); a wrong code after
those is answered "too many" until the window is over. A right code still goes through: one
household or office shares an address, and one person's typos must not keep out the others.
Past EVERY_CODE_WAITS_AFTER times as many wrong codes, every code waits, the right one too:
no household types that many, and a right code let through for ever would make each guess
an answer (the throttle would throttle nothing).
"""

from django.conf import settings
from django.core.cache import cache

from accounts.addresses import client_address

EVERY_CODE_WAITS_AFTER = 10  # times INVITE_GUESSES wrong codes in the window


class TooManyGuesses(Exception):
    def __init__(self) -> None:
        minutes = max(1, round(settings.INVITE_GUESS_WINDOW_SECONDS / 60))
        self.message = (f"Too many wrong invite codes from your address: try again in {minutes} minutes, "
                        "or ask your host for the link.")
        super().__init__(self.message)


def _key(request) -> str:
    return f"invite-guesses:{client_address(request)}"


def check_may_try(request) -> None:
    """Raise TooManyGuesses when the address is past the wrong codes any household types."""
    if (cache.get(_key(request)) or 0) >= settings.INVITE_GUESSES * EVERY_CODE_WAITS_AFTER:
        raise TooManyGuesses()


def count_wrong_guess(request) -> None:
    """Count a wrong code; raise TooManyGuesses once the address has used up its wrong codes."""
    key = _key(request)
    # add() starts the window once; incr() counts within it without moving its end.
    cache.add(key, 0, timeout=settings.INVITE_GUESS_WINDOW_SECONDS)
    try:
        wrong = cache.incr(key)
    except ValueError:  # the window ended between the two calls: this try opens the next
        cache.add(key, 1, timeout=settings.INVITE_GUESS_WINDOW_SECONDS)
        wrong = 1
    if wrong > settings.INVITE_GUESSES:
        raise TooManyGuesses()
