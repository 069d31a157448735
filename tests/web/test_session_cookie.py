"""A session cookie the site never made is no session: never a 500.

Django's quoted cookies decode octal escapes, so ``sessionid="abcdefgh\\000ijklmnop"``, all
printable characters on the wire, reached the database session store with a NUL in it, and
PostgreSQL refuses a NUL in text: every page, and every table socket, failed for that
browser (issue 37's attack on item 6)."""

import pytest
from django.test import Client

KEYS = ["abcdefgh\x00ijklmnop", "abcdefgh\x01ijklmnop", "abcdéfghijklmnop", "abcdefgh ijklmnop", "../../etc/passwd"]


@pytest.mark.django_db
@pytest.mark.parametrize("key", KEYS)
def test_a_page_with_a_session_cookie_the_site_never_made_is_served_as_to_a_new_visitor(key):
    client = Client()
    client.cookies["sessionid"] = key
    for path in ("/", "/fair/", "/hearts/"):
        assert client.get(path).status_code == 200
    assert client.cookies["sessionid"].value != key  # a fresh session of the site's own
