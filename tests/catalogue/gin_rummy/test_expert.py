"""Gin Rummy's search: its fast hand agrees with the engine, its ``basic_*`` policies choose
the basic bot's moves, and its expert plays legal moves from the view alone."""

import random

import pytest

from games import catalogue
from games.catalogue.gin_rummy import playout
from games.catalogue.gin_rummy.expert import _apply
from games.kit.melds import INDEX, LABELS
from tests.catalogue.gin_rummy.tables import KNOCKER, LOOSE, deal, play
from tests.catalogue.playouts import assert_the_move_depends_on_the_view_alone

gin = catalogue.get("gin_rummy").engine
basic = catalogue.get("gin_rummy").bot("basic")
expert = catalogue.get("gin_rummy").bot("expert")


def _finish(state, rng):
    """The engine's hand after a knock: the defender lays off as basic does, then is done."""
    while gin.hands_played(state) == 0:
        (seat,) = gin.to_move(state)
        state = gin.apply(state, seat, basic.choose(gin.view(state, seat), gin.legal_moves(state, seat), rng))
    return state


def _result(state):
    """``(winner, points)`` of the first hand, as the fast hand states it."""
    record = gin.view(state, None)["scores"]["hands"][0]
    return (record["winner"], record["points"])


def _basic_move(hand):
    """Basic's move on the fast hand, in the engine's words."""
    if hand.phase == playout.DISCARD:
        verb, card = playout.basic_discard(hand)
        if card is None:
            return "big gin"
        if verb == "knock" and playout.deadwood(hand.hands[hand.turn] & ~(1 << card)) == 0:
            return f"gin {LABELS[card]}"
        return f"{verb} {LABELS[card]}"
    if playout.basic_takes(hand):
        return "draw discard"
    return "pass" if hand.phase == playout.OFFER else "draw stock"


@pytest.mark.parametrize("seed", range(40))
def test_a_hand_plays_the_same_through_the_fast_state_and_the_engine(seed):
    # Random moves, knocks and gin included (basic lays off for the engine's defender).
    rng = random.Random(seed)
    state = gin.new_game(2, seed=f"fast:{seed}", options={"knock_limit": 10 if seed % 4 else 0})
    fast = playout.Hand.of_state(state)
    while gin.hands_played(state) == 0:
        (seat,) = gin.to_move(state)
        if state.phase == "layoff":
            state = _finish(state, rng)
            break
        legal = gin.legal_moves(state, seat)
        assert fast.turn == seat and fast.phase == state.phase and fast.hands == list(state.hands)
        move = rng.choice(legal)
        _apply(fast, move)
        state = gin.apply(state, seat, move)
    assert fast.result == _result(state)


@pytest.mark.parametrize("seed", range(40))
def test_the_basic_policies_choose_the_basic_bot_s_moves(seed):
    rng = random.Random(seed)
    state = gin.new_game(2, seed=f"basic:{seed}")
    fast = None
    while gin.hands_played(state) == 0:
        (seat,) = gin.to_move(state)
        legal = gin.legal_moves(state, seat)
        move = basic.choose(gin.view(state, seat), legal, rng)
        if state.phase == "layoff":
            break
        fast = playout.Hand.of_state(state)
        assert _basic_move(fast) == move, (seed, state.phase)
        # Off the bot's path now and then, so it meets hands it would not make itself.
        if rng.random() < 0.25 and state.phase != "discard":
            move = rng.choice(legal)
        state = gin.apply(state, seat, move)
    # The last position before the hand ended, played out by the policies, ends as basic ends it.
    playout.play_out(fast)
    assert fast.result == _result(_finish(state, rng))


def test_basic_layoffs_lay_off_the_biggest_gain_first_onto_growing_melds():
    melds = [_mask("AC 2C 3C"), _mask("9S TS JS")]
    # The queen of spades first (10), then the king it lets on (10), then the four of clubs.
    assert playout.basic_layoffs(_mask("4C QS KS 8D"), melds) == _mask("8D")
    assert melds == [_mask("AC 2C 3C 4C"), _mask("9S TS JS QS KS")]


def test_a_knock_is_scored_after_basic_s_layoffs_as_the_engine_scores_it():
    # KNOCKER keeps AC2C3C 5D5H5S 9STSJS and the four of hearts; the defender lays off 4C QS KS.
    state = play(deal(KNOCKER, ["4C", "QS", "KS", "8D", "8C", "2H", "3D", "7C", "9H", "6D"], "4H"), "draw discard")
    hand = playout.Hand.of_state(state)
    hand.knock(INDEX["KH"])
    assert hand.result == (0, 43 - 4) == _result(_finish(play(state, "knock KH"), random.Random(0)))


def _mask(cards):
    return sum(1 << INDEX[card] for card in cards.split())


def test_gin_is_played_at_once_without_a_search(monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("gin was weighed")

    monkeypatch.setattr(type(expert), "search", no_search)
    state = play(deal(KNOCKER, LOOSE, "4C"), "draw discard")
    legal = gin.legal_moves(state, 0)
    assert expert.choose(gin.view(state, 0), legal, random.Random(0), deals=1) == "gin KH"


def _others_reshuffled(state, seat, seed):
    """The same moment with the other seat's unseen cards and the stock dealt again: the
    cards it took from the discard pile stay in its hand, every count stays."""
    other = 1 - seat
    kept = state.picked[other]
    loose = state.hands[other] & ~kept
    cards = [i for i in range(52) if loose >> i & 1] + list(state.stock)
    random.Random(seed).shuffle(cards)
    count = loose.bit_count()
    hands = list(state.hands)
    hands[other] = kept | sum(1 << card for card in cards[:count])
    shuffled = state.copy()
    shuffled.hands, shuffled.stock = tuple(hands), tuple(cards[count:])
    return shuffled


def _positions(count):
    """Moments well into seeded hands of basic play, before any knock: cards taken from the
    pile and discards behind them."""
    seed = 0
    while count:
        seed += 1
        rng = random.Random(seed)
        state = gin.new_game(2, seed=f"expert:{seed}")
        for _ in range(8 + 3 * (seed % 5)):
            (seat,) = gin.to_move(state)
            state = gin.apply(state, seat, basic.choose(gin.view(state, seat), gin.legal_moves(state, seat), rng))
        if state.phase in ("draw", "discard"):
            count -= 1
            yield seed, state


def test_the_expert_s_move_depends_on_the_view_alone():
    known = 0
    for seed, state in _positions(6):
        (seat,) = gin.to_move(state)
        known += bool(state.picked[1 - seat])
        assert_the_move_depends_on_the_view_alone(gin, expert, state, _others_reshuffled(state, seat, seed), seat, seed,
                                                  deals=30)
    assert known, "some of the positions must hold cards the other seat took from the pile"


def test_the_view_shows_the_cards_each_seat_took_from_the_pile_until_it_lets_them_go():
    state = play(deal(KNOCKER, LOOSE, "4C", ["2D", "QC"]), "draw discard")
    assert gin.view(state, 1)["picked_up"] == [["4C"], []]
    state = play(state, "discard KH", "draw discard")  # seat 1 takes the king of hearts
    assert gin.view(state, 0)["picked_up"] == [["4C"], ["KH"]]
    state = play(state, "discard 8D")
    assert gin.view(state, 0)["picked_up"] == [["4C"], ["KH"]]
    old = gin.dump(state)
    del old["picked"]  # a hand stored before the cards taken up were kept
    assert gin.view(gin.load(old), 0)["picked_up"] == [[], []]


@pytest.mark.parametrize("seed", range(20))
def test_their_hand_holds_what_they_took_with_cards_it_melds_with_and_nothing_seen(seed):
    from games.catalogue.gin_rummy.expert import _partners, _their_hand

    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    mine, pile, known = sum(1 << c for c in cards[:11]), sum(1 << c for c in cards[11:19]), 1 << cards[19]
    seen = mine | pile | known
    unseen = [c for c in range(52) if not seen >> c & 1]
    theirs, stock = _their_hand(known, unseen, size=10, drawn=6, stock=20, seen=seen, rng=rng)
    assert theirs.bit_count() == 10 and theirs & known == known and not theirs & (mine | pile)
    open_pairs = [pair for pair in _partners(cards[19]) if not pair & (mine | pile)]
    assert any(pair & theirs == pair for pair in open_pairs) or not open_pairs
    assert len(stock) == len(set(stock)) == 20 and not any(theirs >> card & 1 or seen >> card & 1 for card in stock)
