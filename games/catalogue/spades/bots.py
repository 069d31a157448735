"""Spades bots: ``random`` and ``basic``.

``random`` plays any legal card at random, but bids as ``basic`` counts its tricks (never
nil, which random play could not keep): bidding at random loses so many points a hand that a
match would hardly ever reach the target score (random bids of 1 to 4 make about 8 points a
hand; counted bids, 27, ending a match in 8 to 27 hands).

``basic`` plays the way a careful club player is taught first:

- Bidding: count sure and likely tricks. An ace of a side suit is one (less once the suit is
  long enough to be trumped early); a king with a guard is most of one; spades count the
  ace, a guarded king, a queen with two guards, and every spade past the third. A void or a
  singleton side suit with spades to spare is a ruff. Nil with a hand that can duck
  everything: no ace or king, few and low spades, and low cards under every high one. When
  the partner has bid nil, one more trick, to cover for them.
- Play for a nil (its own): duck every trick, with the highest card that still loses; when
  void, throw the most dangerous card.
- Covering a nil-bidding partner: win any trick the partner would win, and lead winners.
- Otherwise, while the team still needs tricks: win with the cheapest card that takes the
  trick, unless the partner is already winning it; lead aces and sure spades. Once the team
  has its bid: duck to keep bags away, unless the opponents can still be set, when it takes
  tricks to stop them.

It reads only the seat's view (see ``Spades.view``).
"""

from __future__ import annotations

import random
from typing import Any

from games.kit.bots import RandomBot as KitRandomBot
from games.kit.tricks import winning_card

ORDER = "23456789TJQKA"
NIL_BIDS = ("nil", "blind nil")


def _rank(card: str) -> int:
    return ORDER.index(card[0])


def _suit(hand: list[str], suit: str) -> list[str]:
    return sorted((card for card in hand if card[1] == suit), key=_rank)


class RandomBot(KitRandomBot):
    blurb = "Counts its tricks to bid, then plays any legal card, at random: a gentle start."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        if view["phase"] == "bid":
            bid = _bid(view, legal_moves)
            move = "bid 1" if bid in NIL_BIDS else f"bid {bid}"
            return move if move in legal_moves else rng.choice(legal_moves)
        return rng.choice(legal_moves)


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Counts its tricks to bid, plays to make its team's bid without bags, and covers a partner's nil."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        if view["phase"] == "bid":
            move = "bid " + str(_bid(view, legal_moves))
        else:
            move = "play " + _card_to_play(view, [move.split(" ", 1)[1] for move in legal_moves])
        # The rules above only ever pick legal moves; this guards the contract regardless.
        return move if move in legal_moves else rng.choice(legal_moves)


# -- bidding ------------------------------------------------------------------------------


def expected_tricks(hand: list[str]) -> float:
    """Sure and likely tricks of a 13-card hand, by the counts above."""
    spades = _suit(hand, "S")
    tricks = 0.0
    for suit in "CDH":
        cards = _suit(hand, suit)
        ranks = {card[0] for card in cards}
        if "A" in ranks:
            tricks += 1.0 if len(cards) <= 5 else 0.6
        if "K" in ranks and len(cards) >= 2:
            tricks += 0.8 if len(cards) <= 4 else 0.4
        if not cards and len(spades) >= 2:
            tricks += 1.0  # a void: ruffs, while spades last
        elif len(cards) == 1 and len(spades) >= 3:
            tricks += 0.5
    ranks = {card[0] for card in spades}
    tricks += "A" in ranks
    tricks += 0.9 * ("K" in ranks and len(spades) >= 2)
    tricks += 0.6 * ("Q" in ranks and len(spades) >= 3)
    tricks += max(0, len(spades) - 3)
    return tricks


def can_duck_everything(hand: list[str]) -> bool:
    """A nil hand: no ace or king, at most three spades and none above the eight, and each
    side suit's queen or jack under at least two low cards."""
    spades = _suit(hand, "S")
    if any(card[0] in "AK" for card in hand) or len(spades) > 3 or any(_rank(card) > _rank("8S") for card in spades):
        return False
    for suit in "CDH":
        cards = _suit(hand, suit)
        high = [card for card in cards if card[0] in "QJ"]
        low = [card for card in cards if _rank(card) <= _rank("7C")]
        if high and len(low) < 2:
            return False
    return True


def _bid(view: dict[str, Any], legal_moves: list[str]) -> Any:
    hand, seat = view["hand"], view["seat"]
    if not hand:  # a blind seat: a trailing team gambles on blind nil
        return "blind nil" if "bid blind nil" in legal_moves else 2
    partner_bid = view["bids"][(seat + 2) % 4]
    if partner_bid not in NIL_BIDS and can_duck_everything(hand):
        return "nil"
    tricks = round(expected_tricks(hand)) + (1 if partner_bid in NIL_BIDS else 0)
    return min(13, max(1, tricks))


# -- play ---------------------------------------------------------------------------------


def _beats(card: str, winning: str) -> bool:
    """Whether ``card`` takes a trick that ``winning`` is taking, with spades trumps."""
    return winning_card([winning, card], trump="S") == card


def _card_to_play(view: dict[str, Any], playable: list[str]) -> str:
    seat, bids, tricks = view["seat"], view["bids"], view["tricks"]
    partner = (seat + 2) % 4
    plays = view["trick"]["plays"]
    cards = [card for _, card in plays]
    low_first = sorted(playable, key=lambda card: (card[1] == "S", _rank(card)))
    if bids[seat] in NIL_BIDS:
        return _duck(cards, playable, low_first)
    if bids[partner] in NIL_BIDS and tricks[partner] == 0:
        return _cover(cards, plays, partner, playable, low_first)
    team, them = seat % 2, 1 - seat % 2
    counted = [s for s in (team, team + 2) if bids[s] not in NIL_BIDS]
    need = view["team_bids"][team] - sum(tricks[s] for s in counted)
    left = sum(view["hand_counts"])
    their_need = view["team_bids"][them] - sum(tricks[s] for s in (them, them + 2) if bids[s] not in NIL_BIDS)
    setting = need <= 0 and 0 < their_need and their_need * 4 >= left - 4
    if need > 0 or setting:
        return _take(cards, plays, partner, playable, low_first)
    return _duck(cards, playable, low_first)


def _winning(cards: list[str]) -> str:
    return winning_card(cards, trump="S")


def _take(cards, plays, partner, playable, low_first) -> str:
    """Win the trick as cheaply as possible, or throw the least useful card."""
    if not cards:
        aces = [card for card in playable if card[0] == "A"]
        return aces[0] if aces else max(playable, key=_rank) if len(playable) <= 2 else low_first[0]
    winning = _winning(cards)
    partner_winning = plays[cards.index(winning)][0] == partner
    winners = [card for card in low_first if _beats(card, winning)]
    if partner_winning and (len(cards) == 3 or winning[0] in "AK"):
        return low_first[0]
    return winners[0] if winners else low_first[0]


def _duck(cards, playable, low_first) -> str:
    """Lose the trick with the highest card that still loses; when every card wins, the
    highest (it would win later too); when void, the most dangerous card."""
    if not cards:
        return low_first[0]
    winning = _winning(cards)
    losers = [card for card in playable if not _beats(card, winning)]
    if losers:
        return max(losers, key=lambda card: (card[1] != "S" or card[1] == winning[1], _rank(card)))
    return max(playable, key=_rank)


def _cover(cards, plays, partner, playable, low_first) -> str:
    """Take every trick the nil-bidding partner would otherwise take."""
    if not cards:
        return max(playable, key=lambda card: (card[1] == "S", _rank(card)))
    winning = _winning(cards)
    partner_winning = plays[cards.index(winning)][0] == partner
    partner_to_play = partner not in [seat for seat, _ in plays]
    if partner_winning or partner_to_play:
        winners = [card for card in playable if _beats(card, winning)]
        if winners:
            return max(winners, key=_rank) if partner_to_play else min(winners, key=_rank)
    return low_first[0]


LEVELS = (RandomBot(), BasicBot())
