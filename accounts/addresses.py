"""The client's address, which failed logins and invite-code guesses are counted by.

Behind proxies, each one appends the address it received the request from to
``X-Forwarded-For``. Only the last ``TRUSTED_PROXIES`` entries were written by proxies the
site trusts; the client is the first of those, the address the outermost proxy saw.
Anything to the left is whatever the client chose to send, so it is never read (taking the
left-most entry, as Daphne's ``--proxy-headers`` does, let a client pick a new address for
every try and never be locked out).
"""

from django.conf import settings


def client_address(request) -> str:
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        forwarded = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [entry for entry in forwarded if entry]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    # Not behind the proxies (or a request that bypassed them): the peer is the client.
    return request.META.get("REMOTE_ADDR", "")
