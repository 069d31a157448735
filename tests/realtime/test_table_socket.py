"""The table socket: each seat hears only its own view, and a reconnect is in sync."""

import random
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

from accounts.services import SESSION_KEY, create_guest
from cardsite.asgi import application
from games import catalogue, services
from games.kit.cards import cards_of
from games.models import Table
from tests.web.tables import started_table, state_of

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

hearts = catalogue.get("hearts").engine
SEQ = re.compile(r'id="board"[^>]*data-seq="(\d+)"')
CARD = re.compile(r'data-card="(\w\w)"')


def session_cookie(player):
    session = SessionStore()
    if player is not None:
        session[SESSION_KEY] = player.pk
    session.create()
    return f"sessionid={session.session_key}".encode()


async def connect(table_id, player):
    cookie = await database_sync_to_async(session_cookie)(player)
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)]
    socket = WebsocketCommunicator(application, f"/ws/t/{table_id}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


async def drain(socket):
    frames = []
    while not await socket.receive_nothing(timeout=0.2):
        frames.append(await socket.receive_from())
    return frames


async def drain_to(socket, seq):
    """Frames until the board drawn at ``seq`` (the table's newest) has come: as many as
    ``drain`` finds, without its wait for a quiet fifth of a second after every move."""
    frames = []
    while not frames or int(SEQ.search(frames[-1]).group(1)) < seq:
        frames.append(await socket.receive_from(timeout=10))
    return frames


def states_by_seq(table):
    """Replay the Move log from the seed: the true state after every seq."""
    table.refresh_from_db()
    engine = catalogue.get(table.game).engine
    state = engine.new_game(table.seats.count(), seed=table.seed, options=table.options)
    states = {0: state}
    for move in table.moves.order_by("seq"):
        state = engine.apply(state, move.seat, move.move)
        states[move.seq] = state
    return states


def play_my_turn(table, player):
    table.refresh_from_db()
    seat = 0
    services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq,
                       move=hearts.legal_moves(state_of(table), seat)[0])
    table.refresh_from_db()
    return hearts.view(state_of(table), None)["hand_number"]


def play_as_a_bot_would(table, player, rng):
    """Seat 0's move, chosen by the game's strongest bot (so that deals end); returns whether
    the first deal is over, and the table's seq once the bots that follow have played (they
    play within the move here)."""
    game = catalogue.get(table.game)
    state = state_of(table)
    move = game.default_bot.choose(game.engine.view(state, 0), game.engine.legal_moves(state, 0), rng)
    services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)
    state = state_of(table)
    return game.engine.hands_played(state) >= 1 or game.engine.is_over(state), table.seq


def leaks(frame, states, viewer, engine=hearts):
    """Cards in the frame that the viewer may not know at the frame's seq (another seat's hand)."""
    state = states[int(SEQ.search(frame).group(1))]
    return set(CARD.findall(frame)) - engine.known_cards(state, viewer)


MULTIPLAYER = [game for game in catalogue.all() if not game.solo]


@pytest.mark.parametrize("game", MULTIPLAYER, ids=lambda game: game.slug)
async def test_over_a_whole_deal_a_seat_never_receives_another_seats_card(game):
    bots = max(game.engine.min_players, 2) - 1  # with others: Memory's layout seen by a bot's flips too
    table, (player,) = await database_sync_to_async(started_table)(game=game.slug, bots=bots,
                                                                    level=game.default_bot.level)
    mine = await connect(table.pk, player)
    watcher = await connect(table.pk, None)
    frames, watched = await drain(mine), await drain(watcher)
    rng = random.Random(5)
    for _ in range(200):  # my turns; a deal between basic bots ends well within them
        over, seq = await database_sync_to_async(play_as_a_bot_would)(table, player, rng)
        frames += await drain_to(mine, seq)
        watched += await drain_to(watcher, seq)
        if over and len(frames) > 20:  # a short deal (Cribbage's dozen moves): into the next
            break
    assert over, "the first deal ended"
    states = await database_sync_to_async(states_by_seq)(table)
    assert len(frames) > 20, "one frame per move of the deal"
    for frame in frames:
        assert not leaks(frame, states, 0, game.engine)
    for frame in watched:
        assert not leaks(frame, states, None, game.engine) and 'class="hand"' not in frame
    # No update missed: after the initial frame every seq arrives, and the last is the newest. A
    # socket's resync (every SOCKET_RESYNC_SECONDS) may send a board a second time while its
    # frame is on the way, so a seq can arrive twice on a slow machine.
    seqs = [int(SEQ.search(frame).group(1)) for frame in frames]
    assert sorted(set(seqs[1:])) == list(range(seqs[0] + 1, seqs[-1] + 1)) and seqs[-1] == max(states)
    await mine.disconnect()
    await watcher.disconnect()


async def test_a_blind_seat_receives_none_of_its_own_cards_until_it_bids():
    """Spades with blind nil: seat 0 overbids hand 1 so that its team trails by 100 or more;
    through hand 2's bidding its frames carry no card of its hand, until it bids blind nil."""
    table, (player,) = await database_sync_to_async(started_table)(
        game="spades", bots=3, level="basic", options={"blind_nil": True})
    mine = await connect(table.pk, player)
    frames = await drain(mine)
    rng = random.Random(5)
    spades = catalogue.get("spades")

    def my_move():
        state = state_of(table)
        legal = spades.engine.legal_moves(state, 0)
        move = "bid 13" if "bid 13" in legal and state.hand_number == 1 else spades.default_bot.choose(
            spades.engine.view(state, 0), legal, rng)
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)
        return state_of(table)

    for _ in range(40):
        state = await database_sync_to_async(my_move)()
        frames += await drain_to(mine, table.seq)
        if state.hand_number == 2 and 0 in spades.engine.to_move(state):
            break
    assert 0 in state.blind, f"team 0 at {state.totals} should trail by 100 or more"
    own = set(cards_of(state.hands[0]))
    assert 'class="hand"' not in frames[-1] and 'value="bid blind nil"' in frames[-1]
    assert not set(CARD.findall(frames[-1])) & own

    def bid_blind_nil():
        table.refresh_from_db()
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move="bid blind nil")

    await database_sync_to_async(bid_blind_nil)()
    frames += await drain(mine)
    assert own <= set(CARD.findall(frames[-1]))  # bid: the hand is dealt face up at last
    states = await database_sync_to_async(states_by_seq)(table)
    for frame in frames:
        assert not leaks(frame, states, 0, spades.engine)
    await mine.disconnect()


async def test_a_reconnect_gets_the_current_view():
    table, (player,) = await database_sync_to_async(started_table)()
    socket = await connect(table.pk, player)
    first = await socket.receive_from()
    await socket.disconnect()
    await database_sync_to_async(play_my_turn)(table, player)
    socket = await connect(table.pk, player)
    frame = await socket.receive_from()
    table = await database_sync_to_async(Table.objects.get)(pk=table.pk)
    assert int(SEQ.search(frame).group(1)) == table.seq > int(SEQ.search(first).group(1))
    assert 'class="hand"' in frame
    await socket.disconnect()


async def test_the_seat_comes_from_the_session_not_the_url():
    table, (player,) = await database_sync_to_async(started_table)()
    stranger = await database_sync_to_async(create_guest)()
    socket = await connect(table.pk, stranger)
    frame = await socket.receive_from()
    assert "You are watching." in frame and 'class="hand"' not in frame
    await socket.disconnect()


async def test_a_socket_for_a_missing_table_is_closed():
    cookie = await database_sync_to_async(session_cookie)(None)
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)]
    socket = WebsocketCommunicator(application, "/ws/t/999999/", headers=headers)
    connected, _ = await socket.connect()
    assert not connected


async def test_a_socket_from_a_foreign_origin_is_refused():
    table, (player,) = await database_sync_to_async(started_table)()
    headers = [(b"origin", b"http://evil.example"), (b"host", b"127.0.0.1")]
    socket = WebsocketCommunicator(application, f"/ws/t/{table.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert not connected


async def test_taking_and_leaving_a_seat_moves_the_open_socket_to_the_new_audience():
    host = await database_sync_to_async(create_guest)()
    guest = await database_sync_to_async(create_guest)()
    table = await database_sync_to_async(services.create_table)(game="hearts", host=host)
    socket = await connect(table.pk, guest)
    assert "Take a seat" in await socket.receive_from()
    await database_sync_to_async(services.join_table)(table_id=table.pk, player=guest)
    frames = await drain(socket)
    assert "(you)" in frames[-1] and all("Take a seat" not in frame for frame in frames[1:])
    await database_sync_to_async(services.leave_table)(table_id=table.pk, player=guest)
    assert "Take a seat" in (await drain(socket))[-1]
    # Whoever sits in seat 1 next, the leaver's socket only ever gets the spectators' frames.
    newcomer = await database_sync_to_async(create_guest)()
    await database_sync_to_async(services.join_table)(table_id=table.pk, player=newcomer)
    for index in (2, 3):
        await database_sync_to_async(services.set_bot)(table_id=table.pk, host=host, seat_index=index, level="random")
    await database_sync_to_async(services.start_table)(table_id=table.pk, host=host)
    frames = await drain(socket)
    assert frames and all('class="hand"' not in frame for frame in frames)
    await socket.disconnect()


async def test_spectators_of_one_process_share_one_drawing_and_none_is_drawn_without_them(monkeypatch):
    from games import boards

    drawn = []  # the audience of every board drawn
    real_draw = boards._draw
    monkeypatch.setattr(boards, "_draw", lambda game, context: drawn.append(context["viewer"]) or real_draw(game, context))
    table, (player,) = await database_sync_to_async(started_table)()
    mine = await connect(table.pk, player)
    await drain(mine)
    drawn.clear()
    await database_sync_to_async(play_my_turn)(table, player)
    await drain(mine)
    assert None not in drawn, "a spectators' board was drawn with nobody watching"

    watchers = [await connect(table.pk, None) for _ in range(3)]
    for watcher in watchers:
        await drain(watcher)
    drawn.clear()
    moves_before = await database_sync_to_async(table.moves.count)()
    await database_sync_to_async(play_my_turn)(table, player)
    changes = await database_sync_to_async(table.moves.count)() - moves_before
    seen = [await drain(watcher) for watcher in watchers]
    assert all(frames and SEQ.search(frames[-1]) for frames in seen)
    table = await database_sync_to_async(Table.objects.get)(pk=table.pk)
    assert {int(SEQ.search(frames[-1]).group(1)) for frames in seen} == {table.seq}
    assert 0 < drawn.count(None) <= changes, "each change drawn at most once for all three spectators"
    for socket in (mine, *watchers):
        await socket.disconnect()


async def test_a_socket_for_no_table_is_closed_as_not_found():
    cookie = await database_sync_to_async(session_cookie)(None)
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)]
    socket = WebsocketCommunicator(application, "/ws/t/987654/", headers=headers)
    connected, code = await socket.connect()
    assert (connected, code) == (False, 4404)


async def test_a_table_gone_under_an_open_socket_closes_it_without_an_error(monkeypatch):
    from channels.layers import get_channel_layer

    from games import realtime
    from games.consumers import TableConsumer

    def gone(self, *_, **__):
        raise Table.DoesNotExist

    table, (player,) = await database_sync_to_async(started_table)()
    socket = await connect(table.pk, player)
    await drain(socket)
    monkeypatch.setattr(TableConsumer, "_audience_and_frame", gone)  # a test database flushed under it
    await get_channel_layer().group_send(realtime.player_group(player.pk), {"type": "seat.changed", "table_id": None})
    assert (await socket.receive_output())["type"] == "websocket.close"
    await socket.disconnect()


async def test_a_spectator_told_of_a_change_to_a_table_since_gone_is_closed_without_an_error(monkeypatch):
    from channels.layers import get_channel_layer

    from games import realtime
    from games.consumers import TableConsumer

    def gone(self, *_, **__):
        raise Table.DoesNotExist

    table, _ = await database_sync_to_async(started_table)()
    watcher = await connect(table.pk, await database_sync_to_async(create_guest)())
    await drain(watcher)
    monkeypatch.setattr(TableConsumer, "_spectators_frame", gone)  # the table went after the change was sent
    group = realtime.watch_group(table.pk)
    await get_channel_layer().group_send(group, {"type": "table.changed", "group": group, "change": "gone",
                                                 "spoken": {}})
    output = await watcher.receive_output()
    assert output == {"type": "websocket.close", "code": 4404}
    await watcher.disconnect()


async def test_frames_reach_a_socket_without_a_hop_to_the_sync_thread_each(monkeypatch):
    """Channels' dispatch closes stale connections on the sync thread before every message;
    the table socket's does not (its database calls do that themselves)."""
    import channels.consumer
    import channels.generic.websocket

    hops = []

    async def counted():
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    monkeypatch.setattr(channels.generic.websocket, "aclose_old_connections", counted)
    table, (player,) = await database_sync_to_async(started_table)()
    socket = await connect(table.pk, player)
    await drain(socket)
    await database_sync_to_async(play_my_turn)(table, player)
    assert await drain(socket), "the move's frame was forwarded"
    await socket.disconnect()
    assert hops == []


async def test_a_frame_for_a_client_that_has_just_gone_is_dropped_without_an_error():
    """The client closed while a frame was on its way: Daphne's protocol refuses the send
    (autobahn's Disconnected), and the disconnect that follows in the queue ends the socket.
    Seen under load in a browser test's server log: 'Attempt to send on a closed protocol'."""
    from autobahn.exception import Disconnected

    from games.consumers import TableConsumer

    async def closed(message):
        raise Disconnected("Attempt to send on a closed protocol")

    consumer = TableConsumer()
    consumer.base_send = closed
    await consumer.send(text_data="a frame")  # no error
