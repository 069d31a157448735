"""Klondike solitaire, as cardgames.io plays it (the house rules of seed 001), with the
Windows scores as an option.

One player (seat 0), 52 cards. The deck (``shuffled(standard_deck(), seed,
label="klondike")``, or a given ``deck`` listed top first) is dealt row by row, left to
right: the first row one card to each of the seven piles ``t0``..``t6``, the next row one
card to each of ``t1``..``t6``, and so on, so pile ``tN`` holds ``N + 1`` cards, its top
one face up. The other 24 cards are the stock, face down, in deck order (top first). A
deal number ("Game #1234") is turned into a seed by the site, through its deal secret.

Rules
- ``draw`` turns 1 or 3 cards (option ``draw``) from the stock onto the waste, one at a
  time, so the last one turned is the waste's top; fewer when fewer are left. On an empty
  stock it turns the whole waste over to be the stock again, in its first order; that
  starts a new pass through the stock. Option ``passes``: ``"unlimited"`` (default), or
  1 or 3 passes in all (1 means the waste is never turned over).
- The top card of the waste may go to a foundation or onto a tableau pile.
- Foundations (``fC fD fH fS``) are built up by suit from ace to king.
- A face-up card, with every card on it, may move onto a tableau pile whose top card is
  one rank higher and of the other colour; only a king, or a run headed by one, may go to
  an empty pile. The top card of a pile may go to its foundation.
- The top card of a foundation may come back onto the tableau (the house allows it).
- ``flip tN`` turns up the top card of a pile when it is face down. With ``auto_flip``
  (default on) that happens by itself as part of the move that exposed it.
- With ``auto_finish`` (default on), once the stock and the waste are empty and every
  tableau card is face up, the move that got there also puts every remaining card on the
  foundations: the game is won.
- ``undo`` takes back the last move that was not an undo, as often as you like, and
  restores that earlier position exactly (stock, waste, passes, score); ``moves`` counts
  the moves made, so an undo takes one back, and ``undos`` counts the undos.
- The game is won, and over, when all 52 cards are on the foundations. A stuck game is
  not over: the player abandons it (there is always ``undo`` after the first move).

Scoring (option ``scoring``)
- ``none`` (default): no points; the outcome scores 1 for a win, else 0.
- ``standard`` (Windows): +10 a card to a foundation (waste, tableau or auto finish),
  +5 waste to tableau, +5 a tableau card turned up, -15 a card from a foundation back to
  the tableau; turning the waste over costs -100 each time in draw 1 (every pass after
  the first) and -20 in draw 3 for every pass after the third (the Windows rule). The
  score never goes below 0, as in Windows; there is no time bonus.
- ``vegas``: -52 to start, +5 a card to a foundation, -5 a card back from one.

Option ``winnable_only`` (default False) changes nothing here: the site keeps it and,
when it is on, picks seeds its solver proved winnable (``games.catalogue.klondike.solver``).

Moves (piles ``stock``, ``waste``, ``t0``..``t6``, foundations ``fC fD fH fS``)
- ``draw``
- ``move waste tN``, ``move waste fX``: the waste's top card.
- ``move tN tM K``: the top ``K`` cards of pile N (all face up) onto pile M.
- ``move tN fX``: the top card of pile N to its foundation.
- ``move fX tN``: the top card of a foundation back onto pile N.
- ``flip tN``, ``undo``.
``apply`` also takes lower case (``move waste fh``), extra spaces, ``f`` alone for the
card's own foundation, and ``move tN tM`` without a count (the one run that fits).

The view: ``tableau`` (seven columns, bottom up, face-down cards as ``??``),
``foundations`` (suit -> top card or None), ``stock_count``, ``waste`` (the visible
waste cards, bottom to top, the last one playable: the top card in draw 1, the top three,
fanned, in draw 3), ``waste_count``, ``moves``, ``undos``, ``passes`` (times the waste has
been turned over), ``passes_left`` (None when unlimited), ``score``, ``won``,
``options``, ``to_move``, and ``hand`` (empty: the contract's key; solitaire has no hand).
Nobody, the player included, sees face-down cards or the stock's order.
"""

from __future__ import annotations

from games.kit import engine as base
from games.kit.cards import RANKS, SUITS, card_name, checked_deck, shuffled, standard_deck
from games.kit.engine import IllegalMove
from games.kit.moves import read_move, read_number
from games.kit.patience import Undo
from games.kit.piles import (
    drawn,
    fits_on,
    foundation_takes,
    foundation_top,
    foundation_tops,
    moved_run,
    rank_value,
    turned_over,
)
from games.kit.state import GameState

PILES = 7
FACE_DOWN = "??"
PILE_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")
UNLIMITED = "unlimited"
VERBS = {"undo": (0,), "draw": (0,), "flip": (1,), "move": (2, 3)}

# Windows standard scores.
TO_FOUNDATION = 10
WASTE_TO_TABLEAU = 5
TURN_UP = 5
FROM_FOUNDATION = -15
VEGAS_START = -52
VEGAS_CARD = 5


def pile_name(index: int) -> str:
    return f"t{index}"


# What undo restores: the piles, then everything else but the seed, the options and the counters.
UNDO = Undo(piles=tuple(pile_name(index) for index in range(PILES)) + ("stock", "waste"),
            values=("face_down", "foundations", "passes", "score"))


class KlondikeState(GameState):
    """One moment of a game. Treat as immutable: the engine builds a new one per move.

    ``tableau`` holds seven tuples of cards, bottom up, the first ``face_down[n]`` of
    pile n face down; ``stock`` is top first; ``waste`` bottom first (its top is last);
    ``foundations`` counts the cards up per suit in ``CDHS`` order. ``history`` holds what
    ``undo`` goes back to, oldest first: each earlier board (see ``_board``) as what differs
    from the board after it (``UNDO.difference``, see ``games.kit.patience``).
    """

    def __repr__(self) -> str:
        return f"<KlondikeState move {self.moves}{' won' if _won(self) else ''}>"


def _board(state: KlondikeState) -> tuple:
    """What undo restores, laid out as ``UNDO`` names it."""
    return (*state.tableau, state.stock, state.waste, state.face_down, state.foundations,
            state.passes, state.score)


def _won(state: KlondikeState) -> bool:
    return sum(state.foundations) == 52


class _Table:
    """A working copy of a board that one move changes, then freezes into a new state."""

    def __init__(self, state: KlondikeState) -> None:
        self.options = state.options
        # Piles stay tuples: a pile the move leaves alone is the same object in the new state.
        self.tableau = list(state.tableau)
        self.face_down = list(state.face_down)
        self.stock = state.stock
        self.waste = state.waste
        self.foundations = list(state.foundations)
        self.passes = state.passes
        self.score = state.score

    def add_score(self, points: int) -> None:
        scoring = self.options["scoring"]
        if scoring == "standard":
            self.score = max(0, self.score + points)
        elif scoring == "vegas":
            self.score += points

    def to_foundation(self, card: str) -> None:
        self.foundations[SUITS.index(card[1])] += 1
        self.add_score(TO_FOUNDATION if self.options["scoring"] == "standard" else VEGAS_CARD)

    def top_up(self, index: int) -> None:
        """Turn up the top card of pile ``index`` if it is face down."""
        pile = self.tableau[index]
        if pile and self.face_down[index] == len(pile):
            self.face_down[index] -= 1
            self.add_score(TURN_UP)

    def finish_if_open(self) -> None:
        if self.stock or self.waste or any(self.face_down):
            return
        # Lowest cards first, so every card lands on its own foundation in order.
        rest = sorted((card for pile in self.tableau for card in pile), key=rank_value)
        for card in rest:
            self.to_foundation(card)
        self.tableau = [() for _ in range(PILES)]

    def freeze(self, state: KlondikeState) -> KlondikeState:
        new = KlondikeState.__new__(KlondikeState)
        new.__dict__.update(state.__dict__)
        new.tableau = tuple(self.tableau)
        new.face_down = tuple(self.face_down)
        new.stock = self.stock
        new.waste = self.waste
        new.foundations = tuple(self.foundations)
        new.passes = self.passes
        new.score = self.score
        new.moves = state.moves + 1
        new.history = state.history + (UNDO.difference(_board(state), _board(new)),)
        return new


class Klondike(base.Engine):
    slug = "klondike"
    name = "Klondike"
    min_players = 1
    max_players = 1
    deal_numbers = range(1, 2**31)  # "Game #1234", through the site's deal secret
    dealing = ("The 52 cards in canonical order are shuffled with the label klondike. They are dealt row "
               "by row: one card to each of the seven piles, then one to each of piles 2 to 7, and so on; "
               "the top card of each pile is face up. The other 24 cards are the stock, top first.")
    winnability_options = ("draw", "passes")
    options = {
        "draw": (1, (1, 3)),
        "passes": (UNLIMITED, (UNLIMITED, 1, 3)),
        "scoring": ("none", ("none", "standard", "vegas")),
        "auto_flip": (True, (True, False)),
        "auto_finish": (True, (True, False)),
        "winnable_only": (False, (False, True)),
    }

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        if deck is None:
            deck = shuffled(standard_deck(), str(seed), label="klondike")
        else:
            deck = checked_deck(deck)
        piles: list[list[str]] = [[] for _ in range(PILES)]
        position = 0
        for row in range(PILES):
            for index in range(row, PILES):
                piles[index].append(deck[position])
                position += 1
        state = KlondikeState.__new__(KlondikeState)
        state.seed = str(seed)
        state.options = options
        state.tableau = tuple(tuple(pile) for pile in piles)
        state.face_down = tuple(range(PILES))
        state.stock = tuple(deck[position:])
        state.waste = ()
        state.foundations = (0, 0, 0, 0)
        state.passes = 0
        state.score = VEGAS_START if options["scoring"] == "vegas" else 0
        state.moves = 0
        state.undos = 0
        state.history = ()
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        return () if _won(state) else (0,)

    def legal_moves(self, state, seat):
        if seat != 0 or _won(state):
            return []
        moves = []
        if _may_draw(state) is None:
            moves.append("draw")
        tops = [_top(state, index) for index in range(PILES)]
        if state.waste:
            card = state.waste[-1]
            if foundation_takes(state.foundations, card):
                moves.append(f"move waste f{card[1]}")
            moves += [f"move waste {pile_name(i)}" for i in range(PILES) if _pile_takes(state, i, card)]
        for index in range(PILES):
            if tops[index] and foundation_takes(state.foundations, tops[index]):
                moves.append(f"move {pile_name(index)} f{tops[index][1]}")
        for index in range(PILES):
            pile = state.tableau[index]
            for count in range(1, len(pile) - state.face_down[index] + 1):
                head = pile[-count]
                for to in range(PILES):
                    if to != index and _pile_takes(state, to, head):
                        moves.append(f"move {pile_name(index)} {pile_name(to)} {count}")
        for suit in SUITS:
            card = foundation_top(state.foundations, suit)
            if card:
                moves += [f"move f{suit} {pile_name(i)}" for i in range(PILES) if _pile_takes(state, i, card)]
        for index in range(PILES):
            pile = state.tableau[index]
            if pile and state.face_down[index] == len(pile):
                moves.append(f"flip {pile_name(index)}")
        if state.history:
            moves.append("undo")
        return moves

    def apply(self, state, seat, move):
        if not isinstance(move, str):
            raise IllegalMove(f"{move!r} is not a move: send text like 'draw' or 'move waste t3'.")
        if seat != 0:
            raise IllegalMove("Klondike is played alone, from seat 0.")
        if _won(state):
            raise IllegalMove("The game is won: there is nothing left to play.")
        verb, args = read_move(move, VERBS, example="draw", unknown=(
            "{move!r} is not a Klondike move: use 'draw', 'move waste t3', 'move t2 t5 3', "
            "'move t4 fS', 'move fS t2', 'flip t3' or 'undo'."
        ))
        if verb == "undo":
            return _undone(state)
        if verb == "draw":
            reason = _may_draw(state)
            if reason:
                raise IllegalMove(reason)
            table = _Table(state)
            _draw(table, state)
        elif verb == "flip":
            index = _pile_index(args[0])
            pile = state.tableau[index]
            if not pile:
                raise IllegalMove(f"The {PILE_WORDS[index]} pile is empty.")
            if state.face_down[index] < len(pile):
                raise IllegalMove(f"The top card of the {PILE_WORDS[index]} pile is already face up.")
            table = _Table(state)
            table.top_up(index)
        else:  # move
            table = _moved(state, args)
        if state.options["auto_finish"]:
            table.finish_if_open()
        return table.freeze(state)

    # -- what the player may know -------------------------------------------------------

    def view(self, state, seat):
        waste_shown = 3 if state.options["draw"] == 3 else 1
        passes = state.options["passes"]
        return {
            "hand": [],
            "tableau": [
                [FACE_DOWN] * state.face_down[index] + list(pile[state.face_down[index]:])
                for index, pile in enumerate(state.tableau)
            ],
            "foundations": foundation_tops(state.foundations),
            "stock_count": len(state.stock),
            "waste": list(state.waste[-waste_shown:]),
            "waste_count": len(state.waste),
            "moves": state.moves,
            "undos": state.undos,
            "passes": state.passes,
            "passes_left": None if passes == UNLIMITED else max(0, passes - 1 - state.passes),
            "score": state.score,
            "won": _won(state),
            "options": dict(state.options),
            "to_move": list(self.to_move(state)),
        }

    def describe_move(self, move, *, state=None):
        """The move in words. Given the state before it, names the cards it moves and any it
        turns up (all face up once the move is made), as a player sees them."""
        if state is not None:
            try:
                return _told(state, move)
            except IllegalMove:
                pass  # a move that cannot be made from there: words from the move alone
        words = move.lower().split()
        if not words:
            return "makes no move"
        if words[0] == "draw":
            return "draws from the stock"
        if words[0] == "undo":
            return "takes back the last move"
        if words[0] == "flip" and len(words) == 2:
            return f"turns up the top card of the {_place_words(words[1])}"
        if words[0] == "move" and len(words) >= 3:
            source, target = _place_words(words[1]), _place_words(words[2])
            if len(words) == 4 and words[3] != "1":
                return f"moves {words[3]} cards from the {source} to the {target}"
            if words[1] == "waste":
                return f"moves the top card of the waste to the {target}"
            return f"moves the top card of the {source} to the {target}"
        return f"plays {move}"

    def is_over(self, state):
        return _won(state)

    def hands_played(self, state):
        return 1 if _won(state) else 0

    def result_facts(self, state):
        return {"moves": state.moves, "undos": state.undos, "variant": f"draw {state.options['draw']}"}

    def outcome(self, state):
        if state.options["scoring"] == "none":
            score = 1 if _won(state) else 0
        else:
            score = state.score
        return {"scores": [score], "ranks": [1]}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        return {
            "seed": state.seed,
            "options": dict(state.options),
            "tableau": [list(pile) for pile in state.tableau],
            "face_down": list(state.face_down),
            "stock": list(state.stock),
            "waste": list(state.waste),
            "foundations": list(state.foundations),
            "passes": state.passes,
            "score": state.score,
            "moves": state.moves,
            "undos": state.undos,
            "history": list(state.history),
        }

    def load(self, data):
        state = KlondikeState.blank()
        state.seed = data["seed"]
        state.options = self.resolve_options(data["options"])
        state.tableau = tuple(tuple(pile) for pile in data["tableau"])
        state.face_down = tuple(data["face_down"])
        state.stock = tuple(data["stock"])
        state.waste = tuple(data["waste"])
        state.foundations = tuple(data["foundations"])
        state.passes = data["passes"]
        state.score = data["score"]
        state.moves = data["moves"]
        state.undos = data["undos"]
        state.history = tuple(data["history"])
        return state

    def known_cards(self, state, seat):
        data = self.dump(state)
        face_down = {card for pile, down in zip(data["tableau"], data["face_down"], strict=True)
                     for card in pile[:down]}
        return set(standard_deck()) - set(data["stock"]) - face_down


# -- the rules ------------------------------------------------------------------------------


def _top(state: KlondikeState, index: int) -> str | None:
    """The top card of a pile when it is face up."""
    pile = state.tableau[index]
    if pile and state.face_down[index] < len(pile):
        return pile[-1]
    return None


def _pile_takes(state: KlondikeState, index: int, card: str) -> bool:
    pile = state.tableau[index]
    if not pile:
        return card[0] == "K"
    top = _top(state, index)
    return top is not None and fits_on(card, top)


def _may_draw(state: KlondikeState) -> str | None:
    """Why ``draw`` is refused now, or None when it is allowed."""
    if state.stock:
        return None
    if not state.waste:
        return "The stock and the waste are both empty: there is nothing to draw."
    limit = state.options["passes"]
    if limit != UNLIMITED and state.passes + 1 >= limit:
        times = "once" if limit == 1 else f"{limit} times"
        return f"The stock is empty and this game allows going through it only {times}."
    return None


def _draw(table: _Table, state: KlondikeState) -> None:
    if table.stock:
        table.stock, table.waste = drawn(table.stock, table.waste, state.options["draw"])
        return
    table.stock, table.waste = turned_over(table.waste)
    table.passes += 1
    if table.options["scoring"] == "standard":
        if state.options["draw"] == 1:
            table.add_score(-100)
        elif table.passes >= 3:
            table.add_score(-20)


def _undone(state: KlondikeState) -> KlondikeState:
    if not state.history:
        raise IllegalMove("There is no move to undo.")
    new = KlondikeState.__new__(KlondikeState)
    new.__dict__.update(state.__dict__)
    board = UNDO.restored(_board(state), state.history[-1])
    new.tableau = board[:PILES]
    new.stock, new.waste, new.face_down, new.foundations, new.passes, new.score = board[PILES:]
    new.history = state.history[:-1]
    new.moves = state.moves - 1  # the move taken back is no longer one made
    new.undos = state.undos + 1
    return new


def _told(state: KlondikeState, move: str) -> str:
    """The move from ``state`` in words naming its cards; IllegalMove if it cannot be made."""
    verb, args = read_move(move, VERBS, example="draw", unknown="{move!r} is not a Klondike move.")
    if verb == "undo":
        return "takes back the last move"
    if verb == "draw":
        if not state.stock:
            return "turns the waste over"
        after = ENGINE.apply(state, 0, move)
        return f"draws: the {card_name(after.waste[-1])} comes up"
    if verb == "flip":
        index = _pile_index(args[0])
        after = ENGINE.apply(state, 0, move)
        return f"turns up the {card_name(after.tableau[index][-1])} on the {PILE_WORDS[index]} pile"
    table = _moved(state, args)
    source, target = args[0], args[1]
    if source == "waste":
        moved = [state.waste[-1]]
    elif _is_foundation(source):
        moved = [foundation_top(state.foundations, source[1].upper())]
    else:
        index = _pile_index(source)
        moved = list(state.tableau[index][len(table.tableau[index]):])
    where = _place_words("f" + moved[0][1] if target == "f" else target)
    if len(moved) == 1:
        words = f"moves the {card_name(moved[0])} to the {where}"
    else:
        words = (f"moves {len(moved)} cards, the {card_name(moved[0])} down to the "
                 f"{card_name(moved[-1])}, to the {where}")
    if source[0] == "t":
        index = _pile_index(source)
        if table.face_down[index] < state.face_down[index]:
            words += f", turning up the {card_name(table.tableau[index][-1])}"
    if state.options["auto_finish"] and not _won(state) and _won(ENGINE.apply(state, 0, move)) \
            and any(table.tableau):
        words += ", and every other card goes up to its foundation"
    return words


def _pile_index(word: str) -> int:
    if len(word) == 2 and word[0] == "t" and word[1] in "0123456":
        return int(word[1])
    raise IllegalMove(f"{word!r} is not a tableau pile: they are t0 to t6.")


def _place_words(word: str) -> str:
    if word == "waste":
        return "waste"
    if len(word) == 2 and word[0] == "t" and word[1] in "0123456":
        return f"{PILE_WORDS[int(word[1])]} pile"
    if len(word) == 2 and word[0] == "f" and word[1].upper() in SUITS:
        return f"{card_name('A' + word[1].upper()).split(' of ')[1]} foundation"
    if word == "f":
        return "foundation"
    return word


def _foundation_suit(word: str, card: str) -> str:
    """The suit of foundation ``word`` (``f`` alone: the card's own), checked against ``card``."""
    if word == "f":
        return card[1]
    suit = word[1].upper()
    if suit != card[1]:
        raise IllegalMove(f"The {card_name(card)} goes on the {_place_words('f' + card[1])}, "
                          f"not the {_place_words(word)}.")
    return suit


def _check_fits_foundation(state: KlondikeState, card: str) -> None:
    if not foundation_takes(state.foundations, card):
        have = state.foundations[SUITS.index(card[1])]
        if have == 0:
            needed = f"the ace of {card_name(card).split(' of ')[1]}"
        else:
            needed = f"the {card_name(RANKS[have] + card[1])}"
        raise IllegalMove(f"The {card_name(card)} cannot go up yet: {needed} must go first.")


def _check_fits_pile(state: KlondikeState, index: int, card: str) -> None:
    pile = state.tableau[index]
    if not pile:
        if card[0] != "K":
            raise IllegalMove("Only a king, or a run headed by one, may go to an empty pile.")
        return
    top = _top(state, index)
    if top is None:
        raise IllegalMove(f"The top card of the {PILE_WORDS[index]} pile is face down: turn it up first.")
    if not fits_on(card, top):
        raise IllegalMove(
            f"The {card_name(card)} cannot go on the {card_name(top)}: a card goes on one a rank "
            "higher of the other colour."
        )


def _is_foundation(word: str) -> bool:
    return word == "f" or (len(word) == 2 and word[0] == "f" and word[1].upper() in SUITS)


def _moved(state: KlondikeState, args: list[str]) -> _Table:
    source, target = args[0], args[1]
    count_word = args[2] if len(args) == 3 else None
    if source == "stock":
        raise IllegalMove("Cards leave the stock only by 'draw'.")
    if target in ("stock", "waste"):
        raise IllegalMove(f"No card may be moved to the {target}.")
    if source == "waste":
        if count_word not in (None, "1"):
            raise IllegalMove("Only the top card of the waste may be moved.")
        if not state.waste:
            raise IllegalMove("The waste is empty: draw from the stock.")
        card = state.waste[-1]
        table = _Table(state)
        if _is_foundation(target):
            _foundation_suit(target, card)
            _check_fits_foundation(state, card)
            table.waste = table.waste[:-1]
            table.to_foundation(card)
        else:
            index = _pile_index(target)
            _check_fits_pile(state, index, card)
            table.waste = table.waste[:-1]
            table.tableau[index] += (card,)
            table.add_score(WASTE_TO_TABLEAU)
        return table
    if _is_foundation(source):
        if source == "f":
            raise IllegalMove("Name the foundation the card leaves: fC, fD, fH or fS.")
        if count_word not in (None, "1"):
            raise IllegalMove("Only the top card of a foundation may be moved.")
        suit = source[1].upper()
        card = foundation_top(state.foundations, suit)
        if card is None:
            raise IllegalMove(f"The {_place_words(source)} is empty.")
        if _is_foundation(target):
            raise IllegalMove("A card may not move from one foundation to another.")
        index = _pile_index(target)
        _check_fits_pile(state, index, card)
        table = _Table(state)
        table.foundations[SUITS.index(suit)] -= 1
        table.tableau[index] += (card,)
        table.add_score(FROM_FOUNDATION if state.options["scoring"] == "standard" else -VEGAS_CARD)
        return table
    index = _pile_index(source)
    pile = state.tableau[index]
    face_up = len(pile) - state.face_down[index]
    if not pile:
        raise IllegalMove(f"The {PILE_WORDS[index]} pile is empty.")
    if not face_up:
        raise IllegalMove(f"The top card of the {PILE_WORDS[index]} pile is face down: turn it up first.")
    if _is_foundation(target):
        if count_word not in (None, "1"):
            raise IllegalMove("Cards go to a foundation one at a time.")
        card = pile[-1]
        _foundation_suit(target, card)
        _check_fits_foundation(state, card)
        table = _Table(state)
        table.tableau[index] = pile[:-1]
        table.to_foundation(card)
        _exposed(table, state, index)
        return table
    to = _pile_index(target)
    if to == index:
        raise IllegalMove("The cards are on that pile already.")
    if count_word is None:
        count = next((n for n in range(1, face_up + 1) if _pile_takes(state, to, pile[-n])), None)
        if count is None:
            raise IllegalMove(f"No face-up run of the {PILE_WORDS[index]} pile fits on the "
                              f"{PILE_WORDS[to]} pile.")
    else:
        count = read_number(count_word, lowest=1, reason=f"{count_word!r} is not a number of cards.")
        if count > face_up:
            raise IllegalMove(f"The {PILE_WORDS[index]} pile has only {face_up} face-up "
                              f"card{'s' if face_up != 1 else ''}.")
    _check_fits_pile(state, to, pile[-count])
    table = _Table(state)
    moved_run(table.tableau, index, to, count)
    _exposed(table, state, index)
    return table


def _exposed(table: _Table, state: KlondikeState, index: int) -> None:
    if state.options["auto_flip"]:
        table.top_up(index)


ENGINE = Klondike()
