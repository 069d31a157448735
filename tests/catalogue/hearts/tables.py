"""Hand-built Hearts positions, reached through the public engine API only."""

from games import catalogue
from games.kit import cards

hearts = catalogue.get("hearts").engine


def deck_for(hands):
    """The deck (top first) that deals ``hands[s][k]`` to seat ``s``: card i goes to i % 4."""
    assert sorted(card for hand in hands for card in hand) == sorted(cards.standard_deck())
    return [hands[i % 4][i // 4] for i in range(52)]


def first_trick_with(hands, *, options=None):
    """A new match whose first hand, after the pass to the left, holds exactly ``hands``.

    Each seat is dealt its final hand less three cards it will receive, plus the three
    cards it passes on; so after the exchange every seat holds what the test asked for.
    """
    received = [cards.sort_cards(hand)[-3:] for hand in hands]
    dealt = [
        [card for card in hand if card not in received[seat]] + received[(seat + 1) % 4]
        for seat, hand in enumerate(hands)
    ]
    state = hearts.new_game(4, seed="test", options=options, deck=deck_for(dealt))
    for seat in range(4):
        passing = " ".join(cards.sort_cards(received[(seat + 1) % 4]))
        state = hearts.apply(state, seat, f"pass {passing}")
    assert [hearts.view(state, seat)["hand"] for seat in range(4)] == [cards.sort_cards(h) for h in hands]
    return state


def play(state, *moves):
    """Play ``moves`` (card strings) in turn order."""
    for card in moves:
        (seat,) = hearts.to_move(state)
        state = hearts.apply(state, seat, f"play {card}")
    return state


def last_trick(*, leader, cards_played, taken, totals, options=None, hand_number=1, took=None):
    """A position before the 13th trick: each seat holds one card, led around from ``leader``.
    ``took``: the point cards each seat has taken so far (then ``taken`` is their points)."""
    hands = [[] for _ in range(4)]
    for i, card in enumerate(cards_played):
        hands[(leader + i) % 4].append(card)
    data = hearts.dump(hearts.new_game(4, seed="test", options=options))
    data.update(
        hand_number=hand_number,
        phase="play",
        hands=hands,
        passed=[[], [], [], []],
        received=[[], [], [], []],
        trick=[],
        leader=leader,
        turn=leader,
        tricks_played=12,
        hearts_broken=True,
        taken=taken,
        totals=totals,
    )
    if took is not None:
        data["took"] = [list(cards) for cards in took]
        data["taken"] = [sum(13 if card == "QS" else card[1] == "H" for card in cards) for cards in took]
    return hearts.load(data)


def finish_hand(state, *, choose=lambda moves: moves[0]):
    """Play until the hand number changes or the match ends; return the new state."""
    hand_number = hearts.view(state, None)["hand_number"]
    while not hearts.is_over(state) and hearts.view(state, None)["hand_number"] == hand_number:
        seat = hearts.to_move(state)[0]
        state = hearts.apply(state, seat, choose(hearts.legal_moves(state, seat)))
    return state
