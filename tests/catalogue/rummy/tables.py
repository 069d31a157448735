"""Hand-built Rummy positions, reached through the public engine API (dump, load, apply)."""

from games import catalogue

rummy = catalogue.get("rummy").engine

GOING_OUT = ["4S", "5S", "6S", "KH"]


def last_card(state, *, seed="hand-over"):
    """``state``'s round with seat 0 to discard the king of hearts, its last card, beside a meld of
    its own laid this turn (4S 5S 6S) after cards laid down earlier, so going out is no rummy.
    Seat 0's cards as dealt take the place of those four wherever else they lay, the rest going
    under the stock; ``seed`` fixes the next round's deal."""
    data = rummy.dump(state)
    spare = iter(card for card in data["hands"][0] if card not in GOING_OUT)

    def swapped(cards):
        return [next(spare) if card in GOING_OUT else card for card in cards]

    hands = [GOING_OUT, *map(swapped, data["hands"][1:])]
    discard = swapped(data["discard"])
    stock = swapped(data["stock"])
    data.update(hands=hands, stock=stock + list(spare), discard=discard, phase="meld_or_discard", turn=0, taken=None, seed=seed,
                laid_down=[True, *data["laid_down"][1:]], clean_turn=False)
    return rummy.apply(rummy.load(data), 0, "meld 4S 5S 6S")
