"""A solver for Klondike deals with every card known (the "thoughtful" game).

``solve(state, max_nodes=..., max_seconds=...)`` takes a state of
``games.catalogue.klondike.engine`` (any moment of a game, with its options: draw 1 or 3, the
passes limit, auto flip, auto finish) and answers one of three things:

- a list of moves in the engine's grammar that, played through ``apply`` from ``state``,
  win the game (draws, flips the position needs when ``auto_flip`` is off, and the last
  foundation moves unless ``auto_finish`` ends the game first);
- ``None``: proven unwinnable, every distinct position reachable was searched;
- ``UNKNOWN`` (the string ``"unknown"``): the node or time budget ran out first.

``search`` answers the same with the nodes searched and the time taken, for benchmarks.
``hint(state, max_nodes)`` is the first move of a solution, or None when none is found.
The solver reads the face-down cards and the stock's order, which the player cannot see:
it runs on the server, which knows the deal, so a hint from a full-information solution
is acceptable (it may steer towards a face-down card it "knows" about).

The search is a depth-first search with a transposition table of every position seen
(piles sorted, so mirror positions meet), ordered moves and sound pruning only, so that
``None`` is a proof:
- A card goes to its foundation at once, without branching, when nothing could ever
  need it on the tableau: aces and twos always; rank r when both foundations of the other
  colour hold r - 1 and the other one of its colour holds r - 2 (stricter than the usual
  rule because cards may come back down from a foundation). In draw 1 with unlimited
  passes such cards also go up straight from the stock, where every card is in reach.
- The stock and waste are one sequence with a pointer; a talon move names the card it
  plays, reached by the fewest draws (with a pass over when needed and allowed). Draws
  commute with tableau moves, so no position is lost by drawing only to play. In draw 1
  with unlimited passes every card is in reach, so the pointer is left out of the key.
- A king already at the bottom of a pile is never moved to another empty pile, and a
  king goes to the first empty pile only (the others give the same sorted position).
- A foundation card comes back down only when it fits somewhere and is not safe (above).
- Once the stock and waste are empty and every card is face up, the game is won.
- A position is dead, and not searched further, when some card can never reach its
  foundation. Say a tableau card w seals a card L under it when w lies directly on L,
  or w is face down or the lowest face-up card of its pile (so that all under it is
  face down): L cannot be the top of its pile until w itself moves as the head of a
  run (a run headed lower carries w along on L, and under such a w nothing can head a
  run, nor come up before w has gone). A card in the talon seals itself: it leaves
  the talon only onto a parent or up to its foundation, as the head of a run moves.
  Take a set S of cards on the tableau or in the talon, no kings, where each card x of
  S has both its parents (the cards it may go onto) sealed by cards of S, and some
  lower card of its suit, not yet on the foundation, sealed by a card of S. Then no
  card of S can be the first of S to move as the head of a run or out of the talon: it
  could only go onto a parent or up to its foundation, and both wait for a card of S
  to do so first; a king, which could go to an empty pile, is never in S. Every card
  ends on its foundation as the head of a run or from the talon (the auto finish only
  plays such moves), so when S is not empty the game is lost. S is found as the
  largest such set: every non-king card with both parents covered on the tableau or in
  the talon, less those that fail the test, again and again until none does. Counting
  the talon proved 2 more of draw-3 deals 1-200 unwinnable at 100,000 nodes, for a
  test a fifth slower. (``hint`` leaves this test out: it wants a win fast, and
  skipping the test makes its nodes a third cheaper.)
  Only a move that lays a card on a pile can make such a set: moves to the foundations,
  and the rest of a move taking a run off a pile, only remove cards that seal (a card
  turned up seals what it sealed face down) and raise the foundations, so a set that
  works after them worked before. So a position reached from one that was not
  deadlocked is tested only after a move that laid a card, and the set must then hold
  that card; when the card fails the test even with every other card counted in the set
  (its parents or a lower card of its suit on top of a pile or up), the rest of the
  test is skipped. On draw-3 deals 1-200 this left every verdict and node
  count as it was and made the search a quarter faster.
Moves are tried in this order: those that turn up a face-down card (from the pile with
most face-down cards first), talon cards to foundations, talon cards to the tableau,
other foundation moves, moves emptying a pile, partial runs, cards back from foundations.

A depth-first search that makes one bad early choice can spend any budget under it, so
the budget is spent in restarts: a quarter of the nodes on a search in the order above,
then searches of ``RESTART_NODES`` nodes times the Luby sequence (1 1 2 1 1 2 4 ...),
each from the start, with the priorities jittered by its own seeded random numbers (so
a verdict, and a hint, is the same each time). On deals 1-200 at 15,000 nodes this
raised the draw-3 deals won from 50% to 70%, and draw 1 from 74% to 84%. The order never
changes which positions a finished search has seen, so any of these searches that runs
out of moves (not of budget) is still a proof.

The restarts share the positions proven dead, so that none searches again what an earlier
one exhausted. A position whose moves were all searched is not dead by itself: a move
may have met a position still on the stack (moves can undo each other), and the win
might lie through it. So each search keeps Tarjan's bookkeeping of strongly connected
components: every position gets its order of entry and the lowest order its moves led
back to, directly or through positions left but not yet proven dead. When a position
is left with nothing below its own order, its component (it and every such position
entered after it) is closed: each of their moves leads into it, to a position already
dead, or to one the sound pruning above rules out, and no move anywhere in it won. So
none of them can be won, whatever the order of any later search; they are marked dead
even when the search is then cut short by its budget. On draw-3 deals 1-200 at
100,000 nodes this turned 6 undecided deals into 5 proofs and 1 win (149 won, 17
unwinnable, 34 undecided before; 150, 22, 28 after).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from games.catalogue.klondike import engine as klondike
from games.kit.cards import RANKS, SUITS
from games.kit.piles import PARENTS

UNKNOWN = "unknown"
FOUNDATION = -1
# The mark of a position proven unwinnable (see ``_Search.run``).
DEAD = -1
# A position's deadlock test when no one card laid on the tableau is known (the root, chains).
ANY = -2
# The budget's schedule (see the module docstring): the first search in the usual order
# gets 1/FIRST_SHARE of the nodes, then the n-th search in a shuffled order gets
# RESTART_NODES times the n-th term of the Luby sequence (1 1 2 1 1 2 4 1 1 2 ...).
FIRST_SHARE = 4
RESTART_NODES = 300
# How far a random draw may lift a move's priority in a shuffled search: enough to swap
# moves of neighbouring kinds, not to put cards back from foundations before flips.
NOISE = 50

# Cards as integers: suit index * 13 + rank - 1 (ace 0 .. king 12), suits in CDHS order.
_CARD = {rank + suit: s * 13 + r for s, suit in enumerate(SUITS) for r, rank in enumerate(RANKS)}
_NAME = {value: name for name, value in _CARD.items()}
_OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
_SAME = (3, 2, 1, 0)
# The two cards one rank higher and of the other colour, on which a card may lie.
_PARENTS = tuple(tuple(_CARD[parent] for parent in PARENTS[_NAME[c]]) for c in range(52))
# The two cards one rank lower and of the other colour, which may lie on a card.
_CHILDREN = tuple(tuple(child for child in range(52) if c in _PARENTS[child]) for c in range(52))
_TWIN = tuple(_SAME[c // 13] * 13 + c % 13 for c in range(52))
_KINGS = (12, 25, 38, 51)


class _OutOfBudget(Exception):
    pass


@dataclass
class Verdict:
    """What ``search`` found: ``status`` is "solved", "unwinnable" or "unknown"."""

    status: str
    moves: list[str] | None = None
    nodes: int = 0
    seconds: float = 0.0
    internal: list = field(default_factory=list, repr=False)


def _safe(card: int, found: list[int] | tuple[int, ...]) -> bool:
    """Nothing could ever need ``card`` on the tableau (see the module docstring)."""
    rank = card % 13 + 1
    if rank <= 2:
        return True
    suit = card // 13
    a, b = _OPPOSITE[suit]
    return found[a] >= rank - 1 and found[b] >= rank - 1 and found[_SAME[suit]] >= rank - 2


class _Search:
    def __init__(self, draw: int, turns_left: int | None, max_nodes: int, deadline: float | None,
                 shuffle: int | None = None, deadlocks: bool = True, marks: dict | None = None,
                 first_order: int = 0):
        self.draw = draw
        # Talon cards all in reach at any time: order and pointer do not matter.
        self.free_talon = draw == 1 and turns_left is None
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        # Shared by the restarts of one search: DEAD for each position proven unwinnable,
        # else the order it was entered in (one dict, so one hash of the key per look-up).
        # Orders are ``first_order`` plus the node count, above every earlier restart's, so
        # that a position met only by an earlier restart counts as new.
        self.marks: dict = {} if marks is None else marks
        self.first_order = first_order
        # Seeded, so that a verdict (and a hint) is the same every time it is asked for.
        self.random = None if shuffle is None else random.Random(shuffle).random
        self.deadlocks = deadlocks

    # -- positions: (piles, foundations, talon, pointer, turns_left) --------------------
    # piles: tuple of 7 (face_down tuple, face_up tuple); talon: waste bottom-first then
    # stock top-first, the pointer its waste length; turns_left None when unlimited.

    def key(self, node):
        piles, found, talon, pointer, turns = node
        if self.free_talon:
            return (tuple(sorted(piles)), tuple(found))
        return (tuple(sorted(piles)), talon, pointer, turns)

    def reach(self, talon, pointer, turns):
        """(position, passes over used) for each talon card that can become the waste top."""
        size = len(talon)
        if not size:
            return []
        if self.free_talon:
            return [(q, 0) for q in range(1, size + 1)]
        out = []
        seen = set()
        if pointer > 0:
            out.append((pointer, 0))
            seen.add(pointer)
        q = pointer
        while q < size:
            q = min(q + self.draw, size)
            if q not in seen:
                out.append((q, 0))
                seen.add(q)
        if turns is None or turns > 0:
            q = 0
            while q < size:
                q = min(q + self.draw, size)
                if q not in seen:
                    out.append((q, 1))
                    seen.add(q)
        return out

    def autoplay(self, node, path):
        """Play every safe foundation move; the new position."""
        piles, found, talon, pointer, turns = node
        changed = True
        piles_list = None
        while changed:
            changed = False
            for i in range(7):
                pile = piles_list[i] if piles_list else piles[i]
                up = pile[1]
                if up:
                    card = up[-1]
                    suit = card // 13
                    if found[suit] == card % 13 and _safe(card, found):
                        if piles_list is None:
                            piles_list = list(piles)
                            found = list(found)
                        piles_list[i] = _without_top(pile, 1)
                        found[suit] += 1
                        path.append(("P", i, 1, FOUNDATION))
                        changed = True
            if self.free_talon and talon:
                for index, card in enumerate(talon):
                    suit = card // 13
                    if found[suit] == card % 13 and _safe(card, found):
                        if piles_list is None:
                            piles_list = list(piles)
                            found = list(found)
                        talon = talon[:index] + talon[index + 1:]
                        pointer = index
                        found[suit] += 1
                        path.append(("T", card, FOUNDATION))
                        changed = True
                        break
        if piles_list is None:
            return node
        return (tuple(piles_list), tuple(found), talon, pointer, turns)

    def moves(self, node):
        """The moves worth trying from ``node``, best first."""
        piles, found, talon, pointer, turns = node
        tops = {}
        first_empty = -1
        for i in range(7):
            down, up = piles[i]
            if up:
                tops[up[-1]] = i
            elif not down and first_empty < 0:
                first_empty = i
        # The piles each card may go onto, looked up once per card rather than per move;
        # tops in card order keep the piles in the order of the card's two parents.
        fits = {}
        for top in sorted(tops):
            for child in _CHILDREN[top]:
                fits[child] = fits.get(child, ()) + (tops[top],)
        if first_empty >= 0:
            for king in _KINGS:
                fits[king] = (first_empty,)
        reach = self.reach(talon, pointer, turns)
        in_reach = {talon[q - 1]: (q, used) for q, used in reach}
        # Foundation tops that may come back down (the unsafe ones).
        comeback = set()
        for suit in range(4):
            if found[suit]:
                card = suit * 13 + found[suit] - 1
                if not _safe(card, found):
                    comeback.add(card)

        def targets(card):
            return fits.get(card, ())

        kings_waiting = None  # worked out when first needed: most positions never ask

        out = []
        for q, used in reach:
            card = talon[q - 1]
            if found[card // 13] == card % 13:
                out.append((60, ("T", card, FOUNDATION, q, used)))
            if not self.free_talon:
                for to in fits.get(card, ()):
                    out.append((40, ("T", card, to, q, used)))
        for i in range(7):
            down, up = piles[i]
            if not up:
                continue
            card = up[-1]
            if found[card // 13] == card % 13:
                if len(up) == 1:
                    priority = 80 + len(down) if down else 45
                else:
                    priority = 50
                out.append((priority, ("P", i, 1, FOUNDATION)))
            for j in range(len(up)):
                head = up[j]
                if j == 0:
                    if down:
                        priority = 70 + len(down)
                    elif head % 13 == 12:
                        continue  # an empty pile is only worth making for a king
                    else:
                        if kings_waiting is None:
                            kings_waiting = _kings_waiting(piles, in_reach, comeback)
                        if not kings_waiting:
                            continue
                        priority = 30
                else:
                    below = up[j - 1]
                    if found[below // 13] == below % 13:
                        priority = 55
                    elif _TWIN[head] in in_reach or _TWIN[head] in comeback:
                        priority = 10  # makes room on ``below`` for the head's twin
                    else:
                        continue
                count = len(up) - j
                for to in fits.get(head, ()):
                    if to != i:
                        out.append((priority, ("P", i, count, to)))
                if self.free_talon:
                    for chain, to in self.chains(head, i, in_reach, found, targets):
                        out.append((priority - 1, ("C", chain + (("P", i, count, to),))))
        if not self.free_talon:
            for card in sorted(comeback):
                for to in fits.get(card, ()):
                    out.append((5, ("F", card // 13, to)))
        if self.random is None:
            out.sort(key=lambda item: -item[0])
        else:
            rnd = self.random
            out.sort(key=lambda item: -item[0] - NOISE * rnd())
        return [move for _, move in out]

    def chains(self, head, source, in_reach, found, targets):
        """Cards from the stock (or foundations) that, laid on a tableau pile one on another,
        would take the run headed by ``head``: (moves, pile) pairs, the moves bottom first."""
        found_chains = []

        def extend(card, links):
            for parent in _PARENTS[card]:
                if parent in in_reach:
                    link = ("T", parent, None, in_reach[parent][0], 0)
                elif found[parent // 13] == parent % 13 + 1 and not _safe(parent, found):
                    link = ("F", parent // 13, None)
                else:
                    continue
                chain = (link,) + links
                for to in targets(parent):
                    if to != source:
                        found_chains.append((tuple(_aimed(step, to) for step in chain), to))
                if parent % 13 < 12:
                    extend(parent, chain)

        if head % 13 < 12:
            extend(head, ())
        return found_chains

    def play(self, node, move):
        piles, found, talon, pointer, turns = node
        kind = move[0]
        if kind == "C":
            for step in move[1]:
                node = self.play(node, step)
            return node
        if kind == "T":
            _, card, to, q, used = move
            # The card, not the position: an earlier step of a chain may have shifted it.
            q = talon.index(card) + 1
            talon = talon[: q - 1] + talon[q:]
            pointer = q - 1
            if used and turns is not None:
                turns -= used
            if to == FOUNDATION:
                found = list(found)
                found[card // 13] += 1
                return (piles, tuple(found), talon, pointer, turns)
            piles = list(piles)
            down, up = piles[to]
            piles[to] = (down, up + (card,))
            return (tuple(piles), found, talon, pointer, turns)
        if kind == "P":
            _, i, count, to = move
            piles = list(piles)
            run = piles[i][1][-count:]
            piles[i] = _without_top(piles[i], count)
            if to == FOUNDATION:
                found = list(found)
                found[run[0] // 13] += 1
                return (tuple(piles), tuple(found), talon, pointer, turns)
            down, up = piles[to]
            piles[to] = (down, up + run)
            return (tuple(piles), found, talon, pointer, turns)
        _, suit, to = move
        found = list(found)
        found[suit] -= 1
        piles = list(piles)
        down, up = piles[to]
        piles[to] = (down, up + (suit * 13 + found[suit],))
        return (tuple(piles), tuple(found), talon, pointer, turns)

    def run(self, root):
        """The internal moves of a win from ``root``, or None when there is none."""
        path: list = []
        # Frames: [position, moves, next move, path length, order, low, pending length].
        stack: list = []
        marks = self.marks
        first_order = self.first_order
        # Positions left, not yet proven dead, whose moves may lead back to one on the
        # stack: Tarjan's stack of a strongly connected component in the making.
        pending: list = []

        def enter(node, laid):
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise _OutOfBudget
            if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
                raise _OutOfBudget
            node = self.autoplay(node, path)
            piles, found, talon, pointer, turns = node
            if not talon and not any(down for down, _ in piles):
                path.extend(_finish(piles, found))
                return True
            key = self.key(node)
            order = marks.get(key)
            if order is not None and order > first_order:
                # On the stack or pending: the caller is dead only if that one is.
                frame = stack[-1]
                if order < frame[5]:
                    frame[5] = order
                return False
            if order == DEAD:
                return False
            # A deadlock needs a card newly laid (the module docstring), and a position an
            # earlier restart entered was not deadlocked (or it would be DEAD).
            if laid is not None and self.deadlocks and order is None and _deadlocked(piles, found, talon, laid):
                marks[key] = DEAD
                return False
            order = first_order + self.nodes
            marks[key] = order
            stack.append([node, self.moves(node), 0, len(path), order, order, len(pending)])
            pending.append(key)
            return False

        if enter(root, ANY):
            return path
        while stack:
            frame = stack[-1]
            node, moves, index, length = frame[0], frame[1], frame[2], frame[3]
            if index == len(moves):
                stack.pop()
                low = frame[5]
                if low == frame[4]:
                    # Every move from this component leads into it or to a dead position.
                    start = frame[6]
                    for key in pending[start:]:
                        marks[key] = DEAD
                    del pending[start:]
                elif low < stack[-1][5]:
                    stack[-1][5] = low
                continue
            frame[2] = index + 1
            del path[length:]
            move = moves[index]
            path.append(move)
            if enter(self.play(node, move), _laid_card(node, move)):
                return path
        return None


def _kings_waiting(piles, in_reach, comeback):
    """Some king that could move is not yet at the bottom of a pile."""
    face_up = set()
    settled = set()
    for down, up in piles:
        face_up.update(up)
        if up and not down and up[0] % 13 == 12:
            settled.add(up[0])
    return any(
        (king in in_reach or king in face_up or king in comeback) and king not in settled for king in _KINGS
    )


def _deadlocked(piles, found, talon, laid=ANY):
    """Some card can never reach its foundation (the module docstring gives the proof).

    ``laid``: the card just laid on the tableau, in a position reached from one that was not
    deadlocked; the set must then hold it, so the test ends early unless it could.
    """
    if laid != ANY and not _may_stick(laid, piles, found):
        return False
    # The cards that seal each tableau card: for a face-down one every face-down card above
    # it and the lowest face-up card, for a face-up one the card lying on it.
    covers = {}
    for down, up in piles:
        cards = down + up
        hidden = len(down)
        for index, card in enumerate(cards):
            covers[card] = cards[index + 1: hidden + 1] if index < hidden else cards[index + 1: index + 2]
    # A talon card leaves the talon only onto a pile or a foundation, as the head of a run
    # does: it counts as sealed by itself.
    for card in talon:
        covers[card] = (card,)
    get = covers.get
    stuck = {}
    for card in covers:
        if card % 13 != 12:
            a, b = _PARENTS[card]
            first = get(a)
            if first:
                second = get(b)
                if second:
                    stuck[card] = (first, second, card - card % 13 + found[card // 13])
    changed = True
    while changed and stuck:
        changed = False
        for card, (first, second, lowest) in list(stuck.items()):
            for cover in first:
                if cover in stuck:
                    break
            else:
                del stuck[card]
                changed = True
                continue
            for cover in second:
                if cover in stuck:
                    break
            else:
                del stuck[card]
                changed = True
                continue
            # A card of its suit below it, not yet up, sealed.
            for lower in range(lowest, card):
                cover = get(lower)
                if cover:
                    for sealer in cover:
                        if sealer in stuck:
                            break
                    else:
                        continue
                    break
            else:
                del stuck[card]
                changed = True
    return bool(stuck)


def _laid_card(node, move):
    """The card ``move`` lays on a tableau pile from ``node``: None when it lays none, ANY for
    a chain, which lays several (see the module docstring on which positions can deadlock)."""
    kind = move[0]
    if kind == "T":
        return None if move[2] == FOUNDATION else move[1]
    if kind == "P":
        return None if move[3] == FOUNDATION else node[0][move[1]][1][-move[2]]
    if kind == "F":
        return move[1] * 13 + node[1][move[1]] - 1
    return ANY


def _may_stick(card, piles, found):
    """``card`` passes the tests of the set when every other card is counted in it: no king,
    both parents and a lower card of its suit neither on a foundation nor the top of a pile."""
    if card % 13 == 12:
        return False
    free = {up[-1] for _, up in piles if up}
    a, b = _PARENTS[card]
    if a in free or b in free or found[a // 13] > a % 13 or found[b // 13] > b % 13:
        return False
    return any(lower not in free for lower in range(card - card % 13 + found[card // 13], card))


def _luby(n):
    """The n-th term (from 1) of the Luby sequence: mostly short runs, now and then a long one."""
    k = 1
    while (1 << k) - 1 < n:
        k += 1
    while (1 << k) - 1 != n:
        n -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < n:
            k += 1
    return 1 << (k - 1)


def _aimed(step, to):
    """A chain step with its pile filled in."""
    if step[0] == "T":
        return ("T", step[1], to, step[3], step[4])
    return ("F", step[1], to)


def _without_top(pile, count):
    down, up = pile
    up = up[:-count]
    if not up and down:
        return (down[:-1], (down[-1],))
    return (down, up)


def _finish(piles, found):
    """Foundation moves that clear an all-face-up tableau: the lowest card is always on top."""
    piles = [list(up) for _, up in piles]
    found = list(found)
    moves = []
    while any(piles):
        best = min((pile[-1] % 13, i) for i, pile in enumerate(piles) if pile)
        i = best[1]
        card = piles[i].pop()
        assert found[card // 13] == card % 13
        found[card // 13] += 1
        moves.append(("P", i, 1, FOUNDATION))
    return moves


def _root(state):
    piles = []
    for pile, face_down in zip(state.tableau, state.face_down, strict=True):
        cards = tuple(_CARD[card] for card in pile)
        down, up = cards[:face_down], cards[face_down:]
        if not up and down:
            down, up = down[:-1], down[-1:]
        piles.append((down, up))
    talon = tuple(_CARD[card] for card in state.waste + state.stock)
    limit = state.options["passes"]
    turns = None if limit == klondike.UNLIMITED else max(0, limit - 1 - state.passes)
    return (tuple(piles), tuple(state.foundations), talon, len(state.waste), turns)


def _in_grammar(state, internal):
    """Replay the internal moves through the engine; the engine's moves, or raise."""
    engine = klondike.ENGINE
    moves = []

    def play(move):
        nonlocal state
        state = engine.apply(state, 0, move)
        moves.append(move)

    def turn_up():
        for i, pile in enumerate(state.tableau):
            if pile and state.face_down[i] == len(pile):
                play(f"flip t{i}")

    turn_up()
    steps = [step for move in internal for step in (move[1] if move[0] == "C" else (move,))]
    for move in steps:
        if engine.is_over(state):
            break
        if move[0] == "T":
            card, to = _NAME[move[1]], move[2]
            for _ in range(80):
                if state.waste and state.waste[-1] == card:
                    break
                play("draw")
            else:
                raise AssertionError(f"the {card} never reached the waste")
            play(f"move waste f{card[1]}" if to == FOUNDATION else f"move waste t{to}")
        elif move[0] == "P":
            _, i, count, to = move
            if to == FOUNDATION:
                play(f"move t{i} f{state.tableau[i][-1][1]}")
            else:
                play(f"move t{i} t{to} {count}")
        else:
            play(f"move f{SUITS[move[1]]} t{move[2]}")
        turn_up()
    if not engine.is_over(state):
        raise AssertionError("the solution did not win")
    return moves


def search(state, *, max_nodes: int = 200_000, max_seconds: float | None = None) -> Verdict:
    """Solve ``state`` within the budget; see the module docstring."""
    return _search(state, max_nodes, max_seconds, deadlocks=True)


def _search(state, max_nodes, max_seconds, *, deadlocks):
    started = time.perf_counter()
    if klondike.ENGINE.is_over(state):
        return Verdict("solved", [], 0, 0.0)
    limit = state.options["passes"]
    draw = state.options["draw"]
    turns = None if limit == klondike.UNLIMITED else max(0, limit - 1 - state.passes)
    deadline = None if max_seconds is None else started + max_seconds
    root = _root(state)
    nodes = 0
    budget = max(1, max_nodes // FIRST_SHARE)
    shuffle = None
    marks: dict = {}
    first_order = 0
    while True:
        finder = _Search(draw, turns, min(budget, max_nodes - nodes), deadline, shuffle, deadlocks, marks,
                         first_order)
        try:
            internal = finder.run(root)
        except _OutOfBudget:
            first_order += finder.nodes + 1
            nodes += min(finder.nodes, finder.max_nodes)
            if nodes >= max_nodes or (deadline is not None and time.perf_counter() > deadline):
                return Verdict(UNKNOWN, None, nodes, time.perf_counter() - started)
            shuffle = 1 if shuffle is None else shuffle + 1
            budget = RESTART_NODES * _luby(shuffle)
            continue
        nodes += finder.nodes
        break
    seconds = time.perf_counter() - started
    if internal is None:
        return Verdict("unwinnable", None, nodes, seconds)
    return Verdict("solved", _in_grammar(state, internal), nodes, seconds, internal)


def solve(state, *, max_nodes: int = 200_000, max_seconds: float | None = None):
    """A winning list of moves, None when proven unwinnable, or ``UNKNOWN``."""
    verdict = search(state, max_nodes=max_nodes, max_seconds=max_seconds)
    if verdict.status == "solved":
        return verdict.moves
    if verdict.status == "unwinnable":
        return None
    return UNKNOWN


def hint(state, budget: int = 50_000, *, max_seconds: float | None = 2.0) -> str | None:
    """The next move of a solution from ``state``; None when none was found in the budget."""
    # The deadlock test costs half as much again per node and mostly pays in proofs of
    # unwinnability, which a hint has no use for: the player waits for a move.
    verdict = _search(state, budget, max_seconds, deadlocks=False)
    if verdict.status == "solved" and verdict.moves:
        return verdict.moves[0]
    return None


def useful_move(state) -> str | None:
    """The legal move the search would try first from ``state``, with no proof that it wins:
    what a hint names when no winning line was found. A face-down top turned up first, then
    a safe card sent up, then the search's own order (``_Search.moves``), each spelled as
    its first move in the engine's grammar (a card still in the stock is reached by
    ``draw``). A move back to the position before the last one is passed over, so asking
    again after following it does not go back and forth. None when only Undo is left."""
    engine = klondike.ENGINE
    legal = [move for move in engine.legal_moves(state, 0) if move != "undo"]
    if not legal:
        return None
    flips = [move for move in legal if move.startswith("flip")]
    if flips:
        return flips[0]
    limit = state.options["passes"]
    turns = None if limit == klondike.UNLIMITED else max(0, limit - 1 - state.passes)
    finder = _Search(state.options["draw"], turns, 1, None, deadlocks=False)
    root = _root(state)
    safe: list = []
    finder.autoplay(root, safe)
    ranked = [_first_step(state, move) for move in (safe[:1] or finder.moves(root))]
    before = _key_before(state, finder)
    for move in ranked + legal:
        if move in legal and finder.key(_root(engine.apply(state, 0, move))) != before:
            return move
    return legal[0]


def _first_step(state, move) -> str:
    """The engine move that starts the search's ``move`` from ``state``."""
    kind = move[0]
    if kind == "C":
        return _first_step(state, move[1][0])
    if kind == "T":
        card = _NAME[move[1]]
        if not state.waste or state.waste[-1] != card:
            return "draw"
        return f"move waste f{card[1]}" if move[2] == FOUNDATION else f"move waste t{move[2]}"
    if kind == "P":
        _, i, count, to = move
        return f"move t{i} f{state.tableau[i][-1][1]}" if to == FOUNDATION else f"move t{i} t{to} {count}"
    return f"move f{SUITS[move[1]]} t{move[2]}"


def _key_before(state, finder):
    """The search key of the position before the last move, or None at the deal."""
    if not state.history:
        return None
    return finder.key(_root(klondike.ENGINE.apply(state, 0, "undo")))
