"""Gin Rummy, by Hoyle's standard rules.

Two players, one 52-card deck, aces low (A 2 3 ... T J Q K). Card values: ace 1, two to
ten at face value, jack, queen and king 10.

The deal
- Seat 1 deals the first hand, so seat 0 is the first non-dealer. Each player gets ten
  cards, dealt one at a time starting with the non-dealer; the next card is turned up to
  start the discard pile (the up-card) and the rest, face down, is the stock.
- A given ``deck`` (top first) fixes the first deal that way: cards 0, 2, ..., 18 go to
  seat 0 (the non-dealer), cards 1, 3, ..., 19 to seat 1, card 20 is the up-card and cards
  21..51 are the stock, top first. Later deals come from the match seed (label
  ``gin_rummy:hand:<n>``, ``n`` counting every deal, void ones included).
- The winner of a hand deals the next (Hoyle); after a void hand the same dealer deals
  again.

The play
- First turn, the up-card offer: the non-dealer may take the up-card or pass; if they
  pass, the dealer may take it or pass; if both pass, the non-dealer draws from the stock.
  Whoever takes the up-card then discards, and play goes on normally with the other player.
- A turn is a draw (the top of the stock, or the top of the discard pile) and then a
  discard. A card just taken from the discard pile may not be discarded (nor knocked
  with) in the same turn.
- Melds are sets (3 or 4 cards of a rank) and runs (3 or more cards of a suit in sequence,
  aces low, K-A-2 does not wrap); a card belongs to one meld at most. Other cards are
  deadwood. The engine always arranges a hand for its least deadwood; a player may give
  their own arrangement when knocking or when done laying off.
- Instead of a plain discard a player may knock: discard, then show their ten cards as
  melds with at most ``knock_limit`` points of deadwood. With no deadwood that is gin.
  With all eleven cards melded a player may go big gin without discarding.
- Oklahoma (option ``oklahoma``): each hand's knock limit is the lower of ``knock_limit``
  and the value of that hand's first up-card; an ace up-card means gin only (limit 0).
  (The variant's doubling of hands whose up-card is a spade is not played.)
- The hand is void when a player discards without knocking and only two cards remain in
  the stock: nobody scores, and the same dealer deals again. (The player who draws the
  fiftieth card may still knock or go gin instead of discarding.)

After a knock
- The knocker's melds and deadwood are shown (view key ``knock``) and so are the
  defender's cards, arranged for least deadwood. Unless the knock was gin or big gin, the
  defender may lay off cards one at a time onto the knocker's melds (a fourth card of a
  set, or a card extending a run at either end, also onto cards laid off before), then
  says ``done``, optionally with their own arrangement of what is left.
- Scoring: the knocker wins the difference of the two deadwood counts. If the defender's
  deadwood is equal to or lower than the knocker's, that is an undercut: the defender wins
  the difference plus 25. Gin wins the defender's deadwood plus 25 (no layoffs, no
  undercut); big gin the defender's deadwood plus 31.

The match
- Hand points add up; the first to reach ``target_score`` (100) ends the match. Then the
  winner adds a game bonus of 100, each player adds a box of 25 for every hand they won,
  and if the loser won no hand at all (a shutout) the winner's whole total is doubled.
  ``outcome`` gives the hand points so far during the match and these final totals once
  it is over; the higher total ranks first.
- ``hands_played`` counts every finished deal, void hands included (each has its entry,
  result ``void``, in the view's ``scores.hands``).

Moves (cards as in ``cards``: rank ``A23456789TJQK`` and suit ``CDHS``)
- ``draw discard``: take the up-card when it is offered, or the top of the discard pile.
- ``pass``: decline the up-card on the first turn.
- ``draw stock``: take the top card of the stock.
- ``discard C``: discard card ``C``.
- ``knock C``: discard ``C`` and knock with the arrangement of least deadwood;
  ``gin C`` when that leaves no deadwood (``knock C`` is then gin too);
  ``big gin``: go gin with all eleven cards, no discard (``gin`` alone means the same).
- ``knock C melds 3S4S5S 7C7D7H``: knock with these melds (each meld is its cards written
  together; any order of cards and melds; the other cards are deadwood, within the
  limit). ``gin C melds ...`` and ``big gin melds ...`` likewise, with no deadwood.
- ``layoff C i``: the defender lays ``C`` off onto the knocker's meld ``i`` (counting from
  0, the order of the view's ``knock.melds``; the board and the words number them from 1).
- ``done``: the defender stops laying off; what is left is arranged for least deadwood.
  ``done melds 8S9STS``: their own arrangement instead (any valid melds; the rest is
  deadwood).
``legal_moves`` lists the canonical forms: every form above except the ``melds``
variants, which ``apply`` accepts as well. ``apply`` also accepts lower case, ``10`` for
``T``, extra spaces and ``take`` for ``draw discard``.
"""

from __future__ import annotations

import json
from typing import Any

from games.kit import engine as base
from games.kit.cards import MaskLister, card_name, checked_deck, shuffled, standard_deck
from games.kit.engine import IllegalMove
from games.kit.melds import (  # noqa: F401 (deadwood_after_discard: the engine's search, for its tests)
    INDEX,
    LABELS,
    VALUE,
    best_melds,
    card_value,
    deadwood,
    deadwood_after_discard,
    fits,
    hand_mask,
    is_meld,
    list_cards,
    meld_order,
)
from games.kit.moves import check_seat, read_card, read_cards, read_move, read_number
from games.kit.state import PLAIN, TUPLE, Field, GameState, dump_fields, each, load_fields

SEATS = 2
HAND_SIZE = 10
WALL = 2  # stock cards left when a hand without a knock is void
GIN_BONUS = 25
BIG_GIN_BONUS = 31
UNDERCUT_BONUS = 25
GAME_BONUS = 100
BOX = 25

OFFER, DRAW, DISCARD, LAYOFF, OVER = "offer", "draw", "discard", "layoff", "over"
KNOCK, GIN, BIG_GIN = "knock", "gin", "big gin"
# Each verb's words are checked where it is played; "take" alone means "draw discard".
UNKNOWN = ("{move!r} is not a Gin Rummy move: draw stock, draw discard, pass, discard, knock, gin, big gin, "
           "layoff or done.")
VERBS = {**dict.fromkeys(("draw", "pass", "discard", KNOCK, GIN, "big", "layoff", "done")), "take": (0,)}

_discard_moves = MaskLister(tuple("discard " + card for card in LABELS))


# -- the state ------------------------------------------------------------------------------


class GinRummyState(GameState):
    """One moment of a match. Treat as immutable: the engine copies before changing.

    Hands are 52-bit masks (aces low, see ``LABELS``); ``stock`` holds card indexes top
    first and ``discard_pile`` bottom first. After a knock the knocker's melds are in
    ``knock_melds`` (growing with the defender's layoffs) and the knocker's hand holds only
    their deadwood. ``picked`` holds per seat the cards it took from the discard pile this
    hand and holds still (both players saw them taken). ``history`` holds one tuple per finished deal (``RECORD_KEYS``);
    ``last_hand`` and ``final`` are JSON text, decoded afresh for each view, so no caller
    can reach into the state through them.
    """

    def __repr__(self) -> str:
        return f"<GinRummyState hand {self.hand_number} {self.phase}>"


class GinRummy(base.Engine):
    slug = "gin_rummy"
    name = "Gin Rummy"
    min_players = 2
    max_players = 2
    dealing = ("Hand n: the 52 cards in canonical order are shuffled with the label gin_rummy:hand:n. Ten "
               "cards each are dealt one at a time, the non-dealer first (seat 0 in hand 1; the winner of a "
               "hand deals the next); the next card is the up-card and the rest is the stock, top first.")
    options = {
        "knock_limit": (10, tuple(range(11))),
        "oklahoma": (False, (False, True)),
        "target_score": (100, (100, 150, 200, 250)),
    }

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        state = GinRummyState.blank()
        state.seed = str(seed)
        state.knock_limit_option = options["knock_limit"]
        state.oklahoma = options["oklahoma"]
        state.target_score = options["target_score"]
        state.totals = (0, 0)
        state.boxes = (0, 0)
        state.history = ()
        state.last_hand = None
        state.final = None
        if deck is not None:
            deck = checked_deck(deck)
        _deal(state, 1, 1, deck)
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        return () if state.phase == OVER else (state.turn,)

    def legal_moves(self, state, seat):
        if seat != state.turn or state.phase == OVER:
            return []
        phase = state.phase
        if phase == DRAW:
            return ["draw stock"] if state.stock_only else ["draw stock", "draw discard"]
        if phase == DISCARD:
            hand = state.hands[seat]
            allowed = hand & ~state.taken
            moves = list(_discard_moves(allowed))
            limit = state.knock_limit
            # Discarding a card lowers deadwood by its value at most, 10 at most.
            whole = deadwood(hand)
            if whole - 10 <= limit:
                knocks, gins = [], []
                rest = allowed
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    index = bit.bit_length() - 1
                    # Without a card the hand keeps at least ``whole`` less its value in deadwood
                    # (the best melds without it are melds with it, it being deadwood).
                    if whole - VALUE[index] > limit:
                        continue
                    left = deadwood(hand ^ bit)
                    if left == 0:
                        gins.append("gin " + LABELS[index])
                    elif left <= limit:
                        knocks.append("knock " + LABELS[index])
                moves += knocks + gins
                if whole == 0:
                    moves.append(BIG_GIN)
            return moves
        if phase == OFFER:
            return ["draw discard", "pass"]
        # LAYOFF
        moves = []
        hand = state.hands[seat]
        for i, meld in enumerate(state.knock_melds):
            rest = hand
            while rest:
                bit = rest & -rest
                rest ^= bit
                if fits(meld, bit):
                    moves.append(f"layoff {LABELS[bit.bit_length() - 1]} {i}")
        moves.sort(key=lambda move: (INDEX[move[7:9]], move))
        moves.append("done")
        return moves

    def apply(self, state, seat, move):
        if not isinstance(move, str):
            raise IllegalMove(f"{move!r} is not a move: send text like 'draw stock'.")
        # Fast paths for the moves every playout makes dozens of times a hand.
        if seat == state.turn:
            phase = state.phase
            if phase == DISCARD and move[:8] == "discard ":
                index = INDEX.get(move[8:])
                if index is not None:
                    bit = 1 << index
                    if state.hands[seat] & bit and bit != state.taken:
                        return _discarded(state, seat, index)
            elif phase == DRAW and move == "draw stock":
                return _drew_stock(state, seat)
            elif move == "draw discard" and (phase == OFFER or (phase == DRAW and not state.stock_only)):
                return _took_discard(state, seat)
        if state.phase == OVER:
            raise IllegalMove("The match is over.")
        check_seat(seat, SEATS)
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        verb, args = read_move(move, VERBS, example="draw stock", unknown=UNKNOWN,
                               empty="Send a move, like 'draw stock'.")
        if verb == "big" and args[:1] == ["gin"]:
            verb, args = BIG_GIN, args[1:]
        if verb == "take" and not args:
            verb, args = "draw", ["discard"]
        if verb == "draw":
            return self._draw(state, seat, args)
        if verb == "pass":
            return self._pass(state, seat, args)
        if verb == "discard":
            return self._discard(state, seat, args)
        if verb in (KNOCK, GIN, BIG_GIN):
            return self._knock(state, seat, verb, args)
        if verb == "layoff":
            return self._layoff(state, seat, args)
        if verb == "done":
            return self._done(state, seat, args)
        raise IllegalMove(UNKNOWN.format(move=move))  # "big" without "gin"

    def _draw(self, state, seat, args):
        if len(args) != 1 or args[0] not in ("stock", "discard", "upcard", "up-card"):
            raise IllegalMove("Say 'draw stock' or 'draw discard'.")
        if state.phase == LAYOFF:
            raise IllegalMove("Your opponent has knocked: lay off cards or say 'done'.")
        source = "discard" if args[0] != "stock" else "stock"
        if state.phase == OFFER:
            if source == "stock":
                raise IllegalMove("First take the up-card or pass on it.")
            return _took_discard(state, seat)
        if state.phase != DRAW:
            raise IllegalMove("You have drawn already: discard a card.")
        if source == "stock":
            return _drew_stock(state, seat)
        if state.stock_only:
            raise IllegalMove("You both passed on the up-card: draw from the stock.")
        return _took_discard(state, seat)

    def _pass(self, state, seat, args):
        if state.phase != OFFER:
            raise IllegalMove("You may pass only when the first up-card is offered.")
        if args:
            raise IllegalMove("Say just 'pass'.")
        new = state.copy()
        if state.passes == 0:
            new.passes = 1
            new.turn = state.dealer
        else:
            new.passes = 2
            new.phase = DRAW
            new.turn = 1 - state.dealer
            new.stock_only = True
        return new

    def _discard(self, state, seat, args):
        self._must_discard(state)
        index = _one_card(args, "discard")
        self._may_let_go(state, seat, index)
        return _discarded(state, seat, index)

    def _must_discard(self, state):
        if state.phase in (DRAW, OFFER):
            raise IllegalMove("Draw a card first.")
        if state.phase == LAYOFF:
            raise IllegalMove("Your opponent has knocked: lay off cards or say 'done'.")

    def _may_let_go(self, state, seat, index):
        bit = 1 << index
        if not state.hands[seat] & bit:
            raise IllegalMove(f"You do not hold the {card_name(LABELS[index])}.")
        if bit == state.taken:
            raise IllegalMove(
                f"You just took the {card_name(LABELS[index])} from the discard pile: discard another card."
            )

    def _knock(self, state, seat, verb, args):
        self._must_discard(state)
        arranged = None
        if "melds" in args:
            at = args.index("melds")
            args, arranged = args[:at], args[at + 1 :]
        hand = state.hands[seat]
        if verb == GIN and not args:
            verb = BIG_GIN
        if verb == BIG_GIN:
            if args:
                raise IllegalMove("Big gin keeps all eleven cards: say 'big gin' with no card.")
            index = None
            kept = hand
        else:
            index = _one_card(args, verb)
            self._may_let_go(state, seat, index)
            kept = hand & ~(1 << index)
        if arranged is None:
            melds = best_melds(kept)
        else:
            melds = _parse_melds(arranged, kept, "in the hand you keep")
        left = kept & ~sum(melds)
        points = card_value(left)
        if verb == BIG_GIN:
            if points:
                raise IllegalMove(_points_left(points, "Big gin needs all eleven cards melded"))
            kind = BIG_GIN
        elif verb == GIN and points:
            raise IllegalMove(_points_left(points, "Gin needs all ten cards you keep melded"))
        elif points > state.knock_limit:
            if state.knock_limit == 0:
                raise IllegalMove(_points_left(points, "This hand may end only with gin"))
            raise IllegalMove(
                _points_left(points, f"You may knock with {state.knock_limit} points of deadwood or less")
            )
        else:
            kind = GIN if points == 0 else KNOCK
        new = state.copy()
        hands = list(state.hands)
        hands[seat] = left
        new.hands = tuple(hands)
        if index is not None:
            new.discard_pile = state.discard_pile + (index,)
            new.picked = _let_go(state.picked, seat, index)
        new.taken = 0
        new.knocker = seat
        new.kind = kind
        new.knock_melds = melds
        new.layoffs = ()
        if kind == KNOCK:
            new.phase = LAYOFF
            new.turn = 1 - seat
            return new
        defender_melds = best_melds(state.hands[1 - seat])
        _finish_knock(new, defender_melds)
        return new

    def _layoff(self, state, seat, args):
        if state.phase != LAYOFF:
            raise IllegalMove("You may lay off only after your opponent knocks.")
        if len(args) != 2:
            raise IllegalMove("Say 'layoff', a card and the number of the meld, like 'layoff 6S 0'.")
        index = _one_card(args[:1], "layoff")
        last = len(state.knock_melds) - 1
        meld_number = read_number(args[1], highest=last,
                                  reason=f"There is no meld {args[1]}: the knocker's melds are numbered 0 to {last}.")
        bit = 1 << index
        if not state.hands[seat] & bit:
            raise IllegalMove(f"You do not hold the {card_name(LABELS[index])}.")
        meld = state.knock_melds[meld_number]
        if not fits(meld, bit):
            shown = "".join(list_cards(meld))
            raise IllegalMove(f"The {card_name(LABELS[index])} does not fit meld {meld_number + 1} ({shown}).")
        new = state.copy()
        hands = list(state.hands)
        hands[seat] &= ~bit
        new.hands = tuple(hands)
        melds = list(state.knock_melds)
        melds[meld_number] = meld | bit
        new.knock_melds = tuple(melds)
        new.layoffs = state.layoffs + ((index, meld_number),)
        return new

    def _done(self, state, seat, args):
        if state.phase != LAYOFF:
            raise IllegalMove("'done' ends your layoffs after your opponent knocks.")
        hand = state.hands[seat]
        if not args:
            melds = best_melds(hand)
        elif args[0] == "melds":
            melds = _parse_melds(args[1:], hand, "in your hand")
        else:
            raise IllegalMove("Say 'done', or 'done melds' and your melds, like 'done melds 7C7D7H'.")
        new = state.copy()
        _finish_knock(new, melds)
        return new

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        own = state.hands[seat] if seat is not None else 0
        # After a knock the knocker's melds are on the table and their hand is deadwood.
        melds = best_melds(own) if own and seat != state.knocker else ()
        deadwood_cards = own & ~sum(melds)
        pile = state.discard_pile
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "to_move": list(self.to_move(state)),
            "turn": None if state.phase == OVER else state.turn,
            "dealer": state.dealer,
            "hand_number": state.hand_number,
            "hand": list(list_cards(own)) if seat is not None else [],
            "melds": [list(list_cards(meld)) for meld in melds],
            "deadwood": list(list_cards(deadwood_cards)),
            "deadwood_count": card_value(deadwood_cards) if seat is not None else None,
            "hand_counts": [hand.bit_count() for hand in state.hands],
            "stock_count": len(state.stock),
            "discard_pile": [LABELS[i] for i in pile],
            "discard_top": LABELS[pile[-1]] if pile else None,
            "up_card_passes": state.passes,
            "taken_from_discard": LABELS[state.taken.bit_length() - 1] if state.taken else None,
            # Per seat, the cards it took from the discard pile this hand and holds still: both saw it.
            "picked_up": [list(list_cards(picked)) for picked in state.picked],
            "knock_limit": state.knock_limit,
            "knock": _knock_view(state) if state.phase == LAYOFF else None,
            "last_hand": _decoded(state.last_hand),
            "scores": {
                "totals": list(state.totals),
                "boxes": list(state.boxes),
                "hands": [_record_view(record) for record in state.history],
                "final": _decoded(state.final),
            },
            "options": _options(state),
        }
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def describe_move(self, move, *, state=None):  # the move names its cards itself
        try:
            return self._describe(move.split())
        except (KeyError, IndexError, AttributeError):
            return str(move)

    def _describe(self, words):
        words = [word.lower() for word in words]
        verb = words[0] if words else ""

        def card(i):
            return card_name(_card_word(words[i]))

        if verb == "draw" and words[1:] == ["stock"]:
            return "draws from the stock"
        if verb in ("draw", "take"):
            return "takes the top card of the discard pile"
        if verb == "pass":
            return "passes on the up-card"
        if verb == "discard":
            return f"discards the {card(1)}"
        if verb == "knock":
            return f"knocks, discarding the {card(1)}"
        if verb == "big" or (verb == "gin" and (len(words) == 1 or words[1] == "melds")):
            return "goes big gin"
        if verb == "gin":
            return f"goes gin, discarding the {card(1)}"
        if verb == "layoff":
            return f"lays off the {card(1)} on meld {int(words[2]) + 1}"  # the board numbers melds from 1
        if verb == "done":
            return "is done laying off"
        raise KeyError(verb)

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return len(state.history)

    def outcome(self, state):
        scores = _decoded(state.final)["totals"] if state.final else list(state.totals)
        return {"scores": scores, "ranks": base.competition_ranks(scores, lower_is_better=False)}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        return {**dump_fields(state, FIELDS), "options": _options(state)}

    def load(self, data):
        options = self.resolve_options(data["options"])
        data = {"picked": [[], []], **data}  # stored before the cards taken up were kept
        state = load_fields(GinRummyState, data, FIELDS)
        state.knock_limit_option = options["knock_limit"]
        state.oklahoma = options["oklahoma"]
        state.target_score = options["target_score"]
        return state

    def known_cards(self, state, seat):
        data = self.dump(state)
        unseen = set(data["stock"])
        if data["phase"] not in (LAYOFF, OVER):  # after a knock both hands are on the table
            unseen = unseen.union(*(hand for other, hand in enumerate(data["hands"]) if other != seat))
        # Cards taken from the discard pile were face up, and both saw who took them.
        seen = base.cards_named([data["taken"], data["picked"], data["last_hand"]])
        return (set(standard_deck()) - unseen) | seen

    def hand_summary(self, state):
        last = _decoded(state.last_hand)
        if last is None:
            return None
        number = last["hand"]
        totals = list(state.totals)
        summary = {"hand": number, "title": f"Hand {number}", "columns": ["Deadwood", "Points", "Total"]}
        if last["result"] == "void":
            rows = [{"seat": seat, "note": "", "groups": [], "figures": [None, 0, totals[seat]]}
                    for seat in range(SEATS)]
            return summary | {"rows": rows, "line": "Void hand: the stock ran down to two cards with no "
                                                    "knock, so nobody scores."}
        knocker, winner, points = last["knocker"], last["winner"], last["points"]
        defender = 1 - knocker
        laid = {card for card, _ in last["layoffs"]}
        # The knocker's melds as knocked: the table's melds without what the defender laid off.
        knocked = [[card for card in meld if card not in laid] for meld in last["knock_melds"]]
        shown = last["hands"]
        groups = {knocker: [{"label": "Melds", "melds": knocked}],
                  defender: [{"label": "Melds", "melds": shown[defender]["melds"]}] if shown[defender]["melds"] else []}
        for target in sorted({meld for _, meld in last["layoffs"]}):
            cards = [card for card, meld in last["layoffs"] if meld == target]
            groups[defender].append({"label": f"Laid off on meld {target + 1}", "melds": [cards]})
        for seat in (knocker, defender):
            if shown[seat]["deadwood"]:
                groups[seat].append({"label": "Deadwood", "melds": [shown[seat]["deadwood"]]})
        notes = {knocker: KNOCKER_NOTES[last["result"]], defender: "undercut" if last["result"] == "undercut" else ""}
        rows = [{"seat": seat, "note": notes[seat], "groups": groups[seat],
                 "figures": [last["deadwood"][seat], points if seat == winner else 0, totals[seat]]}
                for seat in range(SEATS)]
        return summary | {"rows": rows, "line": _points_in_words(last)}


# -- the rules, on card masks -------------------------------------------------------------


RECORD_KEYS = ("hand", "dealer", "result", "winner", "points", "knocker", "deadwood")


def _record(hand, dealer, result, winner, points, knocker, deadwood):
    """One finished deal for the history: who dealt, how it ended, who won what."""
    return (hand, dealer, result, winner, points, knocker, None if deadwood is None else tuple(deadwood))


KNOCKER_NOTES = {KNOCK: "knocked", "undercut": "knocked", GIN: "went gin", BIG_GIN: "went big gin"}


def _points_in_words(last: dict[str, Any]) -> str:
    """How a hand's points were counted, as the scoring rules (``_finish_knock``) count them."""
    knocker_dw = last["deadwood"][last["knocker"]]
    defender_dw = last["deadwood"][1 - last["knocker"]]
    points = last["points"]
    if last["result"] == GIN:
        return f"Gin: {defender_dw} deadwood of the defender + {GIN_BONUS} gin bonus = {points}"
    if last["result"] == BIG_GIN:
        return f"Big gin: {defender_dw} deadwood of the defender + {BIG_GIN_BONUS} big gin bonus = {points}"
    if last["result"] == "undercut":
        difference = knocker_dw - defender_dw
        return (f"Undercut: {difference} deadwood difference ({knocker_dw} − {defender_dw}) "
                f"+ {UNDERCUT_BONUS} undercut bonus = {points}")
    return f"Knock: {points} deadwood difference ({defender_dw} − {knocker_dw}) = {points}"


def _record_view(record) -> dict[str, Any]:
    view = dict(zip(RECORD_KEYS, record, strict=True))
    if view["deadwood"] is not None:
        view["deadwood"] = list(view["deadwood"])
    return view


def _encoded(value) -> str | None:
    return None if value is None else json.dumps(value)


def _decoded(text: str | None):
    return None if text is None else json.loads(text)


LOW_MASK = Field(lambda mask: list(list_cards(mask)), hand_mask)
INDEXES = Field(lambda indexes: [LABELS[i] for i in indexes], lambda cards: tuple(INDEX[card] for card in cards))
FIELDS = {
    "seed": PLAIN,
    "hand_number": PLAIN,
    "dealer": PLAIN,
    "knock_limit": PLAIN,
    "phase": PLAIN,
    "turn": PLAIN,
    "passes": PLAIN,
    "stock_only": PLAIN,
    "taken": Field(lambda taken: LABELS[taken.bit_length() - 1] if taken else None,
                   lambda card: hand_mask([card]) if card else 0),
    "hands": each(LOW_MASK),
    "picked": each(LOW_MASK),
    "stock": INDEXES,
    "discard_pile": INDEXES,
    "knocker": PLAIN,
    "kind": PLAIN,
    "knock_melds": each(LOW_MASK),
    "layoffs": Field(lambda layoffs: [[LABELS[card], meld] for card, meld in layoffs],
                     lambda layoffs: tuple((INDEX[card], meld) for card, meld in layoffs)),
    "totals": TUPLE,
    "boxes": TUPLE,
    "history": Field(lambda history: [_record_view(record) for record in history],
                     lambda history: tuple(_record(**record) for record in history)),
    "last_hand": Field(_decoded, _encoded),
    "final": Field(_decoded, _encoded),
}


def _options(state) -> dict[str, Any]:
    return {
        "knock_limit": state.knock_limit_option,
        "oklahoma": state.oklahoma,
        "target_score": state.target_score,
    }


def _card_word(word: str) -> str:
    word = word.upper()
    if word.startswith("10"):
        word = "T" + word[2:]
    return word


def _one_card(args: list[str], verb: str) -> int:
    reason = f"Name one card after '{verb}', like '{verb} KH'."
    return INDEX[read_cards(args, count=1, reason=reason, spelling=_card_word)[0]]


def _parse_melds(words: list[str], hand: int, where: str) -> tuple[int, ...]:
    """Melds written as their cards run together (``3S4S5S``), checked against ``hand``."""
    melds = []
    used = 0
    for word in words:
        text = _card_word(word.replace("-", "").replace(",", "").replace("10", "T"))
        if not text:
            continue
        if len(text) % 2:
            raise IllegalMove(f"{word!r} is not a meld: write its cards together, like 3S4S5S.")
        meld = 0
        for i in range(0, len(text), 2):
            card = read_card(text[i : i + 2])
            bit = 1 << INDEX[card]
            if not hand & bit:
                raise IllegalMove(f"The {card_name(card)} is not {where}.")
            if (meld | used) & bit:
                raise IllegalMove(f"The {card_name(card)} is named twice: a card belongs to one meld.")
            meld |= bit
        if not is_meld(meld):
            raise IllegalMove(
                f"{''.join(list_cards(meld))} is not a meld: a set is 3 or 4 cards of a rank, "
                "a run 3 or more cards of a suit in sequence (aces low)."
            )
        melds.append(meld)
        used |= meld
    if not melds:
        raise IllegalMove("Name your melds after 'melds', like 'melds 3S4S5S 7C7D7H'.")
    return tuple(sorted(melds, key=meld_order))


def _points_left(points: int, rule: str) -> str:
    return f"{rule}: that arrangement leaves {points} points of deadwood."


def _deal(state: GinRummyState, hand_number: int, dealer: int, deck: list[str] | None) -> None:
    """Start deal ``hand_number`` on ``state`` (a fresh copy the caller owns)."""
    if deck is None:
        deck = shuffled(standard_deck(), state.seed, label=f"gin_rummy:hand:{hand_number}")
    order = [INDEX[card] for card in deck]
    non_dealer = 1 - dealer
    hands = [0, 0]
    for i in range(2 * HAND_SIZE):
        hands[(non_dealer + i) % 2] |= 1 << order[i]
    up_card = order[2 * HAND_SIZE]
    state.hand_number = hand_number
    state.dealer = dealer
    state.hands = tuple(hands)
    state.discard_pile = (up_card,)
    state.stock = tuple(order[2 * HAND_SIZE + 1 :])
    limit = state.knock_limit_option
    if state.oklahoma:
        limit = 0 if up_card % 13 == 0 else min(limit, VALUE[up_card])
    state.knock_limit = limit
    state.phase = OFFER
    state.turn = non_dealer
    state.passes = 0
    state.stock_only = False
    state.taken = 0
    state.picked = (0, 0)
    state.knocker = -1
    state.kind = ""
    state.knock_melds = ()
    state.layoffs = ()


def _drew_stock(state: GinRummyState, seat: int) -> GinRummyState:
    # With _discarded, the moves of every turn: state.copy() inlined.
    new = GinRummyState.__new__(GinRummyState)
    new.__dict__.update(state.__dict__)
    hands = list(state.hands)
    hands[seat] |= 1 << state.stock[0]
    new.hands = tuple(hands)
    new.stock = state.stock[1:]
    new.phase = DISCARD
    new.stock_only = False
    new.taken = 0
    return new


def _took_discard(state: GinRummyState, seat: int) -> GinRummyState:
    new = state.copy()
    card = state.discard_pile[-1]
    hands = list(state.hands)
    hands[seat] |= 1 << card
    new.hands = tuple(hands)
    new.discard_pile = state.discard_pile[:-1]
    new.phase = DISCARD
    new.taken = 1 << card
    picked = list(state.picked)
    picked[seat] |= 1 << card
    new.picked = tuple(picked)
    return new


def _discarded(state: GinRummyState, seat: int, index: int) -> GinRummyState:
    new = GinRummyState.__new__(GinRummyState)
    new.__dict__.update(state.__dict__)
    hands = list(state.hands)
    hands[seat] &= ~(1 << index)
    new.hands = tuple(hands)
    new.discard_pile = state.discard_pile + (index,)
    new.taken = 0
    new.picked = _let_go(state.picked, seat, index)
    if len(state.stock) <= WALL:
        record = _record(state.hand_number, state.dealer, "void", None, 0, None, None)
        new.history = state.history + (record,)
        new.last_hand = _encoded(dict(_record_view(record), knock_melds=[], layoffs=[], hands=None))
        _deal(new, state.hand_number + 1, state.dealer, None)
        return new
    new.phase = DRAW
    new.turn = 1 - seat
    return new


def _let_go(picked: tuple[int, int], seat: int, index: int) -> tuple[int, int]:
    """The cards each seat took from the pile and holds, once ``seat`` has discarded ``index``."""
    if not picked[seat] >> index & 1:
        return picked
    kept = list(picked)
    kept[seat] &= ~(1 << index)
    return tuple(kept)


def _finish_knock(state: GinRummyState, defender_melds: tuple[int, ...]) -> None:
    """Score the knock on ``state`` (a copy the caller owns), then deal or end the match."""
    knocker = state.knocker
    defender = 1 - knocker
    knocker_points = card_value(state.hands[knocker])
    defender_left = state.hands[defender] & ~sum(defender_melds)
    defender_points = card_value(defender_left)
    if state.kind == GIN:
        winner, points, result = knocker, defender_points + GIN_BONUS, GIN
    elif state.kind == BIG_GIN:
        winner, points, result = knocker, defender_points + BIG_GIN_BONUS, BIG_GIN
    elif defender_points <= knocker_points:
        winner, points, result = defender, knocker_points - defender_points + UNDERCUT_BONUS, "undercut"
    else:
        winner, points, result = knocker, defender_points - knocker_points, KNOCK
    deadwoods = [0, 0]
    deadwoods[knocker], deadwoods[defender] = knocker_points, defender_points
    record = _record(state.hand_number, state.dealer, result, winner, points, knocker, deadwoods)
    shown = [None, None]
    shown[knocker] = {"melds": [], "deadwood": list(list_cards(state.hands[knocker]))}
    shown[defender] = {
        "melds": [list(list_cards(meld)) for meld in defender_melds],
        "deadwood": list(list_cards(defender_left)),
    }
    state.history = state.history + (record,)
    state.last_hand = _encoded(
        dict(
            _record_view(record),
            knock_melds=[list(list_cards(meld)) for meld in state.knock_melds],
            layoffs=[[LABELS[card], meld] for card, meld in state.layoffs],
            hands=shown,
        )
    )
    totals = list(state.totals)
    totals[winner] += points
    boxes = list(state.boxes)
    boxes[winner] += 1
    state.totals = tuple(totals)
    state.boxes = tuple(boxes)
    if totals[winner] >= state.target_score:
        _finish_match(state, winner)
        return
    _deal(state, state.hand_number + 1, winner, None)


def _finish_match(state: GinRummyState, winner: int) -> None:
    game_bonus = [0, 0]
    game_bonus[winner] = GAME_BONUS
    box_points = [BOX * boxes for boxes in state.boxes]
    shutout = state.boxes[1 - winner] == 0
    totals = [state.totals[s] + game_bonus[s] + box_points[s] for s in range(SEATS)]
    if shutout:
        totals[winner] *= 2
    state.final = _encoded(
        {
            "winner": winner,
            "points": list(state.totals),
            "game_bonus": game_bonus,
            "boxes": box_points,
            "shutout": shutout,
            "totals": totals,
        }
    )
    state.phase = OVER


def _knock_view(state: GinRummyState) -> dict[str, Any]:
    knocker = state.knocker
    defender = 1 - knocker
    hand = state.hands[defender]
    melds = best_melds(hand)
    left = hand & ~sum(melds)
    return {
        "knocker": knocker,
        "kind": state.kind,
        "melds": [list(list_cards(meld)) for meld in state.knock_melds],
        "deadwood": list(list_cards(state.hands[knocker])),
        "deadwood_count": card_value(state.hands[knocker]),
        "layoffs": [[LABELS[card], meld] for card, meld in state.layoffs],
        "defender": {
            "seat": defender,
            "melds": [list(list_cards(meld)) for meld in melds],
            "deadwood": list(list_cards(left)),
            "deadwood_count": card_value(left),
        },
    }


ENGINE = GinRummy()
