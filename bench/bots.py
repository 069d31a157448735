"""Each game's bot levels against ``random`` ones, over seeded hands.

    .venv/bin/python bench/bots.py --hands 2000 [--games cribbage ...]

Hearts: average points per hand of each level in seat 0 against three ``random`` bots; lower is
better, and uniform random play takes a quarter of the 26 points and a little more (shot moons
hand 26 to the other three). Spades: a ``basic`` partnership against a ``random`` one over
duplicate deals (every deal played twice, the partnerships swapping seats), points per hand per
team with a 95% interval. Oh Hell!: ``basic`` in seat 0 against three ``random`` bots over whole
matches, points per match. Crazy Eights (one-round tables) and Shithead (whole games): ``basic``
against three ``random`` bots with seat rotation (every deal played four times, ``basic`` in each
seat once): Crazy Eights' points per round and rounds won, Shithead's place (1 is out first, 4 the
Shithead) with 95% intervals. Cribbage: ``basic`` against ``random``, every deal played from both
seats, at least 1,000 games to 121: games won and the margin in points, with 95% intervals, and
the skunks given and taken. Yahtzee (solitaire): each level's mean score over at least 20,000
seeded games with a 95% interval, beside the perfect strategy's 254.59 (its table is loaded from
``var/yahtzee_strategy.npy``, or built first). Memory: each level's turns to clear 8, 18 and 26
pairs alone, and its pairs against ``elephant`` at two seats, each seat remembering the views it
was shown. Hearts' and Oh Hell!'s ``expert`` (a search, ``bench/duplicate.py``): duplicate deals
with seat rotation against three ``basic`` bots, beside ``basic`` in the same seats, the first
hand (Oh Hell!: the first round, of 10 cards) only, with each searching move's thinking time
(process time, median and p95); Spades' the same with partnerships, every deal played from both
sides. Gin Rummy's ``basic`` and ``expert`` against OpenSpiel's simple gin bot, OpenSpiel the
referee, every deal from both seats (``bench/gin_openspiel.py``). Matches are seeded, so the figures repeat;
only hands/s and thinking times depend on the machine. Every bot sees only its own seat's ``view``.
"""

import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.duplicate import duplicate, report  # noqa: E402
from games import catalogue  # noqa: E402


def points_per_hand(engine, seat_bots, hands, seed):
    """Seat 0's average points over ``hands`` hands of seeded matches, and hands/s."""
    rng = random.Random(seed)
    scores = []
    started = time.perf_counter()
    match = 0
    while len(scores) < hands:
        match += 1
        state = engine.new_game(4, seed=f"{seed}:{match}")
        while not engine.is_over(state) and engine.hands_played(state) < hands - len(scores):
            seat = engine.to_move(state)[0]
            move = seat_bots[seat].choose(engine.view(state, seat), engine.legal_moves(state, seat), rng)
            state = engine.apply(state, seat, move)
        scores += [hand[0] for hand in engine.view(state, None)["hand_scores"]]
    elapsed = time.perf_counter() - started
    return sum(scores) / len(scores), len(scores) / elapsed


def gin_hands_won(engine, seat_bots, hands, seed):
    """Gin Rummy: hands won by each seat and void hands over ``hands`` hands, and hands/s."""
    rng = random.Random(seed)
    records = []
    started = time.perf_counter()
    match = 0
    while len(records) < hands:
        match += 1
        state = engine.new_game(2, seed=f"{seed}:{match}")
        while not engine.is_over(state) and engine.hands_played(state) < hands - len(records):
            seat = engine.to_move(state)[0]
            move = seat_bots[seat].choose(engine.view(state, seat), engine.legal_moves(state, seat), rng)
            state = engine.apply(state, seat, move)
        records += engine.view(state, None)["scores"]["hands"]
    won = [sum(record["winner"] == seat for record in records) for seat in (0, 1)]
    return won, len(records) - sum(won), len(records) / (time.perf_counter() - started)


def rummy_rounds_won(engine, seat_bots, rounds, seed):
    """Rummy, two players: rounds won by each seat over ``rounds`` rounds, and rounds/s.

    A round ended by an empty stock with tied lowest hands counts for neither seat.
    """
    rng = random.Random(seed)
    won = [0, 0]
    played = 0
    started = time.perf_counter()
    match = 0
    while played < rounds:
        match += 1
        state = engine.new_game(2, seed=f"{seed}:{match}")
        while not engine.is_over(state) and played < rounds:
            seat = engine.to_move(state)[0]
            move = seat_bots[seat].choose(engine.view(state, seat), engine.legal_moves(state, seat), rng)
            before = engine.hands_played(state)
            state = engine.apply(state, seat, move)
            if engine.hands_played(state) > before:
                played += 1
                winners = engine.view(state, None)["last_round"]["winners"]
                if len(winners) == 1:
                    won[winners[0]] += 1
    return won, played / (time.perf_counter() - started)


def mean_and_interval(values):
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(variance / len(values))


def spades_duplicate(engine, strong, weak, deals, seed):
    """Points per hand of each partnership, every deal played from both sides: the strong
    partnership's and the weak one's hand scores, and hands/s."""
    rng = random.Random(seed)
    strong_points, weak_points = [], []
    started = time.perf_counter()
    for deal in range(deals):
        for strong_team in (0, 1):
            state = engine.new_game(4, seed=f"{seed}:{deal}")
            bots = [strong if seat % 2 == strong_team else weak for seat in range(4)]
            while engine.hands_played(state) == 0:
                seat = engine.to_move(state)[0]
                state = engine.apply(state, seat, bots[seat].choose(engine.view(state, seat),
                                                                    engine.legal_moves(state, seat), rng))
            points = engine.view(state, None)["hand_scores"][0]
            strong_points.append(points[strong_team])
            weak_points.append(points[1 - strong_team])
    return strong_points, weak_points, 2 * deals / (time.perf_counter() - started)


def oh_hell_matches(engine, seat_bots, matches, seed):
    """Oh Hell!: each seat's final totals over ``matches`` seeded four-player matches, and rounds/s."""
    rng = random.Random(seed)
    totals = [[] for _ in seat_bots]
    rounds = 0
    started = time.perf_counter()
    for match in range(matches):
        state = engine.new_game(len(seat_bots), seed=f"{seed}:{match}")
        while not engine.is_over(state):
            seat = engine.to_move(state)[0]
            state = engine.apply(state, seat, seat_bots[seat].choose(engine.view(state, seat),
                                                                     engine.legal_moves(state, seat), rng))
        rounds += engine.hands_played(state)
        for seat, score in enumerate(engine.outcome(state)["scores"]):
            totals[seat].append(score)
    return totals, rounds / (time.perf_counter() - started)


def rotated_seats(engine, strong, weak, deals, seed, *, options=None, players=4, marks=None):
    """Games with ``strong`` in each seat in turn over the same deal: per game the strong
    seat's score and rank and the weak seats' mean score, and games/s. ``marks``, a dict, counts
    the strong seat's result marks (Cribbage's skunks)."""
    rng = random.Random(seed)
    games = []
    started = time.perf_counter()
    for deal in range(deals):
        for strong_seat in range(players):
            state = engine.new_game(players, seed=f"{seed}:{deal}", options=options)
            bots = [strong if seat == strong_seat else weak for seat in range(players)]
            while not engine.is_over(state):
                seat = engine.to_move(state)[0]
                state = engine.apply(state, seat, bots[seat].choose(engine.view(state, seat),
                                                                    engine.legal_moves(state, seat), rng))
            outcome = engine.outcome(state)
            others = [score for seat, score in enumerate(outcome["scores"]) if seat != strong_seat]
            games.append((outcome["scores"][strong_seat], outcome["ranks"][strong_seat], sum(others) / (players - 1)))
            if marks is not None:
                mark = engine.result_facts(state).get("marks", [""] * players)[strong_seat]
                marks[mark] = marks.get(mark, 0) + 1
    return games, len(games) / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", default="bench-bots")
    parser.add_argument("--games", nargs="*", metavar="SLUG", help="only these games' sections")
    parser.add_argument("--expert-deals", type=int, default=300, help="duplicate deals for the expert bots")
    parser.add_argument("--search-deals", type=int, default=400, help="sampled deals per expert move")
    parser.add_argument("--gin-deals", type=int, default=1000,
                        help="Gin Rummy deals against OpenSpiel's bot, each played from both seats")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="processes for the expert sections")
    args = parser.parse_args()

    def wanted(slug):
        return not args.games or slug in args.games

    if wanted("hearts"):
        hearts = catalogue.get("hearts").engine
        opponent = catalogue.get("hearts").bot("random")
        print(f"Hearts, {args.hands} hands, seat 0 against three random bots")
        print(f"{'seat 0':<10}{'points/hand':>13}{'hands/s':>10}")
        for bot in reversed(catalogue.get("hearts").bots):
            if getattr(bot, "searches", False):
                continue  # measured below, against basic bots
            average, rate = points_per_hand(hearts, [bot, opponent, opponent, opponent], args.hands, args.seed)
            print(f"{bot.level:<10}{average:>13.2f}{rate:>10.0f}")
        expert_against_basic("hearts", args, first_hand="first hands")

    if wanted("gin_rummy"):
        gin = catalogue.get("gin_rummy").engine
        random_gin = catalogue.get("gin_rummy").bot("random")
        print(f"\nGin Rummy, {args.hands} hands, seat 0 against a random bot")
        print(f"{'seat 0':<10}{'won':>7}{'lost':>7}{'void':>7}{'won %':>8}{'hands/s':>10}")
        searching = catalogue.get("gin_rummy").searching_levels
        for bot in reversed(catalogue.get("gin_rummy").bots):
            if bot.level in searching:
                continue  # measured below, against OpenSpiel's bot
            (won, lost), void, rate = gin_hands_won(gin, [bot, random_gin], args.hands, args.seed)
            print(f"{bot.level:<10}{won:>7}{lost:>7}{void:>7}{100 * won / args.hands:>8.1f}{rate:>10.0f}")
        from bench import gin_openspiel  # needs pyspiel, the test extra's

        print(f"\nGin Rummy against OpenSpiel's simple gin bot, {args.search_deals} sampled deals an expert move")
        levels = gin_openspiel.default_levels()
        gin_openspiel.report(gin_openspiel.against_openspiel(levels, args.gin_deals, args.seed,
                                                             think={"deals": args.search_deals}, jobs=args.jobs),
                             levels)

    if wanted("rummy"):
        rummy = catalogue.get("rummy").engine
        print(f"\nRummy, {args.hands} rounds of two players, basic (seat 0) against random")
        (won, lost), rate = rummy_rounds_won(
            rummy, [catalogue.get("rummy").bot("basic"), catalogue.get("rummy").bot("random")], args.hands, args.seed
        )
        print(f"{'basic won':>10}{'random won':>12}{'basic %':>9}{'rounds/s':>10}")
        print(f"{won:>10}{lost:>12}{100 * won / args.hands:>9.1f}{rate:>10.0f}")

    if wanted("spades"):
        spades = catalogue.get("spades")
        deals = args.hands // 2
        strong, weak, rate = spades_duplicate(spades.engine, spades.bot("basic"), spades.bot("random"), deals, args.seed)
        print(f"\nSpades, {deals} deals each played from both sides ({2 * deals} hands), basic partnership against random")
        print(f"{'team':<10}{'points/hand':>13}{'95% ±':>8}{'hands/s':>10}")
        for name, points in (("basic", strong), ("random", weak)):
            mean, half = mean_and_interval(points)
            print(f"{name:<10}{mean:>13.1f}{half:>8.1f}{rate:>10.0f}")
        mean, half = mean_and_interval([a - b for a, b in zip(strong, weak, strict=True)])
        print(f"{'margin':<10}{mean:>13.1f}{half:>8.1f}")
        expert_against_basic("spades", args, first_hand="first hands (team points)")

    if wanted("oh_hell"):
        oh_hell = catalogue.get("oh_hell")
        matches = max(2, args.hands // 19)
        totals, rate = oh_hell_matches(oh_hell.engine, [oh_hell.bot("basic")] + [oh_hell.bot("random")] * 3, matches,
                                       args.seed)
        print(f"\nOh Hell!, {matches} matches of 19 rounds, basic (seat 0) against three random bots")
        print(f"{'seat':<10}{'points/match':>14}{'95% ±':>8}{'rounds/s':>10}")
        for seat, scores in enumerate(totals):
            mean, half = mean_and_interval(scores)
            shown_rate = f"{rate:.0f}" if seat == 0 else ""
            print(f"{'basic' if seat == 0 else f'random {seat}':<10}{mean:>14.1f}{half:>8.1f}{shown_rate:>10}")

        expert_against_basic("oh_hell", args, first_hand="the first round (10 cards)")

    if wanted("crazy_eights"):
        crazy_eights = catalogue.get("crazy_eights")
        deals = max(2, args.hands // 4)
        games, rate = rotated_seats(crazy_eights.engine, crazy_eights.bot("basic"), crazy_eights.bot("random"), deals,
                                    args.seed, options={"target_score": 0})
        print(f"\nCrazy Eights, {deals} deals of one round each played with basic in every seat ({len(games)} rounds),")
        print("basic against three random bots (a random seat wins a quarter of the rounds)")
        print(f"{'seat':<10}{'points/round':>14}{'95% ±':>8}{'won %':>8}{'rounds/s':>10}")
        mean, half = mean_and_interval([score for score, _, _ in games])
        won = 100 * sum(rank == 1 for _, rank, _ in games) / len(games)
        print(f"{'basic':<10}{mean:>14.1f}{half:>8.1f}{won:>8.1f}{rate:>10.0f}")
        mean, half = mean_and_interval([others for _, _, others in games])
        print(f"{'random':<10}{mean:>14.1f}{half:>8.1f}")

    if wanted("shithead"):
        shithead = catalogue.get("shithead")
        deals = max(2, args.hands // 4)
        games, rate = rotated_seats(shithead.engine, shithead.bot("basic"), shithead.bot("random"), deals, args.seed)
        print(f"\nShithead, {deals} deals each played with basic in every seat ({len(games)} games), basic against")
        print("three random bots; place 1 is out first, 4 the Shithead (a random seat averages 2.5)")
        print(f"{'seat':<10}{'place':>8}{'95% ±':>8}{'first %':>9}{'last %':>8}{'games/s':>10}")
        mean, half = mean_and_interval([rank for _, rank, _ in games])
        first = 100 * sum(rank == 1 for _, rank, _ in games) / len(games)
        last = 100 * sum(rank == 4 for _, rank, _ in games) / len(games)
        print(f"{'basic':<10}{mean:>8.2f}{half:>8.2f}{first:>9.1f}{last:>8.1f}{rate:>10.0f}")

    if wanted("cribbage"):
        cribbage = catalogue.get("cribbage")
        deals = max(500, args.hands // 4)
        marks = {}
        games, rate = rotated_seats(cribbage.engine, cribbage.bot("basic"), cribbage.bot("random"), deals, args.seed,
                                    players=2, marks=marks)
        print(f"\nCribbage, {deals} deals each played with basic in both seats ({len(games)} games to 121),")
        print("basic against random")
        print(f"{'seat':<10}{'won %':>8}{'95% ±':>8}{'margin':>8}{'95% ±':>8}{'games/s':>10}")
        won = [1.0 if rank == 1 else 0.0 for _, rank, _ in games]
        mean_won, half_won = mean_and_interval(won)
        mean, half = mean_and_interval([score - other for score, _, other in games])
        print(f"{'basic':<10}{100 * mean_won:>8.1f}{100 * half_won:>8.1f}{mean:>8.1f}{half:>8.1f}{rate:>10.1f}")
        print("basic's skunks: " + ", ".join(f"{mark or 'none'} {count}" for mark, count in sorted(marks.items())))

    if wanted("yahtzee"):
        yahtzee_section(max(20000, args.hands * 10), args.seed)

    if wanted("memory"):
        memory_section(max(500, args.hands // 2), args.seed)


def expert_against_basic(slug, args, *, first_hand):
    """The game's expert and basic over the same duplicate deals, the other seats basic."""
    game = catalogue.get(slug)
    lower = game.lower_is_better({})
    players = game.engine.players_by_default
    teams = game.teams({}, players)
    sides = ("both sides by an expert and by a basic partnership, the other side basic" if teams else
             f"all {players} seats by expert and by basic, the others basic")
    against = "the other team's" if teams else "the others' mean"
    print(f"\n{game.engine.name}, {args.expert_deals} deals each played from {sides};\n{first_hand} only, "
          f"{args.search_deals} sampled deals a move; points ({'lower' if lower else 'higher'} is better) "
          f"and less {against}")
    rows = duplicate(slug, ["expert", "basic"], "basic", args.expert_deals, args.seed,
                     think={"deals": args.search_deals}, jobs=args.jobs)
    report(rows, ["expert", "basic"], lower_is_better=lower)


def memory_game(engine, bots, players, seed, options):
    """One Memory game; each seat remembers every view it was shown, as a live table rebuilds
    them from its move log (``remember`` folds one view at a time, here as the game goes)."""
    from games.catalogue.memory.bots import remember

    rng = random.Random(seed)
    state = engine.new_game(players, seed=seed, options=options)
    memories = [{} for _ in range(players)]
    while not engine.is_over(state):
        forced = engine.forced_move(state)
        if forced is not None:
            state = engine.apply(state, *forced)
            continue
        seat = state.turn
        move = bots[seat].choose(engine.view(state, seat), engine.legal_moves(state, seat), rng,
                                 seen=memories[seat])
        state = engine.apply(state, seat, move)
        memories = [remember(memories[other], engine.view(state, other)) for other in range(players)]
    return state


def memory_section(games, seed):
    """Memory: turns to clear the grid alone per level and size, and each level's share of the
    pairs against elephant at two seats (seats swapped on every other game)."""
    memory = catalogue.get("memory")
    engine = memory.engine
    print(f"\nMemory, {games} seeded games per line: turns to clear the grid alone (fewer is better)")
    print(f"{'level':<10}" + "".join(f"{f'{pairs} pairs':>12}{'95% ±':>7}" for pairs in (8, 18, 26)))
    for bot in memory.bots:
        line = f"{bot.level:<10}"
        for pairs in (8, 18, 26):
            turns = [engine.outcome(memory_game(engine, [bot], 1, f"{seed}:{pairs}:{number}",
                                                {"pairs": pairs}))["scores"][0] for number in range(games)]
            mean, half = mean_and_interval(turns)
            line += f"{mean:>12.1f}{half:>7.1f}"
        print(line)
    elephant = memory.bot("elephant")
    print(f"\nTwo seats, 8 pairs, {games} games: each level's pairs out of 8 against elephant")
    print(f"{'level':<10}{'pairs':>7}{'95% ±':>7}{'won %':>8}")
    for bot in memory.bots:
        pairs, won = [], []
        for number in range(games):
            mine = number % 2
            seats = [bot, elephant] if mine == 0 else [elephant, bot]
            state = memory_game(engine, seats, 2, f"{seed}:duel:{number}", {"pairs": 8})
            outcome = engine.outcome(state)
            pairs.append(outcome["scores"][mine])
            won.append(1.0 if outcome["scores"][mine] > outcome["scores"][1 - mine] else 0.0)
        mean, half = mean_and_interval(pairs)
        print(f"{bot.level:<10}{mean:>7.2f}{half:>7.2f}{100 * sum(won) / len(won):>8.1f}")


def yahtzee_section(games, seed):
    """Solitaire Yahtzee: each level's mean final score over ``games`` seeded games (the same
    seeds for each level), with its 95% interval, beside the published optimum, 254.59."""
    from games.catalogue.yahtzee import bots as yahtzee_bots
    from games.catalogue.yahtzee import table
    from games.catalogue.yahtzee.engine import ENGINE as yahtzee

    started = time.process_time()
    values = table.load()
    how = f"loaded from {table.path()}"
    if values is None:
        values = table.build()
        how = f"built and saved to {table.path()}"
    table._state["values"] = values
    print(f"\nYahtzee, {games} seeded solitaire games per level; the perfect table was {how} in "
          f"{time.process_time() - started:.1f} s of CPU ({table.path().stat().st_size / 1e6:.1f} MB), "
          f"expecting {values[0, 0, 0]:.4f} at the start")
    print(f"{'level':<10}{'mean':>9}{'95% ±':>8}{'games/s':>10}")
    for bot in yahtzee_bots.LEVELS:
        rng = random.Random(seed)
        scores = []
        clock = time.perf_counter()
        for number in range(games):
            state = yahtzee.new_game(1, seed=f"{seed}:{number}")
            while not yahtzee.is_over(state):
                state = yahtzee.apply(state, 0, bot.choose(yahtzee.view(state, 0), yahtzee.legal_moves(state, 0), rng))
            scores.append(yahtzee.outcome(state)["scores"][0])
        mean, half = mean_and_interval(scores)
        print(f"{bot.level:<10}{mean:>9.2f}{half:>8.2f}{games / (time.perf_counter() - clock):>10.0f}")
    analysed = min(games, 200)
    for bot in yahtzee_bots.LEVELS[:2]:
        print(f"{bot.level} gives away {given_away(values, bot, analysed, seed):.2f} expected points a game by "
              f"the analysis ({analysed} games)")


def given_away(values, bot, games, seed):
    """The expected points ``bot`` gives away a game, by the analysis page's account."""
    from games.catalogue.yahtzee import analysis
    from games.catalogue.yahtzee.engine import ENGINE as yahtzee

    rng = random.Random(seed)
    total = 0.0
    for number in range(games):
        state, moves = yahtzee.new_game(1, seed=f"{seed}:{number}"), []
        while not yahtzee.is_over(state):
            move = bot.choose(yahtzee.view(state, 0), yahtzee.legal_moves(state, 0), rng)
            moves.append(move)
            state = yahtzee.apply(state, 0, move)
        total += sum(choice.given_away for choice in analysis.analyse(values, moves, seed=f"{seed}:{number}"))
    return total / games


if __name__ == "__main__":
    main()
