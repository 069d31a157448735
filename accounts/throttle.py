"""Login throttling: how django-axes meets allauth's login form and our pages.

After AXES_FAILURE_LIMIT failed logins for one username from one address, that pair is
locked for AXES_COOLOFF_TIME; other usernames from the address, and the username from
other addresses, still log in.
"""

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.shortcuts import render


class LoginThrottleBackend(AxesStandaloneBackend):
    """axes' lockout check, first among AUTHENTICATION_BACKENDS.

    Every login over the web passes the request (allauth's form, the admin's). A call
    without one (the test client's ``login()``, a shell) has no address to count failures
    by, so it is neither checked nor counted, where axes itself would raise.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def login_username(request, credentials) -> str | None:
    """The username a login attempt counts against, in lower case.

    allauth authenticates with ``username=`` while its form field is ``login``; usernames
    match in any case at login, so "Alice" and "alice" share one count of failures.
    """
    username = (credentials or {}).get("username") or request.POST.get("login") or request.POST.get("username")
    return username.strip().lower() if username else None


def lockout_response(request, *args, **kwargs):
    # axes calls this as (request, original_response, credentials), and from its async
    # middleware as (request, credentials): only the request matters here.
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "account/lockout.html", {"minutes": minutes}, status=settings.AXES_HTTP_RESPONSE_CODE)
