"""FreeCell, as Microsoft Windows deals and plays it. One player, seat 0.

The deal
- The seed is a Microsoft deal number, ``1`` to ``2**31 - 1`` as decimal text (Windows
  offers 1 to 1,000,000; every number up to ``2**31 - 1`` runs the same generator, so the
  numbers beyond are the ones FreeCell Pro and the online archives call by the same
  name). Anything else is refused with ValueError. Deal ``n`` is Microsoft's: the deck
  ``AC AD AH AS 2C 2D ... KS`` (rank-major, suits clubs, diamonds, hearts, spades) is drawn
  from 52 times with the C runtime generator seeded with ``n``
  (``seed = seed * 214013 + 2531011 mod 2**31``, ``rand = seed >> 16``): draw ``i`` takes
  the card at ``rand % left`` and moves the last undrawn card into its place. The cards
  are dealt in drawing order, row by row, left to right: card ``i`` to column ``i % 8``.
  Deal 1 begins ``JD 2D 9H JC 5D 7H 7C 5H``.
- ``deck`` (top first, 52 cards) replaces the deal and is dealt the same way; the game
  then has no deal number (``deal`` is None).
- Nothing goes to the foundations at the deal: the layout is exactly Microsoft's.

Rules
- Eight columns ``t0``..``t7`` (built down in alternating colours), four free cells
  ``c0``..``c3`` (one card each), four foundations ``fC fD fH fS`` (built up by suit from
  the ace). Only the top card of a column or a free cell's card may move; cards never
  come back from the foundations. Any card may go to an empty column.
- A run (the top cards of a column, descending in alternating colours) moves as a unit
  when ``(empty free cells + 1) * 2 ** (empty columns other than the target) >= its
  length``: what moving it a card at a time through the free cells and empty columns
  would allow (a "supermove").
- Option ``auto_foundation`` (default True): after each move, every card that is safe
  goes up to its foundation by itself, as part of that move. A card is safe when its
  rank is 2 or less, or both foundations of the other colour already hold the card one
  rank below it (nothing on the table could still want to be placed on it).
- ``undo`` takes back the last move (with the cards that went up by themselves after it),
  as often as there are moves to take back. It restores the cards exactly; ``moves``
  counts the moves made, so an undo takes one back, and it adds one to ``undos``.
- The game is won when all 52 cards are on the foundations; there is no losing state
  (a player who is stuck abandons). Score 1 for a win, 0 otherwise.
- Option ``winnable_only`` (default False) is stored and shown, never used here: the site
  reads it when choosing a deal number, to offer only deals a solver has won
  (``games.catalogue.freecell.solver``; in 1..32000 only deal 11982 cannot be won).

Moves (places lower case, foundations by suit letter)
- ``move t3 c0``: the top card of column 4 to free cell 1 (which must be empty).
- ``move c2 t5``, ``move t3 t5``: one card onto a column.
- ``move t3 fH``, ``move c1 fS``: one card to its foundation.
- ``move t1 t6 4``: a run of 4 cards from column 2 to column 7. The count is written only
  when it is above 1.
- ``undo``.
``legal_moves`` lists every legal move in that form (``undo`` only when there is something
to take back). ``apply`` also takes other spellings of the same move: any letter case,
``move t1 t6 1``, ``move t3 f`` (the card's own foundation), ``move t3 c`` (the first empty
free cell), and ``move t1 t6`` onto a non-empty column, where only one run length fits.
In words (``describe_move``) places count from 1: ``t0`` is column 1, ``c0`` free cell 1.
"""

from __future__ import annotations

from typing import Any

from games.kit import engine as base
from games.kit.cards import RANKS, SUIT_WORDS, SUITS, card_name, checked_deck, standard_deck
from games.kit.engine import IllegalMove
from games.kit.moves import read_move, read_number, whole_number
from games.kit.patience import Undo
from games.kit.piles import RANK_VALUE, fits_on, foundation_takes, foundation_tops, moved_run, run_length
from games.kit.state import GameState

COLUMNS = 8
CELLS = 4
MAX_DEAL = 2**31 - 1
OPPOSITE = {"C": "DH", "S": "DH", "D": "CS", "H": "CS"}


def microsoft_deck(deal: int) -> list[str]:
    """The 52 cards of Microsoft deal ``deal`` in dealing order (card ``i`` to column ``i % 8``)."""
    seed = deal
    deck = list(range(52))  # card k: rank k // 4, suit k % 4 (clubs, diamonds, hearts, spades)
    order = []
    for left in range(52, 0, -1):
        seed = (seed * 214013 + 2531011) & 0x7FFFFFFF
        j = (seed >> 16) % left
        order.append(deck[j])
        deck[j] = deck[left - 1]
    return [RANKS[k // 4] + SUITS[k % 4] for k in order]


def parse_deal(seed: Any) -> int:
    """The deal number a seed names; ValueError for anything that is not 1..2**31-1."""
    text = str(seed).strip()
    number = whole_number(text)
    if number is None or not 1 <= number <= MAX_DEAL:
        raise ValueError(f"FreeCell seed must be a Microsoft deal number from 1 to {MAX_DEAL}, not {seed!r}")
    return number


def max_run(empty_cells: int, empty_columns: int) -> int:
    """The longest run that may move, given the free cells and empty columns it may use."""
    return (empty_cells + 1) * 2**empty_columns


def is_safe(card: str, foundations: tuple[int, ...]) -> bool:
    """Nothing still on the table could want ``card``: the classic automatic-move rule."""
    if not foundation_takes(foundations, card):
        return False
    rank = RANK_VALUE[card[0]]
    return rank <= 2 or all(foundations[SUITS.index(other)] >= rank - 1 for other in OPPOSITE[card[1]])


class FreeCellState(GameState):
    """One moment of a game. Treat as immutable: the engine copies before changing.

    ``tableau``: 8 tuples of cards, bottom first; ``cells``: 4 cards or None;
    ``foundations``: cards up per suit, clubs, diamonds, hearts, spades; ``history``: one
    entry per move that may be undone (with the automatic moves after it), each what the
    board before it (see ``_board``) differs in from the board after (``UNDO.difference``).
    """

    def __repr__(self) -> str:
        return f"<FreeCellState deal {self.deal} move {self.moves}>"

    @property
    def won(self) -> bool:
        return sum(self.foundations) == 52


class FreeCell(base.Engine):
    slug = "freecell"
    name = "FreeCell"
    min_players = 1
    max_players = 1
    # The site deals the classic million; the deal itself works up to 2**31 - 1.
    deal_numbers = range(1, 1_000_001)
    deal_numbers_open = True  # Microsoft's numbers, and every card is face up from the start
    dealing = ("The seed is Microsoft's deal number n. The deck AC AD AH AS 2C ... KS is drawn from 52 "
               "times with the C runtime generator seeded with n (seed = seed × 214013 + 2531011 mod 2³¹, "
               "rand = seed >> 16): each draw takes the card at rand mod the cards left, and the last card "
               "left takes its place. Card i goes to column i mod 8.")
    options = {
        "auto_foundation": (True, (True, False)),
        "winnable_only": (False, (False, True)),
    }

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        if deck is None:
            deal = parse_deal(seed)
            cards = microsoft_deck(deal)
        else:
            deal = None
            cards = checked_deck(deck)
        state = FreeCellState.__new__(FreeCellState)
        state.deal = deal
        state.auto_foundation = options["auto_foundation"]
        state.winnable_only = options["winnable_only"]
        state.tableau = tuple(tuple(cards[column::COLUMNS]) for column in range(COLUMNS))
        state.cells = (None,) * CELLS
        state.foundations = (0,) * 4
        state.moves = 0
        state.undos = 0
        state.history = ()
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        return () if state.won else (0,)

    def legal_moves(self, state, seat):
        if seat != 0 or state.won:
            return []
        moves = [_spell(source, target, count) for source, target, count in _single_moves(state)]
        if state.history:
            moves.append("undo")
        return moves

    def apply(self, state, seat, move):
        if not isinstance(move, str):
            raise IllegalMove(f"{move!r} is not a move: send text like 'move t3 c0'.")
        if seat != 0:
            raise IllegalMove(f"There is no seat {seat!r} at this table: FreeCell has one player, seat 0.")
        if state.won:
            raise IllegalMove("The game is won: there is nothing left to move.")
        verb, args = read_move(move, {"undo": (0,), "move": (2, 3)}, example="move t3 c0", case="keep", unknown=(
            "{move!r} is not a FreeCell move: write 'move', a source and a target "
            "(like 'move t3 c0', 'move t3 fH' or 'move t1 t6 4'), or 'undo'."
        ))
        if verb == "undo":
            return _undone(state)
        source, target, count = _checked_move(state, args)
        return _moved(state, source, target, count)

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        empty_cells = state.cells.count(None)
        empty_columns = sum(1 for column in state.tableau if not column)
        return {
            "seat": seat,
            "hand": [],  # no hands in FreeCell: every card is on the table for all to see
            "tableau": [list(column) for column in state.tableau],
            "cells": list(state.cells),
            "foundations": foundation_tops(state.foundations),
            "foundation_counts": dict(zip(SUITS, state.foundations, strict=True)),
            "moves": state.moves,
            "undos": state.undos,
            "can_undo": bool(state.history) and not state.won,
            "deal": state.deal,
            "won": state.won,
            "to_move": list(self.to_move(state)),
            "max_run": {
                "to_column": max_run(empty_cells, empty_columns),
                "to_empty_column": max_run(empty_cells, max(empty_columns - 1, 0)),
            },
            "options": {"auto_foundation": state.auto_foundation, "winnable_only": state.winnable_only},
        }

    def describe_move(self, move, *, state=None):
        """The move in words. Given the state before it, names the card(s) moved."""
        words = move.strip().split()
        if not words or words[0].lower() == "undo":
            return "takes back a move"
        try:
            source, target = _place(words[1]), _place(words[2])
        except (IndexError, ValueError):
            return "moves cards"
        count = whole_number(words[3]) if len(words) > 3 else 1
        if count is None:
            return "moves cards"
        where = _place_words(target)
        if state is not None:
            try:
                source, target, count = _checked_move(state, words[1:])
            except IllegalMove:
                state = None
            else:
                where = _place_words(target)
        if state is None:
            things = "a card" if count == 1 else f"{count} cards"
            return f"moves {things} from {_place_words(source)} to {where}"
        if source[0] == "t":
            cards = state.tableau[int(source[1])][-count:]
        else:
            cards = (state.cells[int(source[1])],)
        if count == 1:
            return f"moves the {card_name(cards[0])} to {where}"
        return (
            f"moves {count} cards, the {card_name(cards[0])} down to the {card_name(cards[-1])}, to {where}"
        )

    def is_over(self, state):
        return state.won

    def hands_played(self, state):
        return 1 if state.won else 0

    def result_facts(self, state):
        return {"moves": state.moves, "undos": state.undos}

    def outcome(self, state):
        return {"scores": [1 if state.won else 0], "ranks": [1]}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        return {
            "deal": state.deal,
            "options": {"auto_foundation": state.auto_foundation, "winnable_only": state.winnable_only},
            "tableau": [list(column) for column in state.tableau],
            "cells": list(state.cells),
            "foundations": dict(zip(SUITS, state.foundations, strict=True)),
            "moves": state.moves,
            "undos": state.undos,
            "history": list(state.history),
        }

    def load(self, data):
        options = self.resolve_options(data["options"])
        state = FreeCellState.blank()
        state.deal = data["deal"]
        state.auto_foundation = options["auto_foundation"]
        state.winnable_only = options["winnable_only"]
        state.tableau = tuple(tuple(column) for column in data["tableau"])
        state.cells = tuple(data["cells"])
        state.foundations = tuple(data["foundations"][suit] for suit in SUITS)
        state.moves = data["moves"]
        state.undos = data["undos"]
        state.history = tuple(data["history"])
        if len(state.tableau) != COLUMNS or len(state.cells) != CELLS:
            raise ValueError("a FreeCell position has 8 columns and 4 free cells")
        on_table = [card for column in state.tableau for card in column] + [c for c in state.cells if c]
        up = [
            RANKS[r] + suit
            for suit, count in zip(SUITS, state.foundations, strict=True)
            for r in range(count)
        ]
        if sorted(on_table + up) != sorted(standard_deck()):
            raise ValueError("a FreeCell position must hold each of the 52 cards exactly once")
        return state

    def known_cards(self, state, seat):
        return set(standard_deck())  # every card is face up from the deal


# -- the rules ------------------------------------------------------------------------------

# What undo restores: the columns, the free cells one by one, the foundations.
UNDO = Undo(piles=tuple(f"t{j}" for j in range(COLUMNS)), values=(*(f"c{k}" for k in range(CELLS)), "foundations"))


def _board(state: FreeCellState) -> tuple:
    """The board laid out as ``UNDO`` names it."""
    return (*state.tableau, *state.cells, state.foundations)


def _spell(source: str, target: str, count: int) -> str:
    return f"move {source} {target}" + (f" {count}" if count > 1 else "")


def _place(word: str) -> str:
    """A place name in canonical spelling (``t3``, ``c0``, ``fH``, or ``f``/``c`` unresolved)."""
    word = word.lower()
    if len(word) == 2 and word[0] == "t" and word[1] in "01234567":
        return word
    if len(word) == 2 and word[0] == "c" and word[1] in "0123":
        return word
    if word == "c" or word == "f":
        return word
    if len(word) == 2 and word[0] == "f" and word[1].upper() in SUITS:
        return "f" + word[1].upper()
    raise ValueError(word)


def _place_words(place: str) -> str:
    if place[0] == "t":
        return f"column {int(place[1]) + 1}"
    if place == "c":
        return "a free cell"
    if place[0] == "c":
        return f"free cell {int(place[1]) + 1}"
    if place == "f":
        return "its foundation"
    return f"the {SUIT_WORDS[place[1]]} foundation"


def _single_moves(state: FreeCellState):
    """Every legal (source, target, count), sources t0..t7 then c0..c3."""
    tableau, cells, foundations = state.tableau, state.cells, state.foundations
    empty_cells = cells.count(None)
    empty_columns = sum(1 for column in tableau if not column)
    to_column = max_run(empty_cells, empty_columns)
    to_empty = max_run(empty_cells, max(empty_columns - 1, 0))
    sources = [(f"t{i}", column[-1]) for i, column in enumerate(tableau) if column]
    sources += [(f"c{i}", card) for i, card in enumerate(cells) if card]
    targets = [(f"t{j}", column[-1], RANK_VALUE[column[-1][0]]) if column else (f"t{j}", None, 0)
               for j, column in enumerate(tableau)]
    free = [f"c{k}" for k, held in enumerate(cells) if held is None]
    for source, card in sources:
        if foundation_takes(foundations, card):
            yield (source, "f" + card[1], 1)
        from_column = source[0] == "t"
        pile = tableau[int(source[1])] if from_column else (card,)
        run = run_length(pile)
        reach, reach_empty = min(run, to_column), min(run, to_empty)
        rank = RANK_VALUE[card[0]]
        for target, top, top_rank in targets:
            if target == source:
                continue
            if top:
                # Only one run length can fit: the one whose bottom card lies on this top card.
                need = top_rank - rank
                if 1 <= need <= reach and fits_on(pile[-need], top):
                    yield (source, target, need)
            else:
                for count in range(1, reach_empty + 1):
                    yield (source, target, count)
        if from_column:
            for cell in free:
                yield (source, cell, 1)


def _checked_move(state: FreeCellState, words: list[str]) -> tuple[str, str, int]:
    """The canonical (source, target, count) of a spelled move; IllegalMove saying why not."""
    try:
        source, target = _place(words[0]), _place(words[1])
    except ValueError as error:
        raise IllegalMove(
            f"{error} is not a place: columns are t0 to t7, free cells c0 to c3, "
            "foundations fC, fD, fH and fS."
        ) from None
    count = None
    if len(words) == 3:
        count = read_number(words[2], lowest=1, reason=f"{words[2]!r} is not a number of cards.")
    if source[0] == "f":
        raise IllegalMove("Cards never come back from the foundations.")
    if source == "c":
        raise IllegalMove("Say which free cell the card comes from: c0 to c3.")
    if source == target:
        raise IllegalMove("The card is already there.")
    if source[0] == "t":
        column = state.tableau[int(source[1])]
        if not column:
            raise IllegalMove(f"{_place_words(source).capitalize()} is empty.")
        card = column[-1]
    else:
        card = state.cells[int(source[1])]
        if card is None:
            raise IllegalMove(f"{_place_words(source).capitalize()} is empty.")
        if count not in (None, 1):
            raise IllegalMove("A free cell holds one card: move it alone.")
        column = (card,)
    if target[0] in "cf" and count not in (None, 1):
        where = "A free cell holds" if target[0] == "c" else "Foundations take"
        raise IllegalMove(f"{where} one card at a time.")

    if target[0] == "f":
        suit = card[1]
        if target != "f" and target[1] != suit:
            raise IllegalMove(
                f"The {card_name(card)} goes on the {SUIT_WORDS[suit]} foundation, not the {SUIT_WORDS[target[1]]}."
            )
        if not foundation_takes(state.foundations, card):
            needed = card_name(RANKS[state.foundations[SUITS.index(suit)]] + suit)
            raise IllegalMove(
                f"The {card_name(card)} cannot go up yet: the {SUIT_WORDS[suit]} foundation needs the {needed} first."
            )
        return source, "f" + suit, 1

    if target[0] == "c":
        if source[0] == "c":
            raise IllegalMove("The card is already in a free cell.")
        if target == "c":
            if None not in state.cells:
                raise IllegalMove("Every free cell is full.")
            target = f"c{state.cells.index(None)}"
        held = state.cells[int(target[1])]
        if held is not None:
            raise IllegalMove(f"{_place_words(target).capitalize()} already holds the {card_name(held)}.")
        return source, target, 1

    # To a column.
    destination = state.tableau[int(target[1])]
    run = run_length(column) if source[0] == "t" else 1
    empty_cells = state.cells.count(None)
    others_empty = sum(1 for j, col in enumerate(state.tableau) if not col and f"t{j}" != target)
    limit = max_run(empty_cells, others_empty)
    if destination:
        top = destination[-1]
        need = RANK_VALUE[top[0]] - RANK_VALUE[card[0]]
        if count is None:
            count = need if 1 <= need <= run else 1
        bottom = column[-count] if count <= len(column) else None
        if bottom is None or count > run:
            raise IllegalMove(_not_a_run(source, count, len(column)))
        if not fits_on(bottom, top):
            raise IllegalMove(
                f"The {card_name(bottom)} does not go on the {card_name(top)}: "
                "columns build down in alternating colours."
            )
    else:
        count = count or 1
        if count > run:
            raise IllegalMove(_not_a_run(source, count, len(column)))
    if count > limit:
        raise IllegalMove(_too_many(count, empty_cells, others_empty, limit, bool(destination)))
    return source, target, count


def _not_a_run(source: str, count: int, height: int) -> str:
    if count > height:
        return f"{_place_words(source).capitalize()} holds only {height} card{'s' if height != 1 else ''}."
    return f"The top {count} cards of {_place_words(source)} are not a run down in alternating colours."


def _too_many(count: int, empty_cells: int, empty_columns: int, limit: int, onto_card: bool) -> str:
    cells = f"{empty_cells} empty free cell{'s' if empty_cells != 1 else ''}"
    columns = f"{empty_columns or 'no'} empty column{'s' if empty_columns != 1 else ''}"
    other = "" if onto_card else " other than the target"
    return f"Only {limit} card{'s' if limit != 1 else ''} can move at once with {cells} and {columns}{other}, not {count}."


def _do_step(tableau: list, cells: list, foundations: list, source: str, target: str, count: int) -> None:
    if source[0] == "t" == target[0]:
        moved_run(tableau, int(source[1]), int(target[1]), count)
        return
    # One card, to or from a free cell, or up to a foundation.
    if source[0] == "t":
        card = tableau[int(source[1])][-1]
        tableau[int(source[1])] = tableau[int(source[1])][:-1]
    else:
        card = cells[int(source[1])]
        cells[int(source[1])] = None
    if target[0] == "t":
        tableau[int(target[1])] += (card,)
    elif target[0] == "c":
        cells[int(target[1])] = card
    else:
        foundations[SUITS.index(card[1])] += 1


def _automatic_steps(tableau: list, cells: list, foundations: list) -> list[tuple[str, str, int]]:
    """Send every safe card up, free cells first then columns left to right, until none is."""
    steps = []
    moved = True
    while moved:
        moved = False
        for k, card in enumerate(cells):
            if card is not None and is_safe(card, foundations):
                step = (f"c{k}", "f" + card[1], 1)
                _do_step(tableau, cells, foundations, *step)
                steps.append(step)
                moved = True
        for j, column in enumerate(tableau):
            while column and is_safe(column[-1], foundations):
                step = (f"t{j}", "f" + column[-1][1], 1)
                _do_step(tableau, cells, foundations, *step)
                steps.append(step)
                moved = True
                column = tableau[j]
    return steps


def automatic_moves(state: FreeCellState) -> list[str]:
    """The moves ``auto_foundation`` would make now, in order: every safe card going up."""
    steps = _automatic_steps(list(state.tableau), list(state.cells), list(state.foundations))
    return [_spell(*step) for step in steps]


def _moved(state: FreeCellState, source: str, target: str, count: int) -> FreeCellState:
    tableau, cells, foundations = list(state.tableau), list(state.cells), list(state.foundations)
    _do_step(tableau, cells, foundations, source, target, count)
    if state.auto_foundation:
        _automatic_steps(tableau, cells, foundations)
    new = state.copy()
    new.tableau, new.cells, new.foundations = tuple(tableau), tuple(cells), tuple(foundations)
    new.moves = state.moves + 1
    new.history = state.history + (UNDO.difference(_board(state), _board(new)),)
    return new


def _undone(state: FreeCellState) -> FreeCellState:
    if not state.history:
        raise IllegalMove("There is no move to take back.")
    board = UNDO.restored(_board(state), state.history[-1])
    new = state.copy()
    new.tableau, new.cells, new.foundations = board[:COLUMNS], board[COLUMNS:-1], board[-1]
    new.moves = state.moves - 1  # the move taken back is no longer one made
    new.undos = state.undos + 1
    new.history = state.history[:-1]
    return new


ENGINE = FreeCell()
engine = ENGINE  # the name the other engine modules use
