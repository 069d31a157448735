"""Our Gin Rummy bots against OpenSpiel's simple gin rummy bot, with OpenSpiel as the referee.

    .venv/bin/python bench/gin_openspiel.py --deals 1000 [--levels basic expert] [--jobs 4]

What it measures: each compared level's points per hand against OpenSpiel's C++ "simple gin
rummy bot" (``pyspiel.make_simple_gin_rummy_bot``), its hands won, its share of void hands and,
for a searching bot, its thinking time per move (process time of each move with more than one
choice, median and p95); then each level's paired difference from the first level.

How: every hand is an OpenSpiel ``gin_rummy`` game (default parameters: knock card 10, gin and
undercut bonuses 25, one hand per game), so its rules apply and its ``returns()`` is the score.
The chance nodes deal a seeded deck: ten cards to player 0, ten to player 1, the upcard, then
each stock draw takes the next card. Player 0 acts first: in our terms seat 0, seat 1 dealing.
When our bot is to act it is shown exactly what it would see at our table: the ``view`` and
``legal_moves`` of a ``GinRummyState`` that mirrors OpenSpiel's (hands, stock in deal order,
discard pile with the upcard on top, the card just taken, the cards each took up and holds
still, the knocker's laid melds grown by our layoffs), loaded with ``ENGINE.load`` from our dump
format. Its move is translated into OpenSpiel actions, each checked against
``legal_actions()``: a knock is the knock action, the discard, our least-deadwood melds one
action each (runs longer than five cut in pieces: OpenSpiel's melds have at most five cards),
then pass; ``done`` is pass, our melds of what is left, pass. Every deal is played by each level
once as player 0 and once as player 1, with the same deck (duplicate deals with seat rotation),
and each (deal, seat, level) has its own seeded stream, so the figures do not depend on
``--jobs``. The simple bot also plays itself over the same deals as a check of the harness.

Where OpenSpiel's rules (``open_spiel/games/gin_rummy``) differ from ours
(``games/catalogue/gin_rummy/engine.py``), as read in both sources:

- One hand is a whole game: no target score, game bonus, boxes or shutout. The return is
  zero-sum (the loser's is the negative of the winner's); we score the winner only.
- A tie is no undercut: the knocker gets the defender's deadwood less its own, 25 less again
  when that is negative, so equal deadwood scores 0 for both (ours: an undercut, the defender
  wins 25). Gin scores the defender's deadwood plus 25, as ours.
- No big gin: eleven melded cards still knock and discard, scored as gin (25, ours 31).
- The wall: after a discard that leaves two stock cards, the other player may knock by taking
  that discard (when the eleven cards' count, see below, is within the knock card; then it
  discards as after any knock) or pass, which ends the hand with 0 for both. Ours voids the
  hand at that discard.
- A card just taken from the discard pile may be discarded (or knocked with) at once; ours
  forbids it. A player who takes the upcard and throws it straight back makes a "repeated
  move"; two in succession end the hand with 0 for both.
- The 50th draw of the upcard after the first turn's offer ends the hand at once with 0 for
  both (``kMaxNumDrawUpcardActions``); the 300-action ``MaxGameLength`` is only the bound the
  game declares, nothing in the state enforces it.
- Whether an eleven-card hand may knock is judged by ``MinDeadwood``'s shortcut (the best melds
  of all eleven, then the highest deadwood card dropped), an upper bound on the least deadwood
  after the best discard: now and then a knock our rules allow is refused. We then play the
  knock's card as a plain discard and count it (a wall knock so refused is a pass).
- Layoffs: onto the knocker's melds only, a fourth card on a three-card set, a card beyond
  either end of a run; a card laid off before extends a run only when it touches the run as
  laid, so at most two cards go off the same end of a run (ours: any number). A layoff our
  rules offer and OpenSpiel refuses is treated as ``done`` and counted.
- Laying the hand: the knocker lays melds one action at a time and may pass once its deadwood
  is within the knock card; the defender lays off, passes, lays the melds it chooses, passes.
  Cards not laid count as deadwood (ours arranges for least deadwood unless told otherwise).
  After gin the defender may lay melds but not lay off, as ours.
- Dealing: ten cards to player 0 then ten to player 1 (ours alternates); the same for a
  shuffled deck.

A quirk of the simple bot, not of the rules: facing gin, its first queued action is the pass
that ends its (forbidden) layoffs, which after gin ends the hand, so it lays no melds and all
its cards count as deadwood. Our gins against it score that way; the report counts them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pyspiel  # noqa: E402
from pyspiel import gin_rummy as spiel_gin  # noqa: E402

from bench.duplicate import interval, timed_choice  # noqa: E402
from games import catalogue  # noqa: E402
from games.catalogue.gin_rummy.engine import ENGINE  # noqa: E402
from games.kit.cards import shuffled, standard_deck  # noqa: E402
from games.kit.melds import INDEX, LABELS, best_melds, card_value, deadwood, list_cards, meld_order  # noqa: E402

SLUG = "gin_rummy"
SIMPLE = "openspiel"  # the simple bot in our seat too: the harness check
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
MAX_MELD = 5  # OpenSpiel's melds have at most five cards
Phase = spiel_gin.Phase
UTILS = spiel_gin.GinRummyUtils(13, 4, 10)
# Our card index (suits CDHS, aces low) to OpenSpiel's card int (suits scdh) and back.
TO_SPIEL = tuple(UTILS.card_int(label[0] + label[1].lower()) for label in LABELS)
FROM_SPIEL = tuple(sorted(range(52), key=TO_SPIEL.__getitem__))
assert all(TO_SPIEL[i] == (i + 13) % 52 and FROM_SPIEL[TO_SPIEL[i]] == i for i in range(52))
ENDINGS = ("knock ", "gin ", "big gin")
UNLAID = "our gins the simple bot laid no melds against"
UNLAID_POINTS = "points from its melds not laid"
PHASES = {Phase.FIRST_UPCARD: "offer", Phase.DRAW: "draw", Phase.DISCARD: "discard", Phase.LAYOFF: "layoff"}
_GAME = None
_SIMPLE_BOTS: dict[int, object] = {}


class Mistranslation(AssertionError):
    """Our move, or an action it was translated to, was not legal: a bug of this adapter."""


def spiel_game():
    global _GAME
    if _GAME is None:
        _GAME = pyspiel.load_game(SLUG)
    return _GAME


def simple_bot(player):
    """OpenSpiel's simple bot for ``player``, restarted: it keeps a queue of knock actions."""
    if player not in _SIMPLE_BOTS:
        _SIMPLE_BOTS[player] = pyspiel.make_simple_gin_rummy_bot(spiel_game().get_parameters(), player)
    bot = _SIMPLE_BOTS[player]
    bot.restart()
    return bot


def mask_of(spiel_cards):
    mask = 0
    for card in spiel_cards:
        mask |= 1 << FROM_SPIEL[card]
    return mask


def spiel_melds(mask):
    """Meld actions laying our least-deadwood melds of ``mask``, long runs cut in pieces."""
    actions = []
    for meld in best_melds(mask):
        cards = [INDEX[card] for card in list_cards(meld)]
        while len(cards) > MAX_MELD:  # a run: three off its low end leave three or more
            actions.append(_meld_action(cards[:3]))
            cards = cards[3:]
        actions.append(_meld_action(cards))
    return actions


def _meld_action(cards):
    return MELD_BASE + UTILS.meld_to_int(sorted(TO_SPIEL[card] for card in cards))


# -- one hand in OpenSpiel ---------------------------------------------------------------------


class Table:
    """An OpenSpiel hand and what the mirror needs that OpenSpiel does not keep: the deck's
    order (the stock, top first), the card just taken, the cards each took up and holds still,
    and where our layoffs went."""

    def __init__(self, deck):
        self.state = spiel_game().new_initial_state()
        self.deck = [INDEX[card] for card in deck]
        self.dealt = 0
        self.taken = 0
        self.picked = [0, 0]
        self.layoffs = []  # (card index, meld number) as our bot laid them off
        self.notes = Counter()
        self._deal()

    def _deal(self):
        while self.state.is_chance_node():
            self.state.apply_action(TO_SPIEL[self.deck[self.dealt]])
            self.dealt += 1

    def legal(self, action):
        return action in self.state.legal_actions()

    def play(self, action, why=""):
        """Apply ``action`` for the player to act (checked legal), then deal what it drew."""
        state = self.state
        if not self.legal(action):
            raise Mistranslation(f"action {action} ({why}) is not legal: {state.legal_actions()}\n{state}")
        player, phase = state.current_player(), state.current_phase()
        if action == DRAW_UPCARD or (action == KNOCK and phase == Phase.WALL):  # a wall knock takes it
            self.taken = 1 << FROM_SPIEL[state.upcard()]
            self.picked[player] |= self.taken
        elif action == DRAW_STOCK:
            self.taken = 0
        elif action < 52 and phase in (Phase.DISCARD, Phase.KNOCK):
            self.taken = 0
            self.picked[player] &= ~(1 << FROM_SPIEL[action])
        state.apply_action(action)
        self._deal()

    def knocker(self):
        knocked = self.state.knocked()
        return knocked.index(True) if True in knocked else -1

    def mirror(self, seat, *, wall=False):
        """Our engine's state for this moment, from our dump format. ``wall``: as if ``seat``
        had taken the upcard at the wall (our rules have no such moment) and must discard."""
        state = self.state
        hands = [mask_of(hand) for hand in state.hands()]
        pile = [FROM_SPIEL[card] for card in state.discard_pile()]
        if state.upcard() is not None:
            pile.append(FROM_SPIEL[state.upcard()])
        taken, picked = self.taken, list(self.picked)
        passes, stock_only = sum(state.pass_on_first_upcard()), False
        if wall:
            phase, taken = "discard", 1 << pile.pop()
            hands[seat] |= taken
            picked[seat] |= taken
        elif state.current_phase() == Phase.FIRST_UPCARD and passes == 2:
            phase, stock_only = "draw", True
        else:
            phase = PHASES[state.current_phase()]
        knocker = self.knocker()
        data = {
            "seed": "openspiel", "hand_number": 1, "dealer": 1, "knock_limit": state.knock_card(),
            "phase": phase, "turn": seat, "passes": passes, "stock_only": stock_only,
            "taken": LABELS[taken.bit_length() - 1] if taken else None,
            "hands": [list(list_cards(hand)) for hand in hands],
            "picked": [list(list_cards(mask)) for mask in picked],
            "stock": [LABELS[card] for card in self.deck[self.dealt:]],
            "discard_pile": [LABELS[card] for card in pile],
            "knocker": knocker, "kind": "knock" if knocker >= 0 else "",
            "knock_melds": [list(list_cards(meld)) for meld in self.knock_melds(knocker)],
            "layoffs": [[LABELS[card], meld] for card, meld in self.layoffs],
            "totals": [0, 0], "boxes": [0, 0], "history": [], "last_hand": None, "final": None,
            "options": {"knock_limit": state.knock_card(), "oklahoma": False, "target_score": 100},
        }
        return ENGINE.load(data)

    def knock_melds(self, knocker):
        """The knocker's melds as laid (in our order), grown by our layoffs, as ours are."""
        if knocker < 0:
            return []
        melds = sorted((mask_of(UTILS.int_to_meld[meld]) for meld in self.state.layed_melds()[knocker]),
                       key=meld_order)
        for card, meld in self.layoffs:
            melds[meld] |= 1 << card
        return melds


# -- our bot's turn ------------------------------------------------------------------------------


def _choose(bot, view, legal, rng, think, times):
    move = timed_choice(bot, view, legal, rng, think, times)
    if move not in legal:
        raise Mistranslation(f"our bot chose {move!r}, not among {legal}")
    return move


def our_turn(table, seat, bot, rng, think, times):
    """Play our bot's move, translated into OpenSpiel actions."""
    state = table.state
    if state.current_phase() == Phase.WALL:
        return _wall(table, seat, bot, rng, think, times)
    if state.current_phase() == Phase.LAYOFF and state.finished_layoffs():
        # After their gin our rules end the hand at once: our cards are laid for least deadwood.
        return _lay_rest(table, seat)
    mirror = table.mirror(seat)
    move = _choose(bot, ENGINE.view(mirror, seat), ENGINE.legal_moves(mirror, seat), rng, think, times)
    hand = mirror.hands[seat]
    if move in ("draw discard", "pass", "draw stock"):
        return table.play({"draw discard": DRAW_UPCARD, "pass": PASS, "draw stock": DRAW_STOCK}[move], move)
    if move.startswith("discard "):
        return table.play(TO_SPIEL[INDEX[move[8:]]], move)
    if move.startswith(ENDINGS):
        if not table.legal(KNOCK):  # OpenSpiel's eleven-card count is higher than ours
            table.notes["knock refused, played as a discard"] += 1
            return table.play(TO_SPIEL[INDEX[move[-2:]]], move)
        table.play(KNOCK, move)
        return _lay_knock(table, hand, move)
    if move.startswith("layoff "):
        card, meld = INDEX[move.split()[1]], int(move.split()[2])
        if table.legal(TO_SPIEL[card]):
            table.layoffs.append((card, meld))
            return table.play(TO_SPIEL[card], move)
        table.notes["layoff refused, taken as done"] += 1
    table.play(PASS, move)  # done laying off
    return _lay_rest(table, seat)


def _lay_knock(table, hand, move):
    """After the knock action: the discard, our melds of the ten cards kept, pass."""
    if move == "big gin":  # OpenSpiel has none: discard a card that leaves gin
        card = next(card for card in range(52) if hand >> card & 1 and not deadwood(hand ^ 1 << card))
    else:
        card = INDEX[move[-2:]]
    table.play(TO_SPIEL[card], move)
    for action in spiel_melds(hand & ~(1 << card)):
        table.play(action, move)
    table.play(PASS, move)


def _lay_rest(table, seat):
    for action in spiel_melds(mask_of(table.state.hands()[seat])):
        table.play(action, "our melds")
    table.play(PASS, "our melds")


def _wall(table, seat, bot, rng, think, times):
    """OpenSpiel's wall, where our rules have voided the hand: knock if both rule sets allow it
    with a card other than the upcard (our bot choosing how), otherwise pass."""
    mirror = table.mirror(seat, wall=True)
    endings = [move for move in ENGINE.legal_moves(mirror, seat) if move.startswith(ENDINGS)]
    if not (endings and table.legal(KNOCK)):
        if endings:
            table.notes["wall knock refused"] += 1
        elif table.legal(KNOCK):
            table.notes["wall knock only by throwing the upcard back"] += 1
        return table.play(PASS, "wall")
    move = _choose(bot, ENGINE.view(mirror, seat), endings, rng, think, times)
    table.play(KNOCK, move)  # takes the upcard
    table.notes["wall knocks"] += 1
    _lay_knock(table, mirror.hands[seat], move)


# -- hands, deals and rows -----------------------------------------------------------------------


def deal_deck(seed, deal):
    return shuffled(standard_deck(), f"{seed}:{deal}", label="gin_openspiel")


def play_hand(deck, seat, bot, rng, think=None):
    """One hand with ``bot`` as OpenSpiel player ``seat`` (None: the simple bot there too).
    Returns our points (OpenSpiel's return), how it ended, thinking times and notes."""
    table = Table(deck)
    think, times = think or {}, []
    bots = {player: simple_bot(player) for player in (0, 1) if bot is None or player != seat}
    while not table.state.is_terminal():
        player = table.state.current_player()
        if player in bots:
            table.play(bots[player].step(table.state), "simple bot")
        else:
            our_turn(table, seat, bot, rng, think, times)
    return table.state.returns()[seat], _ending(table, seat), times, table.notes


def _ending(table, seat):
    """``ours``, ``theirs`` or ``void``, with ``gin`` when the knocker had no deadwood."""
    state, knocker = table.state, table.knocker()
    if knocker < 0:
        table.notes["void at the wall" if state.stock_size() == 2 else "void by a move limit"] += 1
        return "void"
    points = state.returns()[knocker]
    if points == 0:
        table.notes["tie (our rules: an undercut)"] += 1
    gin = state.deadwood()[knocker] == 0
    defender = mask_of(state.hands()[1 - knocker])
    if gin and knocker == seat and card_value(defender) > deadwood(defender):  # the simple bot's quirk
        table.notes[UNLAID] += 1
        table.notes[UNLAID_POINTS] += card_value(defender) - deadwood(defender)
    return ("ours" if knocker == seat else "theirs") + (" gin" if gin else "")


def _deal(deal, seed, levels, think):
    """Rows ``(deal, seat, level, points, ending, times, notes)`` of one deal: each level from
    both seats, and the simple bot against itself."""
    game = catalogue.get(SLUG)
    deck = deal_deck(seed, deal)
    rows = []
    for level in [*levels, SIMPLE]:
        bot = None if level == SIMPLE else game.bot(level)
        for seat in (0, 1):
            rng = random.Random(f"{seed}:{deal}:{seat}:{level}")
            points, ending, times, notes = play_hand(deck, seat, bot, rng, think)
            rows.append((deal, seat, level, points, ending, times, dict(notes)))
    return rows


def against_openspiel(levels, deals, seed, *, think=None, jobs=1):
    """Rows ``(deal, seat, level, points, ending, times, notes)`` for every deal, seat and level
    (and level ``openspiel``: the simple bot in our seat)."""
    think = think or {}
    if jobs <= 1:
        return [row for deal in range(deals) for row in _deal(deal, seed, levels, think)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(_deal, range(deals), [seed] * deals, [levels] * deals, [think] * deals,
                         chunksize=max(1, deals // (jobs * 8)))
        return [row for part in parts for row in part]


def default_levels():
    available = catalogue.get(SLUG).bot_levels
    return [level for level in ("basic", "expert") if level in available]


# -- the report ----------------------------------------------------------------------------------


def report(rows, levels):
    """Print each level's points, wins, voids and thinking time against the simple bot, the
    paired difference of each level from the first, and the simple bot against itself."""
    by_level = {}
    for deal, seat, level, *row in rows:
        by_level.setdefault(level, {})[(deal, seat)] = row
    deals = len({row[0] for row in rows})
    print(f"{deals} deals, each played from both seats against OpenSpiel's simple bot (OpenSpiel referee)")
    print(f"{'level':<11}{'hands':>6}{'points/hand':>17}{'win rate':>18}{'void':>7}{'think median':>14}{'p95':>8}")
    for level in [*levels, SIMPLE]:
        if level in by_level:
            _level_line(level, list(by_level[level].values()))
    for level in levels:
        _endings_line(level, list(by_level[level].values()))
    if SIMPLE in by_level:
        first = [row[0] for (deal, seat), row in by_level[SIMPLE].items() if seat == 0]
        mean, half = interval(first)
        print(f"{SIMPLE}: the simple bot against itself (zero-sum, so 0 over both seats); "
              f"player 0, who acts first: {mean:+.2f} ± {half:.2f}")
    first = levels[0]
    for level in levels[1:]:
        pairs = [row[0] - by_level[first][key][0] for key, row in by_level[level].items()]
        mean, half = interval(pairs)
        print(f"{level} against {first}, same deal and seat: {mean:+.2f} ± {half:.2f} points per hand "
              f"({len(pairs)} hands)")


def _level_line(level, results):
    points = interval([r[0] for r in results])
    wins = interval([100.0 * (r[0] > 0) for r in results])
    void = 100.0 * sum(r[1] == "void" for r in results) / len(results)
    times = sorted(t for r in results for t in r[2])
    think = (f"{statistics.median(times) * 1000:>12.0f}ms{times[int(0.95 * (len(times) - 1))] * 1000:>6.0f}ms"
             if times else f"{'-':>14}{'-':>8}")
    print(f"{level:<11}{len(results):>6}{points[0]:>+10.2f} ± {points[1]:<5.2f}"
          f"{wins[0]:>9.1f}% ± {wins[1]:>4.1f}%{void:>7.1f}%{think}")


def _endings_line(level, results):
    endings = Counter(r[1] for r in results)
    notes = Counter()
    for r in results:
        notes.update(r[3])
    ended = ", ".join(f"{ending} {endings[ending]}" for ending in ("ours", "ours gin", "theirs", "theirs gin", "void"))
    print(f"{level}: ended {ended}")
    if notes:
        print(f"{' ' * len(level)}  " + ", ".join(f"{note} {count}" for note, count in sorted(notes.items())))
    if notes[UNLAID_POINTS]:
        mean = (sum(r[0] for r in results) - notes[UNLAID_POINTS]) / len(results)
        print(f"{' ' * len(level)}  points/hand had it laid its melds against our gins: {mean:+.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals, each played from both seats")
    parser.add_argument("--seed", default="gin-openspiel")
    parser.add_argument("--levels", nargs="+", help="our levels compared (default: basic, and expert if there)")
    parser.add_argument("--search-deals", type=int, help="sampled deals per move of a searching bot")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    levels = args.levels or default_levels()
    think = {"deals": args.search_deals} if args.search_deals else {}
    started = time.perf_counter()
    rows = against_openspiel(levels, args.deals, args.seed, think=think, jobs=args.jobs)
    report(rows, levels)
    print(f"({time.perf_counter() - started:.0f}s, {args.jobs} job{'s' if args.jobs != 1 else ''})")


if __name__ == "__main__":
    main()
