"""A control character in an address (a NUL above all: PostgreSQL cannot hold one in text,
and a lookup with it raised psycopg.DataError, a 500) is a plain 400, before any view or
query, with or without a session."""

import pytest
from django.test import Client

from accounts.services import create_guest
from games import services
from tests.web.test_fuzz import everything

pytestmark = pytest.mark.django_db

REFUSED = "control character"


@pytest.fixture
def table():
    return services.create_table(game="hearts", host=create_guest(), private=True)


def addresses(table):
    """Each address seen as a 500, and a few more of the same kind."""
    return ["/u/%00/", "/u/x%00/history/", "/u/x%00/history.json", "/u/x%00/history.csv", "/u/x%00/stats/",
            "/hearts/join?code=%00", f"/t/{table.pk}/join/%00AB", "/u/x%01/", "/u/x%1F/stats/", "/u/x%7F/",
            "/u/x%C2%85/", "/hearts/join?code=AB%00CD", "/u/x/history/?game=%00", "/rankings/?q=%00",
            "/glossary/?q=%07", "/fair/?table=1%00", "/%00/", "/hearts/?deal=%00"]


def test_a_control_character_in_a_path_or_a_query_string_is_a_plain_400(table):
    client = Client()  # no session: the refusal comes before one is made
    before = everything()
    for address in addresses(table):
        response = client.get(address)
        assert response.status_code == 400, (address, response.status_code)
        assert REFUSED in response.content.decode(), address
    assert everything() == before


@pytest.mark.parametrize("address", ["/hearts/join?code=AB%09CD", "/hearts/join?code=AB+CD%0A"])
def test_spaces_of_any_kind_in_a_query_string_are_still_read_as_spaces(table, address):
    """A pasted code may bring a tab or a line break: the code field ignores spaces."""
    response = Client().get(address)
    assert response.status_code == 404 and REFUSED not in response.content.decode()


def test_a_post_to_an_address_with_a_control_character_is_refused_too(table):
    response = Client().post(f"/t/{table.pk}/join/%00AB", {"code": "x"})
    assert response.status_code == 400 and REFUSED in response.content.decode()
