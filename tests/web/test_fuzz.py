"""Bad input from anyone: generated bodies, headers and move strings at every POST endpoint and
at the table socket. Never a 500, and a request that is refused changes nothing.

The two 500s that were seen are the first examples: a legal move padded with inner spaces
(the raw text overflowed the move log's column on PostgreSQL), and a form sent as latin-1
(Django's debug error page read the unreadable form again). Then numbers in other scripts'
digits ('²'.isdigit() is True and int('²') raises: a bid, a flip or a seat of '²' was a 500),
and a NUL in an address (PostgreSQL cannot hold one: psycopg.DataError).
"""

import json
import string
from urllib.parse import quote, quote_from_bytes, urlencode

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from accounts.models import Player
from games import catalogue, services
from games.models import DailyDeal, GameResult, Move, Seat, Table, WinnableDeal
from tests.web.tables import state_of

pytestmark = pytest.mark.django_db(transaction=True)

hearts = catalogue.get("hearts").engine
# No deadline: a busy machine slows a request, and tests assert no timings.
FUZZ = hypothesis_settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

FIELDS = ["seq", "move", "verb", "card", "seat", "level", "code", "players", "turn_seconds", "listed", "rated",
          "deal", "daily", "option:draw", "option:target_score", "display_name", "login", "password",
          "username", "password1", "password2", "csrfmiddlewaretoken"]
CONTENT_TYPES = ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-8",
                 "application/x-www-form-urlencoded; charset=latin-1", "application/x-www-form-urlencoded; charset=utf-16",
                 "application/x-www-form-urlencoded; charset=nonsense", "multipart/form-data; boundary=xyz",
                 "multipart/form-data", "application/json", "text/plain", "", "\x00garbage/\u00e9"]
ENCODINGS = ["utf-8", "latin-1", "utf-16"]


def everything():
    """The rows a refused request must leave as they were (sessions and login counts aside)."""
    return (list(Table.objects.order_by("pk").values_list("pk", "seq", "status", "state", "options", "bot_due_at")),
            list(Seat.objects.order_by("pk").values_list("pk", "player", "bot_level", "away_since", "deadline")),
            list(Move.objects.order_by("pk").values_list("pk", "move")), GameResult.objects.count(),
            WinnableDeal.objects.count(), DailyDeal.objects.count(),
            list(Player.objects.order_by("pk").values_list("pk", "display_name", "merged_into")),
            get_user_model().objects.count())


@pytest.fixture
def tables(client):
    """A running Hearts table of the client's guest, a waiting room it hosts, and one it is not at."""
    client.get("/hearts/")
    client.post("/hearts/play-now")
    running = Table.objects.get()
    me = running.seats.get(index=0).player
    waiting = services.create_table(game="hearts", host=me)
    other = services.create_table(game="rummy", host=Player.objects.create(display_name="Someone else"))
    return {"running": running, "waiting": waiting, "other": other}


def paths(tables):
    ids = [str(table.pk) for table in tables.values()] + ["0", "999999999", "-1", "1e3"]
    table_paths = st.builds(lambda table, action: f"/t/{table}/{action}", st.sampled_from(ids),
                            st.sampled_from(["move", "join", "back", "give-up", "leave", "bot", "start", "again",
                                             "hint"]))
    game_paths = st.builds(lambda game, action: f"/{game}/{action}", st.sampled_from(["hearts", "rummy", "klondike"]),
                           st.sampled_from(["play-now", "new"]))
    return st.one_of(table_paths, game_paths, st.sampled_from(["/me/", "/accounts/login/", "/accounts/signup/"]))


# Numbers in other scripts: superscripts, circled, full-width, Arabic-Indic... isdigit() is
# True for many, and int() raises on some ("²") and reads others ("１").
unicode_numbers = st.one_of(
    st.text(alphabet=st.characters(categories=("Nd", "No")), min_size=1, max_size=4),
    st.sampled_from(["²", "¹⁰", "١", "１", "⑤", "४", "1²", "٣"]))
texts = st.one_of(st.text(max_size=40), st.sampled_from(["", "0", "-1", "3", "99999999999999999999", "random",
                                                          "basic", "on", "play 2C", "pass 2C 3C 4C", "#12"]),
                  st.text(alphabet=string.printable, max_size=300), unicode_numbers)


def encoded(fields, encoding):
    parts = []
    for name, value in fields:
        parts.append(quote_from_bytes(name.encode(encoding, "replace")) + "="
                     + quote_from_bytes(value.encode(encoding, "replace")))
    return "&".join(parts).encode("ascii")


bodies = st.one_of(
    st.builds(encoded, st.lists(st.tuples(st.one_of(st.sampled_from(FIELDS), st.text(max_size=10)), texts),
                                max_size=8), st.sampled_from(ENCODINGS)),
    st.binary(max_size=300),
    st.builds(lambda data: json.dumps(data).encode(), st.dictionaries(st.sampled_from(FIELDS), texts, max_size=5)),
)
headers = st.fixed_dictionaries({}, optional={
    "HTTP_HX_REQUEST": st.just("true"),
    "HTTP_X_FORWARDED_FOR": st.text(max_size=60),
    "HTTP_ORIGIN": st.sampled_from(["http://evil.example", "null", "http://testserver"]),
    "HTTP_REFERER": st.text(max_size=40),
})


def test_a_legal_move_padded_with_inner_spaces_is_played_and_logged_canonically(client, tables):
    """Seen as a 500: the raw text overflowed the move log's 200 characters on PostgreSQL."""
    table = tables["running"]
    move = hearts.legal_moves(state_of(table), 0)[0]  # the pass: "pass 2C 3C 4C" or so
    padded = move.replace(" ", " " * 250, 1)
    response = client.post(f"/t/{table.pk}/move", {"seq": table.seq, "move": padded}, HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    assert table.moves.get(seat=0).move == move


def test_a_form_in_another_charset_is_a_plain_400_even_with_debug_on(settings, tables):
    """Seen as a 500: with DEBUG on, Django's error page read the unreadable form again."""
    settings.DEBUG = True
    client = Client(raise_request_exception=False)
    before = everything()
    response = client.generic("POST", f"/t/{tables['running'].pk}/move", data="seq=0&move=play+2C".encode("latin-1"),
                              content_type="application/x-www-form-urlencoded; charset=latin-1")
    assert response.status_code == 400 and b"UTF-8" in response.content
    assert everything() == before


@FUZZ
@given(data=st.data())
def test_generated_posts_never_answer_500_and_a_refusal_changes_nothing(client, tables, data):
    path = data.draw(paths(tables))
    body = data.draw(bodies)
    content_type = data.draw(st.sampled_from(CONTENT_TYPES))
    extra = data.draw(headers)
    before = everything()
    response = client.generic("POST", path, data=body, content_type=content_type, **extra)
    assert response.status_code < 500, (path, body, content_type)
    if response.status_code >= 400:
        assert everything() == before, (path, body, content_type, response.status_code)


CASES = (str, str.lower, str.upper)


@FUZZ
@given(pick=st.integers(0, 10**6), style=st.sampled_from(["spaced", "junk", "text"]),
       gaps=st.lists(st.integers(1, 300), min_size=5, max_size=5), cases=st.lists(st.sampled_from(CASES), min_size=5,
                                                                                     max_size=5),
       lead=st.sampled_from(["", " ", "\t"]), junk=st.text(min_size=1, max_size=50), text=st.text(max_size=400))
def test_a_move_however_it_is_spelled_is_logged_canonically_or_refused_with_nothing_changed(
        client, tables, pick, style, gaps, cases, lead, junk, text):
    table = tables["running"]
    table.refresh_from_db()
    legal = hearts.legal_moves(state_of(table), 0) or ["play 2C"]  # not our turn: any move is refused
    move = legal[pick % len(legal)]
    if style == "spaced":
        text = lead + "".join(case(word) + " " * gap for word, case, gap in zip(move.split(), cases, gaps, strict=False))
    elif style == "junk":
        text = move + junk
    before = everything()
    moves_before = table.moves.count()
    response = client.post(f"/t/{table.pk}/move", {"seq": table.seq, "move": text}, HTTP_HX_REQUEST="true")
    assert response.status_code < 500
    if response.status_code == 204:
        logged = table.moves.order_by("seq")[moves_before]
        assert logged.seat == 0 and logged.move in legal  # the legal move's own spelling
    else:
        assert everything() == before


# Every form field read as a number, at the address that reads it.
NUMBER_FIELDS = [("join", "seat"), ("bot", "seat"), ("move", "seq"), ("new", "players"), ("new", "turn_seconds"),
                 ("play-now", "deal")]


@FUZZ
@given(where=st.sampled_from(NUMBER_FIELDS), number=st.one_of(unicode_numbers, texts), table=st.sampled_from(
    ["running", "waiting", "other"]))
def test_a_number_field_in_any_script_is_read_or_refused_never_a_500(client, tables, where, number, table):
    action, field = where
    path = f"/klondike/{action}" if action in ("new", "play-now") else f"/t/{tables[table].pk}/{action}"
    before = everything()
    response = client.post(path, {field: number, "level": "basic", "move": "play 2C"}, HTTP_HX_REQUEST="true")
    assert response.status_code < 500, (path, field, number)
    if response.status_code >= 400:
        assert everything() == before, (path, field, number, response.status_code)


# Play now: seat 0 moves first, and a number is in its moves whatever the deal (tests/catalogue/
# test_numbers_in_moves.py reads every game's numbers).
NUMBER_GAMES = ["memory", "spades", "oh_hell"]


@pytest.fixture
def number_tables(client):
    for game in NUMBER_GAMES:
        client.post(f"/{game}/play-now")
    return {table.game: table for table in Table.objects.filter(game__in=NUMBER_GAMES)}


@FUZZ
@given(game=st.sampled_from(NUMBER_GAMES), pick=st.integers(0, 10**6),
       numbers=st.lists(unicode_numbers.filter(lambda text: not text.isascii()), min_size=1, max_size=3))
def test_a_move_with_its_number_in_another_script_is_refused_with_a_reason(client, number_tables, game, pick,
                                                                          numbers):
    table = number_tables[game]
    table.refresh_from_db()
    engine = catalogue.get(game).engine
    numbered = [move for move in engine.legal_moves(state_of(table), 0)
                if any(word.isdigit() for word in move.split())]
    words = numbered[pick % len(numbered)].split()
    spelt = " ".join(numbers[index % len(numbers)] if word.isdigit() else word for index, word in enumerate(words))
    before = everything()
    response = client.post(f"/t/{table.pk}/move", {"seq": table.seq, "move": spelt}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and 'class="table-message"' in response.content.decode(), spelt
    assert everything() == before


# Addresses read on a GET, a generated part in place of each {}.
GET_ADDRESSES = ["/u/{}/", "/u/{}/stats/", "/u/{}/history/", "/u/{}/history.csv", "/u/{}/history.json",
                 "/t/{table}/join/{}", "/{}/", "/{}/rules/", "/t/{}/", "/g/{}/replay/", "/hearts/", "/hearts/join",
                 "/fair/", "/rankings/", "/glossary/", "/g/{table}/replay/", "/t/{table}/"]
QUERY_NAMES = ["code", "q", "game", "page", "step", "table", "deal", "next", "panel"]
# Control characters above all: a NUL reached PostgreSQL from a path and from a query string.
url_texts = st.text(alphabet=st.one_of(st.characters(categories=("Cc",)), st.characters(categories=("Nd", "No")),
                                       st.sampled_from(string.ascii_letters + "-_ ")), max_size=12)
# A session cookie: the key's letters and digits with control and other latin-1 characters
# among them (the test client sends headers as latin-1).
cookie_texts = st.text(alphabet=st.one_of(st.sampled_from(string.ascii_lowercase + string.digits),
                                          st.characters(categories=("Cc",), max_codepoint=255),
                                          st.characters(min_codepoint=160, max_codepoint=255)),
                       min_size=8, max_size=32)
SPACES = "\t\n\r"  # a query string may hold them (a pasted code); a path may not


def refused_for_control(part: str, *, spaces_allowed: bool) -> bool:
    return any(ord(char) < 32 or 127 <= ord(char) < 160 for char in part if not (spaces_allowed and char in SPACES))


@FUZZ
@given(address=st.sampled_from(GET_ADDRESSES), part=url_texts,
       query=st.lists(st.tuples(st.one_of(st.sampled_from(QUERY_NAMES), url_texts), url_texts), max_size=3),
       session=st.one_of(st.none(), cookie_texts))
def test_generated_addresses_and_query_strings_never_answer_500(client, tables, address, part, query, session):
    client.cookies.pop("sessionid", None)  # each example with its own cookie, or none
    if session is not None:  # a quoted cookie's octal escapes decode to a NUL
        client.cookies["sessionid"] = session
    path = address.format(quote(part, safe=""), table=tables["running"].pk) if "{}" in address else \
        address.format(table=tables["running"].pk)
    response = client.get(path + ("?" + urlencode(query) if query else ""))
    if response.streaming:
        b"".join(response.streaming_content)  # a CSV's rows are read as it is sent
    assert response.status_code < 500, (path, query)
    control = ("{}" in address and refused_for_control(part, spaces_allowed=False)) or any(
        refused_for_control(name + value, spaces_allowed=True) for name, value in query)
    if control:
        assert response.status_code == 400 and b"control character" in response.content, (path, query)
