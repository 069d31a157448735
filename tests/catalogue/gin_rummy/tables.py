"""Hand-built Gin Rummy deals, reached through the public engine API only."""

from games import catalogue
from games.kit import cards

gin = catalogue.get("gin_rummy").engine

# Seat 0 (the first non-dealer) holds three melds and the king of hearts.
KNOCKER = ["AC", "2C", "3C", "5D", "5H", "5S", "9S", "TS", "JS", "KH"]
# Seat 1 can lay off the four of clubs and the queen then king of spades; 43 points are left.
DEFENDER = ["4C", "QS", "KS", "8D", "8C", "2H", "3D", "7C", "9H", "6D"]
# Seat 1 with no layoffs and 73 points of deadwood.
LOOSE = ["KS", "KD", "8D", "8C", "2H", "3D", "7C", "9H", "6D", "QH"]


def deck_for(seat0, seat1, up_card, stock=()):
    """The deck (top first) dealing ``seat0`` to the non-dealer (seat 0) and ``seat1`` to the
    dealer, then ``up_card``, then ``stock`` on top of the other cards in canonical order."""
    dealt = [seat0[i // 2] if i % 2 == 0 else seat1[i // 2] for i in range(20)]
    fixed = dealt + [up_card] + list(stock)
    assert len(set(fixed)) == len(fixed)
    return fixed + [card for card in cards.standard_deck() if card not in fixed]


def deal(seat0, seat1, up_card, stock=(), *, options=None, seed="test"):
    return gin.new_game(2, seed=seed, options=options, deck=deck_for(seat0, seat1, up_card, stock))


def play(state, *moves):
    """Play ``moves`` in turn order."""
    for move in moves:
        (seat,) = gin.to_move(state)
        state = gin.apply(state, seat, move)
    return state


def with_scores(state, totals, boxes):
    """The same position with the match score set to ``totals`` and ``boxes``."""
    data = gin.dump(state)
    data.update(totals=list(totals), boxes=list(boxes))
    return gin.load(data)
