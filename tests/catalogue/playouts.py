"""Seeded playouts of any registered game, checking the engine contract at every step.

A playout picks moves at random, or by the game's strongest bot, until the game ends; a
patience game, which random play rarely wins, walks at random for a while and then plays
its solver's winning line. Each check names what it found, so a failure says what broke.
"""

import json
import random

from games.kit.cards import JOKERS, card_name, sort_cards, standard_deck
from games.kit.engine import IllegalMove, cards_named, competition_ranks

DECK = standard_deck(jokers=len(JOKERS))
MAX_MOVES = 6000  # every playout ends within this many moves
CHECKED_MOVES = 200  # and the contract is checked at each of its first moves, and at its end
SOLVER_BUDGET = {"max_nodes": 20_000, "max_seconds": 0.25}


class Unwinnable(Exception):
    """The solver found no winning line for this patience deal within its budget."""


def seed_for(engine, number: int) -> str:
    # Numbered deals take their number as the seed; other seeds are text no view may show.
    if engine.deal_numbers:
        return str(engine.deal_numbers[number % len(engine.deal_numbers)])
    return f"contract-seed-{number}"


def check_state(game, state, *, players, options, seed):
    """Round trip, who may act, what each seat is shown, and ranks that follow the scores."""
    engine = game.engine
    data = engine.dump(state)
    assert engine.load(json.loads(json.dumps(data))) == state, "dump/load does not round-trip"
    assert engine.dump(engine.load(data)) == data
    # The last hand's summary is shown to every seat alike: it may name only what each knows.
    summary = engine.hand_summary(state)
    if summary is not None:
        assert [row["seat"] for row in summary["rows"]] == list(range(players)), "a summary row per seat"
        assert all(len(row["figures"]) == len(summary["columns"]) for row in summary["rows"])
    movers = engine.to_move(state)
    for seat in range(players):
        assert bool(engine.legal_moves(state, seat)) == (seat in movers), f"seat {seat} moves out of turn"
    for seat in [*range(players), None]:
        view = engine.view(state, seat)
        shown = json.dumps(view)
        if not engine.deal_numbers:
            assert seed not in shown, f"seat {seat} is shown the seed"
        known = engine.known_cards(state, seat)
        leaked = cards_named(view) - known
        assert not leaked, f"seat {seat} is shown {sorted(leaked)}, which it may not know"
        told = cards_named(summary) - known
        assert not told, f"the hand's summary names {sorted(told)}, which seat {seat} may not know"
        if not engine.deal_numbers:
            assert seed not in json.dumps(summary), "the hand's summary shows the seed"
        if not engine.holds_hands:
            assert "hand" not in view, "a game without hands shows none"
            continue
        hand = view["hand"]
        assert set(hand) <= known and hand in [sort_cards(hand, aces_high=high, by_rank=by_rank)
                                               for high in (True, False) for by_rank in (False, True)]
    outcome = engine.outcome(state)
    assert len(outcome["scores"]) == len(outcome["ranks"]) == players
    lower = game.lower_is_better(options)
    teams = game.teams(options, players)
    if teams:  # partners share their team's score, and the teams are ranked
        assert all(len({outcome["scores"][seat] for seat in team}) == 1 for team in teams), "partners' scores differ"
        team_ranks = competition_ranks([outcome["scores"][team[0]] for team in teams], lower_is_better=lower)
        expected = [next(rank for team, rank in zip(teams, team_ranks, strict=True) if seat in team)
                    for seat in range(players)]
    else:
        expected = competition_ranks(outcome["scores"], lower_is_better=lower)
    assert outcome["ranks"] == expected, (
        f"ranks {outcome['ranks']} do not follow scores {outcome['scores']} ({game.score_order(options)})")
    return data


def result_key(engine, state) -> str:
    return json.dumps(engine.dump(state), sort_keys=True)


def near_misses(legal, earlier, rng):
    """Moves like the legal ones: legal earlier in the game, a card changed, a word short or over."""
    misses = rng.sample(earlier, min(4, len(earlier)))
    for move in rng.sample(legal, min(3, len(legal))):
        words = move.split()
        card_words = [index for index, word in enumerate(words) if cards_named(word)]
        if card_words:
            changed = list(words)
            changed[rng.choice(card_words)] = rng.choice(DECK)
            misses.append(" ".join(changed))
        misses += [" ".join(words[:-1]), f"{move} {words[-1]}"]
    return misses + ["", "xyzzy"]


# Other scripts' digits, 0 to 9. str.isdigit() is True for each; int() raises on some ("²")
# and reads others ("１"). A move spells its numbers in ASCII digits only.
OTHER_DIGITS = {
    "superscript": "⁰¹²³⁴⁵⁶⁷⁸⁹",
    "arabic-indic": "٠١٢٣٤٥٦٧٨٩",
    "full-width": "０１２３４５６７８９",
    "circled": "⓪①②③④⑤⑥⑦⑧⑨",
    "devanagari": "०१२३४५६७८९",
}


def in_other_digits(move: str, digits: str) -> str:
    """``move`` with each word that is a number spelt in ``digits`` instead."""
    table = str.maketrans("0123456789", digits)
    return " ".join(word.translate(table) if word.isdigit() else word for word in move.split())


def check_numbers_refused(engine, state, data, *, seat, legal, rng):
    """A listed move with its number in another script's digits is refused, changing nothing."""
    for move in rng.sample(legal, min(3, len(legal))):
        spelt = in_other_digits(move, rng.choice(list(OTHER_DIGITS.values())))
        if spelt == move:
            continue
        try:
            engine.apply(state, seat, spelt)
        except IllegalMove as refusal:
            assert isinstance(refusal.reason, str) and refusal.reason
        else:
            raise AssertionError(f"{spelt!r} is accepted: numbers are ASCII digits")
        assert engine.dump(state) == data, f"refusing {spelt!r} changed the state"


def check_moves(game, state, data, *, seat, players, earlier, rng):
    """Every listed move is accepted, near misses are refused (or are a listed move spelt
    another way), other seats may not act, and nothing changes the state it is given."""
    engine = game.engine
    legal = engine.legal_moves(state, seat)
    results = set()
    for move in legal:
        try:
            after = engine.apply(state, seat, move)
        except IllegalMove as refusal:
            raise AssertionError(f"listed move {move!r} is refused: {refusal.reason}") from None
        assert after is not state
        results.add(result_key(engine, after))
    assert engine.dump(state) == data, "apply changed the state it was given"
    for miss in near_misses(legal, earlier, rng):
        if miss in legal:
            continue
        try:
            after = engine.apply(state, seat, miss)
        except IllegalMove as refusal:
            assert isinstance(refusal.reason, str) and refusal.reason
        else:
            assert result_key(engine, after) in results, f"{miss!r} is accepted but no listed move does that"
        assert engine.dump(state) == data, f"refusing {miss!r} changed the state"
    check_numbers_refused(engine, state, data, seat=seat, legal=legal, rng=rng)
    for other in [*range(players + 1), -1]:
        if other in engine.to_move(state):
            continue
        for move in rng.sample(legal, min(2, len(legal))):
            try:
                engine.apply(state, other, move)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"seat {other} may play {move!r} out of turn")
            assert engine.dump(state) == data
    return legal


def check_description(game, before, after, *, seat, move, players):
    """The move in words, from the move alone and from the state it was made from, names
    only cards every other seat may know once it is made (or that no seat sees then), unless
    the move ended a deal and the cards are dealt again."""
    engine = game.engine
    for words in (engine.describe_move(move), engine.describe_move(move, state=before)):
        check_words(engine, before, after, seat=seat, words=words, players=players)
    # Who takes the trick the move finished (told aloud): a seat, who leads the next one.
    taken = engine.trick_taken(before, seat, move)
    if taken is not None:
        assert 0 <= taken < players, (move, taken)
        if engine.hands_played(after) == engine.hands_played(before):
            assert list(engine.to_move(after)) == [taken], (move, taken, engine.to_move(after))


def check_words(engine, before, after, *, seat, words, players):
    assert isinstance(words, str) and words
    if engine.hands_played(after) > engine.hands_played(before) and not engine.is_over(after):
        return  # the deal is over and its cards dealt again: what was played is no secret
    named = cards_named(words) | {card for card in DECK if card not in JOKERS
                                  and f" {card_name(card)}" in f" {words}"}
    known = {other: engine.known_cards(after, other) for other in [*range(players), None]}
    # A card no seat sees after the move (a discard pile turned into the stock) was shown.
    gone = set(DECK) - set().union(*known.values())
    for other in known:
        if other != seat:
            hidden = named - known[other] - gone
            assert not hidden, f"{words!r} names {sorted(hidden)}, which seat {other} may not know"


def play(game, *, players, options, seed_number, bot_share, walk, rng):
    """One checked playout to the end; returns the final state and the moves it took.

    ``walk`` bounds the random walk of a patience game before its solver takes over."""
    engine = game.engine
    seed = seed_for(engine, seed_number)
    state = engine.new_game(players, seed=seed, options=options)
    earlier: list[str] = []
    line: list[str] | None = None
    moves = 0
    while not engine.is_over(state):
        assert moves < MAX_MOVES, f"{game.slug} is not over after {MAX_MOVES} moves"
        checking = moves < CHECKED_MOVES
        movers = engine.to_move(state)
        assert movers, "a game not over has someone to move"
        seat = rng.choice(movers)
        if checking:
            data = check_state(game, state, players=players, options=options, seed=seed)
            legal = check_moves(game, state, data, seat=seat, players=players, earlier=earlier, rng=rng)
        else:
            legal = engine.legal_moves(state, seat)
        if game.solo and moves >= walk and line is None:
            line = game.winning_line(state, **SOLVER_BUDGET)
            if line is None:  # the walk may have lost the game: the deal itself, then
                state = engine.new_game(players, seed=seed, options=options)
                line = game.winning_line(state, **SOLVER_BUDGET)
                if line is None:
                    raise Unwinnable(seed)
                continue
        if line:
            move = line.pop(0)
            assert move in legal, f"the solver's {move!r} is not listed"
        elif game.bots and rng.random() < bot_share:
            move = game.default_bot.choose(engine.view(state, seat), legal, rng)
            assert move in legal, f"the bot chose {move!r}, which is not listed"
        else:
            move = rng.choice(legal)
        after = engine.apply(state, seat, move)
        if checking:
            check_description(game, state, after, seat=seat, move=move, players=players)
            if engine.turn_continues(state, after, seat=seat, move=move):
                assert seat in engine.to_move(after), f"{move!r} continues a turn its seat may not go on with"
            earlier = (earlier + [m for m in legal if m not in earlier])[-300:]
        state = after
        moves += 1
    check_state(game, state, players=players, options=options, seed=seed)
    return state, moves


def others_shuffled(state, seat: int, seed):
    """A copy of a trick game's state (``hands`` as card masks) with every other seat's hand
    dealt again from their cards, each keeping its count: what ``seat`` cannot tell apart."""
    others = [index for index in range(len(state.hands)) if index != seat]
    cards = [card for index in others for card in range(52) if state.hands[index] >> card & 1]
    random.Random(seed).shuffle(cards)
    hands = list(state.hands)
    for index in others:
        count = state.hands[index].bit_count()
        hands[index], cards = sum(1 << card for card in cards[:count]), cards[count:]
    shuffled = state.copy()
    shuffled.hands = type(state.hands)(hands)
    return shuffled


def assert_the_move_depends_on_the_view_alone(engine, bot, state, shuffled, seat: int, seed, *, deals: int):
    """``shuffled`` hides other cards elsewhere than ``state`` yet shows ``seat`` the same view:
    a searching ``bot`` with the same seed chooses the same legal move from both."""
    assert shuffled.hands != state.hands and engine.view(shuffled, seat) == engine.view(state, seat)
    legal = engine.legal_moves(state, seat)
    moves = [bot.choose(engine.view(s, seat), legal, random.Random(seed), deals=deals) for s in (state, shuffled)]
    assert moves[0] == moves[1] and moves[0] in legal
