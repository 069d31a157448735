"""Duplicate deals with seat rotation, for comparing bots that take their time (search bots).

Every deal is played once from every seat by each compared bot, the other seats held by the
field's bot, so the cards are the same for every bot compared and luck cancels in the pairs.
In a partnership game (the ``teams`` trait) the compared bot holds every seat of a team, and
the deal is played once from each team's side.
A result is the compared seat's points in the first hand and its points relative to the field
(its points less the mean of the other seats'); a searching bot's thinking time per move is
kept too. Deals are spread over worker processes; each (deal, seat, bot) has its own seeded
stream, so the figures do not depend on how many.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import catalogue  # noqa: E402


def timed_choice(bot, view, legal, rng, think, times):
    """The bot's move; a searching bot is handed ``think`` and its process time is added to
    ``times`` when it had a choice to make."""
    if not getattr(bot, "searches", False):
        return bot.choose(view, legal, rng)
    started = time.process_time()
    move = bot.choose(view, legal, rng, **think)
    if len(legal) > 1:
        times.append(time.process_time() - started)
    return move


def _first_hand(slug, bots, seed, think):
    """Seat points of the first hand of a seeded match with ``bots`` seated, and the
    thinking times of the searching seats' moves with more than one choice."""
    engine = catalogue.get(slug).engine
    state = engine.new_game(len(bots), seed=seed)  # the table Play now sets up
    rng = random.Random(seed)
    times = []
    while engine.hands_played(state) == 0 and not engine.is_over(state):
        seat = engine.to_move(state)[0]
        legal = engine.legal_moves(state, seat)
        state = engine.apply(state, seat, timed_choice(bots[seat], engine.view(state, seat), legal, rng, think, times))
    return list(engine.outcome(state)["scores"]), times  # the match's totals, after its first hand


def _deal(slug, levels, field, deal, seed, think):
    game = catalogue.get(slug)
    rows = []
    players = game.engine.players_by_default
    # A partnership game compares partnerships: the compared bot holds every seat of a team.
    sides = game.teams({}, players) or [(seat,) for seat in range(players)]
    for side in sides:
        for level in levels:
            bots = [game.bot(level) if other in side else game.bot(field) for other in range(players)]
            points, times = _first_hand(slug, bots, f"{seed}:{deal}", think)
            others = [p for other, p in enumerate(points) if other not in side]
            rows.append((deal, side[0], level, points[side[0]], points[side[0]] - sum(others) / len(others), times))
    return rows


def duplicate(slug, levels, field, deals, seed, *, think=None, jobs=1):
    """Rows ``(deal, seat, level, points, relative, times)`` for every deal, seat and level."""
    think = think or {}
    if jobs <= 1:
        return [row for deal in range(deals) for row in _deal(slug, levels, field, deal, seed, think)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(_deal, *zip(*[(slug, levels, field, deal, seed, think) for deal in range(deals)],
                                     strict=True))
        return [row for part in parts for row in part]


def interval(values):
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(variance / len(values))


def report(rows, levels, *, lower_is_better=True):
    """Print each level's points and points relative to the field, the paired difference of
    each level from the first, and thinking time per move."""
    by_level = {level: {(deal, seat): row for deal, seat, lvl, *row in rows if lvl == level} for level in levels}
    print(f"{'level':<10}{'points/hand':>18}{'relative to field':>22}{'think median':>14}{'p95':>8}")
    for level in levels:
        results = by_level[level].values()
        points, relative = interval([r[0] for r in results]), interval([r[1] for r in results])
        times = sorted(t for r in results for t in r[2])
        think = (f"{statistics.median(times) * 1000:>12.0f}ms{times[int(0.95 * (len(times) - 1))] * 1000:>6.0f}ms"
                 if times else f"{'-':>14}{'-':>8}")
        print(f"{level:<10}{points[0]:>11.2f} ± {points[1]:<4.2f}{relative[0]:>15.2f} ± {relative[1]:<4.2f}{think}")
    first = levels[0]
    for level in levels[1:]:
        for column, what in ((0, "points"), (1, "points relative to the field")):
            pairs = [row[column] - by_level[level][key][column] for key, row in by_level[first].items()]
            mean, half = interval(pairs)
            better = -mean if lower_is_better else mean
            print(f"{first} against {level}, same deal and seat: {better:+.2f} ± {half:.2f} {what} per hand better "
                  f"({len(pairs)} hands)")
