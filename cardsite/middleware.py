"""Requests refused before any view or middleware reads them."""

import re
from urllib.parse import unquote

from django.core.exceptions import BadRequest
from django.http import HttpResponseBadRequest, UnreadablePostError
from django.http.multipartparser import MultiPartParserError

# Control characters (C0, DEL and C1). No page's address has one, and PostgreSQL cannot hold
# a NUL in text: a lookup with one raised psycopg.DataError, a 500.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# A query string may bring tabs and line breaks in a pasted code; the fields read them as spaces.
CONTROL_BUT_SPACES = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


class UnreadableRequest:
    """A request Django cannot read well gets a plain 400 here, first, session or not.

    An address with a control character in its path or query string (decoded) is refused
    before any view looks anything up with it.

    A POST whose form Django cannot read (a charset other than UTF-8, a broken multipart
    body) is refused too. Left to the CSRF check, which reads the form, it becomes a 400
    only with DEBUG off: Django's debug error page reads the form again and turns it into
    a 500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if CONTROL.search(request.path_info) or CONTROL_BUT_SPACES.search(
                unquote(request.META.get("QUERY_STRING", ""))):
            return HttpResponseBadRequest(
                "This address has a control character in it (such as NUL); no page's address has one.",
                content_type="text/plain; charset=utf-8")
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 -- reading it is the check
            except (BadRequest, MultiPartParserError, UnreadablePostError) as error:
                return HttpResponseBadRequest(
                    f"This request's form could not be read ({error}). Send forms as UTF-8.",
                    content_type="text/plain; charset=utf-8")
        return self.get_response(request)
