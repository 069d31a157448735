"""A number in a form or a move is ASCII digits: other scripts' digits are a 400 with the
usual reason, never a 500, and change nothing. ``'²'.isdigit()`` is True and ``int('²')``
raises; ``int('２')`` is 2."""

import pytest
from django.test import Client

from accounts.services import create_guest
from games import services
from games.models import Table
from tests.web.test_fuzz import everything

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
UNICODE_DIGITS = ["²", "١", "２", "⑤", "¹⁰"]


@pytest.fixture
def waiting():
    """A listed waiting room of someone else's, with seats free."""
    return services.create_table(game="hearts", host=create_guest(), private=False)


@pytest.mark.parametrize("seat", UNICODE_DIGITS)
def test_a_seat_in_another_script_is_a_400_and_seats_nobody(waiting, seat):
    before = everything()
    response = Client().post(f"/t/{waiting.pk}/join", {"seat": seat}, **HTMX)
    assert response.status_code == 400 and "seat must be a seat number" in response.content.decode()
    assert everything() == before


@pytest.mark.parametrize("seat", UNICODE_DIGITS)
def test_a_bot_for_a_seat_in_another_script_is_a_400(client, seat):
    client.post("/hearts/new")
    table = Table.objects.get()
    before = everything()
    response = client.post(f"/t/{table.pk}/bot", {"seat": seat, "level": "basic"}, **HTMX)
    assert response.status_code == 400 and "seat must be a seat number" in response.content.decode()
    assert everything() == before


@pytest.mark.parametrize("form", [{"players": "４"}, {"players": "٤"}, {"players": "⁴"}, {"turn_seconds": "６０"},
                                  {"turn_seconds": "⁶⁰"}])
def test_a_new_table_s_numbers_in_another_script_are_a_400(client, form):
    response = client.post("/hearts/new", form)
    assert response.status_code == 400 and "whole numbers" in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.parametrize("seq", ["⁰", "٠", "０"])
def test_a_move_s_seq_in_another_script_is_a_400(client, seq):
    client.post("/memory/play-now")
    table = Table.objects.get()
    before = everything()
    response = client.post(f"/t/{table.pk}/move", {"seq": seq, "move": "flip 0"}, **HTMX)
    assert response.status_code == 400 and "move number" in response.content.decode()
    assert everything() == before


@pytest.mark.parametrize("position", UNICODE_DIGITS)
def test_a_move_with_a_number_in_another_script_is_refused_with_the_engine_s_reason(client, position):
    client.post("/memory/play-now")
    table = Table.objects.get()
    before = everything()
    response = client.post(f"/t/{table.pk}/move", {"seq": table.seq, "move": f"flip {position}"}, **HTMX)
    assert response.status_code == 400 and "Positions go from 0" in response.content.decode()
    assert everything() == before


@pytest.mark.parametrize("digits", ["０１２３４５６７８９", "٠١٢٣٤٥٦٧٨٩", "⁰¹²³⁴⁵⁶⁷⁸⁹"])
def test_the_fair_page_reads_a_table_number_in_ascii_only(client, waiting, digits):
    Table.objects.filter(pk=waiting.pk).update(status=Table.Status.FINISHED)
    spelt = str(waiting.pk).translate(str.maketrans("0123456789", digits))
    response = client.get("/fair/", {"table": spelt})
    assert response.status_code == 200 and "data-fair-commitment" not in response.content.decode()
    assert "data-fair-commitment" in client.get("/fair/", {"table": waiting.pk}).content.decode()
