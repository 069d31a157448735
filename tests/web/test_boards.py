"""Drawing boards: the card tags, and games.boards rendering one frame per audience."""

import re

import pytest

from games import boards, catalogue, realtime, selectors
from games.templatetags import cardface
from tests.web.tables import started_table, state_of

hearts = catalogue.get("hearts").engine


# -- the card tags -------------------------------------------------------------------------------


def test_a_card_on_the_table_is_an_image_named_in_words_with_its_index_in_the_corner():
    assert cardface.card_face("QS") == (
        '<span class="card card--black" data-card="QS" role="img" aria-label="Queen of spades">'
        '<span class="card__index" aria-hidden="true"><span class="card__rank">Q</span>'
        '<span class="card__suit">♠</span></span><span class="card__pip" aria-hidden="true">♠</span></span>')
    assert 'class="card card--red"' in cardface.card_face("TH") and ">10<" in cardface.card_face("TH")
    # A joker has no suit: its index is the star alone, and the star fills the middle.
    joker = cardface.card_face("X1")
    assert 'class="card card--joker"' in joker and '<span class="card__suit"></span>' in joker
    assert '<span class="card__rank">★</span>' in joker and '<span class="card__pip" aria-hidden="true">★</span>' in joker


def test_a_card_in_hand_plays_a_move_toggles_or_says_why_it_is_held_back():
    played = cardface.card_face("2C", move="play 2C")
    assert played.startswith('<button type="submit" name="move" value="play 2C" '
                             'class="card card--black card--in-hand card--legal"')
    chosen = cardface.card_face("2C", select=True)
    assert 'type="button"' in chosen and "data-select-card" in chosen and 'aria-pressed="false"' in chosen
    held = cardface.card_face("QS", reason="You must follow <suit>.")
    assert 'aria-disabled="true"' in held and 'aria-describedby="why-QS"' in held
    assert 'title="You must follow &lt;suit&gt;."' in held and "<suit>" not in held
    # A card you can press is named first by what it shows (WCAG 2.5.3, label in name).
    for html in (played, chosen, held, cardface.card_face("2C", pile="t3", depth=2)):
        assert re.search(r'aria-label="(2♣, two of clubs|Q♠, queen of spades)"', html), html
    assert 'aria-label="10♥, ten of hearts"' in cardface.card_face("TH", move="play TH")
    assert 'aria-label="Q♠, queen of spades, on the spades foundation"' in cardface.slot("QS", "fS")
    # Every kind draws the same face.
    face = re.compile(r'<span class="card__index" aria-hidden="true"><span class="card__rank">2</span>'
                      r'<span class="card__suit">♣</span></span><span class="card__pip" aria-hidden="true">♣</span>')
    for html in (played, chosen, cardface.card_face("2C", pile="t3", depth=2), cardface.card_face("2C")):
        assert face.search(html), html


def test_a_pile_card_knows_its_pile_and_depth_and_may_be_renamed():
    html = cardface.card_face("7D", pile="t3", depth=4, label='seven "of" diamonds')
    assert 'data-pile="t3"' in html and 'data-depth="4"' in html and 'draggable="true"' in html
    assert 'aria-label="7♦, seven &quot;of&quot; diamonds"' in html


def test_backs_and_empty_slots():
    assert cardface.card_back() == '<span class="card card--back" role="img" aria-label="Face-down card"></span>'
    assert cardface.card_back(label="") == '<span class="card card--back" aria-hidden="true"></span>'
    assert cardface.card_slot(pile="c1") == (
        '<button type="button" class="card card--empty" aria-label="Free cell 2, empty"></button>')
    assert cardface.card_slot(label="The discard pile is empty") == (
        '<span class="card card--empty" role="img" aria-label="The discard pile is empty"></span>')
    assert cardface.card_slot(mark="↺") == '<span class="card card--empty" aria-hidden="true">↺</span>'
    # An empty foundation shows its suit, so that it never looks like a free cell.
    assert cardface.slot(None, "fH") == (
        '<button type="button" class="card card--empty" aria-label="The hearts foundation, empty">'
        '<span aria-hidden="true">♥</span></button>')
    assert cardface.slot(None, "c0") == '<button type="button" class="card card--empty" aria-label="Free cell 1, empty"></button>'
    assert cardface.column(["??", "5H", "4S"], "t0") == (
        cardface.card_back() + cardface.card_face("5H", pile="t0", depth=2)
        + cardface.card_face("4S", pile="t0", depth=1))
    assert cardface.card_fan(["2C", "3C"]) == cardface.card_face("2C") + cardface.card_face("3C")


# -- rendering once per audience ---------------------------------------------------------------------


@pytest.fixture
def counted(monkeypatch):
    """Counts of engine.load calls and board renders while a test runs."""
    counts = {"load": 0, "render": 0}
    load, draw = hearts.load, boards._draw

    def counting_load(data):
        counts["load"] += 1
        return load(data)

    def counting_draw(game, context):
        counts["render"] += 1
        return draw(game, context)

    monkeypatch.setattr(hearts, "load", counting_load)
    monkeypatch.setattr(boards, "_draw", counting_draw)
    return counts


@pytest.mark.django_db(transaction=True)
def test_each_audience_is_drawn_once_from_the_state_in_hand(counted):
    table, _ = started_table(humans=2, bots=2)
    state, seats = state_of(table), selectors.table_seats(table)
    counted.update(load=0, render=0)
    frames = boards.frames(table, seats, [0, 1, boards.SPECTATOR], state=state)
    assert counted == {"load": 0, "render": 3}
    for audience, html in frames.items():
        shown = set(re.findall(r'data-card="([^"]+)"', html))
        for seat in (0, 1, 2, 3):
            hand = set(hearts.view(state, seat)["hand"])
            assert (hand <= shown) if seat == audience else not (hand & shown), (audience, seat)
    # Without the state in hand it is read from the table once, not once per audience.
    boards.frames(table, seats, [0, 1, boards.SPECTATOR])
    assert counted == {"load": 1, "render": 6}


@pytest.mark.django_db(transaction=True)
def test_a_broadcast_after_a_move_reads_no_state_back(counted, monkeypatch):
    table, _ = started_table(humans=2, bots=2)
    state, seats = state_of(table), selectors.table_seats(table)
    sent = []
    monkeypatch.setattr(realtime, "_in_event_loop", lambda send, frames: sent.extend(frames))
    counted.update(load=0, render=0)
    spoken = {0: "West plays. Your turn.", 1: "West plays.", boards.SPECTATOR: "West plays."}
    realtime.broadcast(table, seats, state=state, spoken=spoken)
    # The two people's boards; the spectators' group is told the table changed, with their
    # words, and draws its own board only where someone watches (TableConsumer.table_changed).
    assert counted == {"load": 0, "render": 2}
    assert [group for group, _ in sent] == [realtime.seat_group(table.pk, 0), realtime.seat_group(table.pk, 1),
                                            realtime.watch_group(table.pk)]
    *drawn, (_, told) = sent
    assert ["Your turn." in message["html"] for _, message in drawn] == [True, False]
    assert all("West plays." in message["html"] for _, message in drawn)
    assert told["type"] == "table.changed" and "html" not in told
    assert (told["seq"], told["spoken"]) == (table.seq, "West plays.")


@pytest.mark.django_db(transaction=True)
def test_a_seat_whose_person_is_away_is_not_drawn_for(counted, monkeypatch):
    from django.utils import timezone

    table, _ = started_table(humans=2, bots=2)
    table.seats.filter(index=1).update(away_since=timezone.now())
    state, seats = state_of(table), selectors.table_seats(table)
    sent = []
    monkeypatch.setattr(realtime, "_in_event_loop", lambda send, frames: sent.extend(frames))
    counted.update(load=0, render=0)
    realtime.broadcast(table, seats, state=state)
    assert counted == {"load": 0, "render": 1}
    assert [group for group, _ in sent] == [realtime.seat_group(table.pk, 0), realtime.watch_group(table.pk)]


@pytest.mark.django_db
def test_while_seats_choose_at_once_the_others_are_choosing_cards_and_then_to_play():
    table, (me, friend) = started_table(humans=2, bots=2)
    seats = selectors.table_seats(table)
    state = state_of(table)
    assert len(catalogue.get("hearts").engine.to_move(state)) > 1 and 1 in catalogue.get("hearts").engine.to_move(state)
    html = boards.board(table, seats, 0, state=state)
    friend_badge = re.search(r'data-seat="1".*?</h2>', html, re.S).group(0)
    assert "choosing cards" in friend_badge and "to play" not in friend_badge


def test_final_ranks_list_the_best_first_numbered_by_rank_ties_sharing_a_number_in_words():
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    seats = [SimpleNamespace(index=index, name=name) for index, name in enumerate(["Ann", "Bo", "Cy", "Di"])]
    html = render_to_string("games/_final_ranks.html", {
        "over": True, "seats": seats, "outcome": {"ranks": [3, 1, 1, 4], "scores": [60, 9, 9, 1]},
        "table": SimpleNamespace(pk=1, rematch=None), "viewer": None, "seed": "ab"})
    rows = re.findall(r'<li value="(\d)" data-rank="\d">([^<]*)</li>', html)
    assert rows == [("1", "Bo: 9 points"), ("1", "Cy: 9 points"), ("3", "Ann: 60 points"), ("4", "Di: 1 point")]


@pytest.mark.django_db
def test_a_rummy_board_heads_only_the_seats_that_have_melds():
    table, _ = started_table(game="rummy", bots=5)
    html = boards.board(table, selectors.table_seats(table), 0)
    assert 'class="melds"' in html and "melds__title" not in html


def test_once_the_match_is_over_the_hand_offers_no_move_buttons():
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    context = {"view": {"hand": ["5H", "KS"], "to_move": [], "totals": None}, "viewer": 0,
               "seats": [SimpleNamespace(index=0, name="Ann", is_viewer=True, is_away=False, bot_playing=False)],
               "legal_moves": set(), "actions": [("meld", "Meld"), ("discard", "Discard")], "arrangeable": ""}
    assert render_to_string("games/_meld_hand.html", context | {"over": False}).count("data-verb=") == 2
    assert "data-verb=" not in render_to_string("games/_meld_hand.html", context | {"over": True})
    assert "Select cards, then an action" not in render_to_string("games/_meld_hand.html", context | {"over": True})


@pytest.mark.django_db
def test_an_opponent_with_no_cards_is_said_to_have_none_not_drawn_as_a_sliver():
    table, _ = started_table(game="rummy", bots=1)
    state = state_of(table)
    emptied = state.copy()
    emptied.hands = [state.hands[0], [], *state.hands[2:]]
    html = boards.board(table, selectors.table_seats(table), 0, state=emptied)
    opponent = re.search(r'data-seat="1".*?</section>', html, re.S).group(0)
    assert '<p class="backs backs--none">No cards</p>' in opponent and "--count: 0" not in opponent
    full = re.search(r'data-seat="1".*?</section>', boards.board(table, selectors.table_seats(table), 0, state=state), re.S)
    assert re.search(r'class="backs" role="img" aria-label="\d+ cards"', full.group(0))


@pytest.mark.django_db(transaction=True)
def test_a_frame_is_reused_only_for_the_same_table_seats_and_audience_and_not_for_long(monkeypatch):
    from django.utils import timezone

    from games import frame_reuse

    table, _ = started_table(humans=2, bots=2)
    seats = selectors.table_seats(table)
    key = boards.frame_key(table, seats, 0)
    assert boards.frame_key(table, seats, 1) != key and boards.frame_key(table, seats, None) != key
    seats[1].away_since = timezone.now()
    assert boards.frame_key(table, seats, 0) != key, "a seat gone away is another frame"
    seats = selectors.table_seats(table)
    table.state = {**table.state, "hand_number": 2}
    assert boards.frame_key(table, seats, 0) != key, "another state at the same seq is another frame"

    now = [100.0]
    monkeypatch.setattr(frame_reuse.time, "monotonic", lambda: now[0])
    drawings = []
    assert frame_reuse.reused(key, lambda: drawings.append(1) or "first") == "first"
    now[0] += frame_reuse.REUSE_SECONDS / 2
    assert frame_reuse.reused(key, lambda: drawings.append(1) or "second") == "first"
    now[0] += frame_reuse.REUSE_SECONDS
    assert frame_reuse.reused(key, lambda: drawings.append(1) or "third") == "third"
    assert len(drawings) == 2
