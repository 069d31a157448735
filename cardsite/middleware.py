"""Requests refused before any view or middleware reads them."""

from django.core.exceptions import BadRequest
from django.http import HttpResponseBadRequest, UnreadablePostError
from django.http.multipartparser import MultiPartParserError


class UnreadableFormBody:
    """A POST whose form Django cannot read (a charset other than UTF-8, a broken multipart
    body) gets a plain 400 here, first. Left to the CSRF check, which reads the form, it
    becomes a 400 only with DEBUG off: Django's debug error page reads the form again and
    turns it into a 500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 -- reading it is the check
            except (BadRequest, MultiPartParserError, UnreadablePostError) as error:
                return HttpResponseBadRequest(
                    f"This request's form could not be read ({error}). Send forms as UTF-8.",
                    content_type="text/plain; charset=utf-8")
        return self.get_response(request)
