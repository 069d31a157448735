"""Cribbage (the rules are issue 20's "Cribbage: pegging, the show, the board with pegs").

Two players (three with the option), one 52-card deck. Hand ``n`` is shuffled from the match
seed (label ``cribbage:hand:<n>``); a given ``deck`` (top first) fixes the first. Card ``i`` of
the deal goes to seat ``(dealer + 1 + i) % players``, six each (five with three players, and
then the next card to the crib); the starter is the top of what is left. The first hand's
dealer is the last seat, so with two players card ``i`` goes to seat ``i % 2``; the deal
moves left each hand.

Rules
- The crib: everyone lays away at once two cards (one with three players) to the dealer's
  crib, ``crib 5H 6D``. Then the starter is turned; a jack gives the dealer 2 (his heels).
- Pegging, from the dealer's left: ``play 7H`` keeps the count at most 31. A play scores 2 for
  making 15 or 31, 2 for a pair with the card before, 6 for three of a kind, 12 for four, and 1
  a card for a run of three or more among the latest cards in any order. A player who cannot
  play says ``go``; the others play on while they can; whoever played the last card before a
  reset scores 1 (none more when it made 31, which scored 2). The count starts again from the
  next player, until every card is played. A player without cards is passed over.
- The show, from the dealer's left, the dealer last, then the crib: ``scoring.score_hand``.
  With ``muggins`` each player claims their count (``claim 8``): a claim under the count scores
  the claim and the player on the claimer's left takes what was missed; a claim over it is
  corrected to the count.
- The first to ``target_score`` (121, or 61) wins at once, in the middle of pegging or of the
  show: the show is counted in order, so the player on the dealer's left counts first. A loser
  under 91 is skunked, under 61 double skunked (in a game to 61: under 31, skunked).

Moves: ``crib 5H 6D``, ``play 7H``, ``go``, ``claim 12``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.catalogue.cribbage.pegging import peg_points, peg_words
from games.catalogue.cribbage.scoring import score_hand
from games.catalogue.cribbage.words import count_aloud
from games.kit import engine as base
from games.kit.cards import card_name, checked_deck, pip_value, shuffled, sort_cards, standard_deck
from games.kit.engine import IllegalMove
from games.kit.moves import check_seat, read_card, read_cards, read_move, read_number
from games.kit.state import (
    PLAIN,
    TUPLE,
    GameState,
    dump_fields,
    each,
    load_fields,
    optional,
    options_of,
    set_options,
)

__all__ = ["ENGINE", "Cribbage", "score_hand"]

CRIB, PEG, SHOW, OVER = "crib", "peg", "show", "over"
LAST_COUNT = 31
HIGHEST_CLAIM = 29  # the best hand there is
VERBS = {"crib": (1, 2), "play": (1,), "go": (0,), "claim": (1,)}


def deal_size(players: int) -> int:
    return 6 if players == 2 else 5


def laid_away(players: int) -> int:
    return 2 if players == 2 else 1


def skunk_lines(target: int) -> tuple[tuple[int, str], ...]:
    """(score under which the loser is marked, the mark), the worse mark first."""
    if target == 61:
        return ((31, "skunk"),)
    return ((61, "double skunk"), (91, "skunk"))


class CribbageState(GameState):
    """One moment of a match. Treat as immutable: the engine copies before changing.

    ``hands`` the cards each seat holds for the show (six or five until the crib is laid);
    ``crib_from`` what each seat laid away (the crib is their union, with the three-player
    deal's card in ``crib_extra``); ``played`` each seat's pegged cards, in order; ``pile`` the
    cards of the count now; ``gone`` the seats that said go in this count; ``last_player`` who
    played the pile's last card; ``scores`` the front pegs, ``backs`` the back pegs;
    ``hand_points`` each finished hand's points per seat; ``shows`` this hand's counted shows;
    ``last_peg`` the latest pegging score; ``last_hand`` the hand finished last, for the panel.
    """

    def __repr__(self) -> str:
        return f"<CribbageState hand {self.hand_number} {self.phase}>"


FIELDS = {
    "seed": PLAIN,
    "players": PLAIN,
    "hand_number": PLAIN,
    "dealer": PLAIN,
    "phase": PLAIN,
    "hands": each(TUPLE),
    "crib_from": each(TUPLE),
    "crib_extra": TUPLE,
    "starter": PLAIN,
    "played": each(TUPLE),
    "pile": TUPLE,
    "gone": TUPLE,
    "last_player": PLAIN,
    "turn": PLAIN,
    "scores": TUPLE,
    "backs": TUPLE,
    "hand_points": each(TUPLE),
    "peg_points": TUPLE,
    "heels": PLAIN,
    "shows": TUPLE,
    "last_peg": PLAIN,
    "last_hand": PLAIN,
    "winner": optional(PLAIN),
}
OPTION_NAMES = ("target_score", "muggins")


class Cribbage(base.Engine):
    slug = "cribbage"
    name = "Cribbage"
    min_players = 2
    max_players = 3
    default_players = 2
    dealing = ("Hand n: the 52 cards in canonical order are shuffled with the label cribbage:hand:n; card i goes to "
               "the seat i places left of the dealer until each holds six (five with three players, and then one "
               "card to the crib); the next card is the starter. The first dealer is the last seat.")
    options = {
        "target_score": (121, (121, 61)),
        "muggins": (False, (False, True)),
    }

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        state = CribbageState.blank()
        state.seed = str(seed)
        state.players = players
        set_options(state, options, OPTION_NAMES)
        state.scores = state.backs = (0,) * players
        state.hand_points = ()
        state.last_hand = None
        state.winner = None
        _deal(state, 1, players - 1, checked_deck(deck) if deck is not None else None)
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        if state.phase == CRIB:
            return tuple(seat for seat in range(state.players) if not state.crib_from[seat])
        if state.phase in (PEG, SHOW):
            return (state.turn,)
        return ()

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        if state.phase == CRIB:
            hand = state.hands[seat]
            return ["crib " + " ".join(cards) for cards in combinations(hand, laid_away(state.players))]
        if state.phase == SHOW:
            return [f"claim {points}" for points in range(HIGHEST_CLAIM + 1)]
        plays = [f"play {card}" for card in _in_hand(state, seat) if _fits(state, card)]
        return plays or ["go"]

    def apply(self, state, seat, move):
        verb, words = read_move(move, VERBS, example="play 7H", case="upper",
                                unknown="{move!r} is not a Cribbage move: use 'crib' and your cards, 'play' and a "
                                        "card, 'go', or 'claim' and your count.")
        if state.phase == OVER:
            raise IllegalMove("The match is over.")
        check_seat(seat, state.players)
        if verb == "crib":
            return _cribbed(state, seat, words)
        if state.phase == CRIB:
            raise IllegalMove("First lay your cards away to the crib.")
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        if verb == "claim":
            if state.phase != SHOW:
                raise IllegalMove("Claims come in the show, once every card is pegged.")
            return _claimed(state, words[0])
        if state.phase != PEG:
            raise IllegalMove("The pegging is over: claim your count.")
        if verb == "go":
            if any(_fits(state, card) for card in _in_hand(state, seat)):
                raise IllegalMove("You can play a card without passing 31: play it.")
            return _said_go(state, seat)
        card = read_card(words[0])
        if card not in _in_hand(state, seat):
            raise IllegalMove(f"You do not hold the {card_name(card)}.")
        if not _fits(state, card):
            raise IllegalMove(f"The count is {_count(state)}: the {card_name(card)} would take it past 31.")
        return _played(state, seat, card)

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        turned = state.phase != CRIB
        claiming = _show_steps(state)[len(state.shows)] if state.phase == SHOW else None
        if claiming is not None:  # whoever takes what the claim misses (muggins)
            claiming = {**claiming, "missed_to": _left_of(state, claiming["seat"])}
        # The crib is turned up when its show comes: to claim it, or as it is counted.
        crib_shown = any(show["crib"] for show in state.shows) or bool(claiming and claiming["crib"])
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "hand_number": state.hand_number,
            "dealer": state.dealer,
            "hand": list(_in_hand(state, seat)) if seat is not None else [],
            "held": list(state.hands[seat]) if seat is not None else [],
            "laid_away": list(state.crib_from[seat]) if seat is not None else [],
            "lay_away": laid_away(state.players),
            "hand_counts": [len(_in_hand(state, other)) for other in range(state.players)],
            "cribbed": [bool(cards) for cards in state.crib_from],
            "crib_count": sum(map(len, state.crib_from)) + len(state.crib_extra),
            "crib": list(_crib(state)) if crib_shown else None,
            "starter": state.starter if turned else None,
            "heels": state.heels,
            "played": [list(cards) for cards in state.played],
            "pile": list(state.pile),
            "count": _count(state),
            "gone": list(state.gone),
            "turn": state.turn if state.phase in (PEG, SHOW) else None,
            "to_move": list(self.to_move(state)),
            "scores": list(state.scores),
            "backs": list(state.backs),
            "totals": list(state.scores),
            "peg_points": list(state.peg_points),
            "hand_points": [list(points) for points in state.hand_points],
            "shows": list(state.shows),
            "claiming": claiming,
            "last_peg": _peg_said(state.last_peg),
            "last_hand": state.last_hand,
            "target_score": state.target_score,
            "winner": state.winner,
            "options": options_of(state, OPTION_NAMES),
        }
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
            view["marks"] = self.marks(state)
        return view

    def known_cards(self, state, seat):
        known = set()
        if seat is not None:
            known |= set(state.hands[seat]) | set(state.crib_from[seat])
        if state.phase != CRIB:
            known.add(state.starter)
        known |= {card for cards in state.played for card in cards}
        known |= {card for show in state.shows for card in show["cards"]}
        if state.phase == SHOW and _show_steps(state)[len(state.shows)]["crib"]:
            known |= set(_crib(state))
        last = state.last_hand or {}
        known |= {card for show in last.get("shows", []) for card in show["cards"]}
        known |= set(last.get("played", ()))
        if last.get("starter"):
            known.add(last["starter"])
        return known

    def describe_move(self, move, *, state=None):
        verb, _, rest = move.partition(" ")
        if verb == "crib":
            count = len(rest.split())
            return f"lays {'two cards' if count == 2 else 'a card'} away to the crib"
        if verb == "go":
            return "says go"
        if verb == "claim":
            return f"claims {rest}"
        card = rest.split()[0]
        said = f"plays the {card_name(card)}"
        if state is not None and state.phase == PEG:
            pile = state.pile + (card,)
            items = peg_points(pile)
            count = sum(pip_value(each_card) for each_card in pile)
            said += f" for {count}"
            if items:
                said += ": " + ", ".join(peg_words(kind, points) for kind, points in items)
        return said

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return len(state.hand_points)

    def outcome(self, state):
        scores = list(state.scores)
        if state.winner is None:
            return {"scores": scores, "ranks": base.competition_ranks(scores, lower_is_better=False)}
        # The winner pegged out first; the others rank by their pegs behind.
        ranks = [1 if seat == state.winner else
                 2 + sum(1 for other in range(state.players)
                         if other not in (seat, state.winner) and scores[other] > scores[seat])
                 for seat in range(state.players)]
        return {"scores": scores, "ranks": ranks}

    def marks(self, state) -> list[str]:
        """Per seat, once over: a loser's skunk ("skunked", "double skunked"), and the winner's
        worst skunk given ("skunk", "double skunk"); "" for none."""
        if state.winner is None:
            return [""] * state.players
        marks = [""] * state.players
        for seat, score in enumerate(state.scores):
            if seat == state.winner:
                continue
            for line, mark in skunk_lines(state.target_score):
                if score < line:
                    marks[seat] = mark + "ed"
                    if not marks[state.winner] or marks[state.winner] == "skunk":
                        marks[state.winner] = mark
                    break
        return marks

    def result_facts(self, state):
        return {"marks": self.marks(state)}

    def hand_summary(self, state):
        last = state.last_hand
        if last is None:
            return None
        rows = []
        for seat in range(state.players):
            groups = [{"label": _show_label(show), "melds": [show["cards"], [last["starter"]]]}
                      for show in last["shows"] if show["seat"] == seat]
            notes = ["dealer"] if seat == last["dealer"] else []
            if last["heels"] and seat == last["dealer"]:
                notes.append("his heels, 2")
            if last["muggins"][seat]:
                notes.append(f"{last['muggins'][seat]} for muggins")
            note = ", ".join(notes)
            rows.append({"seat": seat, "note": note, "groups": groups,
                         "figures": [last["pegging"][seat], last["show"][seat], last["points"][seat],
                                     last["totals"][seat]]})
        if last["winner"] is not None:
            line = f"{last['totals'][last['winner']]} points: the game is won at once."
            if last["unshown"]:
                line += " " + last["unshown"]
        else:
            line = ("Pegging scores as the cards are played; the show counts each hand with the starter, the dealer's "
                    "crib last.")
        return {"hand": last["hand"], "title": f"Hand {last['hand']}", "columns": ["Pegging", "Show", "Hand", "Total"],
                "rows": rows, "line": line}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        return {**dump_fields(state, FIELDS), "options": options_of(state, OPTION_NAMES)}

    def load(self, data):
        return set_options(load_fields(CribbageState, data, FIELDS), self.resolve_options(data["options"]),
                           OPTION_NAMES)


# -- the rules ----------------------------------------------------------------------------


def by_rank(cards) -> tuple[str, ...]:
    """Cards ace low to king, as cribbage players hold them (runs and fifteens read at a glance)."""
    return tuple(sort_cards(cards, aces_high=False, by_rank=True))


def _in_hand(state: CribbageState, seat: int) -> tuple[str, ...]:
    played = state.played[seat]
    return tuple(card for card in state.hands[seat] if card not in played)


def _count(state: CribbageState) -> int:
    return sum(pip_value(card) for card in state.pile)


def _fits(state: CribbageState, card: str) -> bool:
    return _count(state) + pip_value(card) <= LAST_COUNT


def _crib(state: CribbageState) -> tuple[str, ...]:
    return by_rank([card for cards in state.crib_from for card in cards] + list(state.crib_extra))


def _left_of(state: CribbageState, seat: int) -> int:
    return (seat + 1) % state.players


def _show_steps(state: CribbageState) -> list[dict[str, Any]]:
    """The shows of this hand in the order they are counted: each hand from the dealer's left,
    the dealer's last, then the crib (the dealer's)."""
    order = [(state.dealer + 1 + k) % state.players for k in range(state.players)]
    return [{"seat": seat, "crib": False} for seat in order] + [{"seat": state.dealer, "crib": True}]


def _show_label(show: dict[str, Any]) -> str:
    what = "Crib" if show["crib"] else "Hand"
    said = f"{what}: {show['words']}"
    if show["claimed"] is not None and show["claimed"] != show["total"]:
        said += f" (claimed {show['claimed']}"
        said += f", {show['missed']} taken for muggins)" if show["missed"] else ")"
    return said


def _scored(state: CribbageState, seat: int, points: int) -> bool:
    """Pegs ``points`` for ``seat`` on ``state`` (a copy the caller owns); True when that wins."""
    if points <= 0:
        return False
    scores, backs = list(state.scores), list(state.backs)
    backs[seat] = scores[seat]
    scores[seat] = min(scores[seat] + points, state.target_score)
    state.scores, state.backs = tuple(scores), tuple(backs)
    if scores[seat] >= state.target_score:
        state.winner = seat
        return True
    return False


def _pegged(state: CribbageState, seat: int, points: int) -> bool:
    peg = list(state.peg_points)
    peg[seat] += points
    state.peg_points = tuple(peg)
    return _scored(state, seat, points)


def _cribbed(state: CribbageState, seat: int, words: list[str]) -> CribbageState:
    if state.phase != CRIB:
        raise IllegalMove("The crib is laid away already.")
    if state.crib_from[seat]:
        raise IllegalMove("You have laid your cards away already.")
    wanted = laid_away(state.players)
    cards = read_cards(words, count=wanted,
                       reason=f"Lay away exactly {'two cards' if wanted == 2 else 'one card'}, like 'crib 5H 6D'.")
    if len(set(cards)) != len(cards):
        raise IllegalMove("Name two different cards.")
    missing = [card for card in cards if card not in state.hands[seat]]
    if missing:
        raise IllegalMove(f"You do not hold the {card_name(missing[0])}.")
    new = state.copy()
    hands, crib_from = list(state.hands), list(state.crib_from)
    hands[seat] = tuple(card for card in state.hands[seat] if card not in cards)
    crib_from[seat] = by_rank(cards)
    new.hands, new.crib_from = tuple(hands), tuple(crib_from)
    if all(new.crib_from):
        new.phase = PEG
        new.turn = _left_of(new, new.dealer)
        new.heels = new.starter[0] == "J"
        if new.heels and _pegged(new, new.dealer, 2):
            _finish_hand(new)
    return new


def _played(state: CribbageState, seat: int, card: str) -> CribbageState:
    new = state.copy()
    played = list(state.played)
    played[seat] = state.played[seat] + (card,)
    new.played = tuple(played)
    new.pile = state.pile + (card,)
    new.last_player = seat
    items = peg_points(new.pile)
    points = sum(points for _, points in items)
    new.last_peg = _peg_event(seat, card, _count(new), items) if items else None
    if _pegged(new, seat, points):
        _finish_hand(new)
        return new
    if _count(new) == LAST_COUNT:
        _reset(new, seat)
    else:
        _advance(new, seat)
    return new


def _peg_event(seat: int, card: str | None, count: int, items) -> dict[str, Any]:
    """The latest pegging score, as the state keeps it."""
    return {"seat": seat, "card": card, "count": count, "items": [list(item) for item in items]}


def _peg_said(event: dict[str, Any] | None) -> dict[str, Any] | None:
    """The latest pegging score for a view, with its words: "fifteen for 2, a run of 3 for 3"."""
    if event is None:
        return None
    return {**event, "said": ", ".join(peg_words(kind, points) for kind, points in event["items"])}


def _said_go(state: CribbageState, seat: int) -> CribbageState:
    new = state.copy()
    new.gone = state.gone + (seat,)
    new.last_peg = None
    _advance(new, seat)
    return new


def _advance(state: CribbageState, seat: int) -> None:
    """The next to act after ``seat``: the next seat still in this count that holds cards (one
    that cannot play says go, unless nobody else may play, when the count ends)."""
    for step in range(1, state.players + 1):
        other = (seat + step) % state.players
        if other in state.gone or not _in_hand(state, other):
            continue
        if any(_fits(state, card) for card in _in_hand(state, other)):
            state.turn = other
            return
        others_in = [third for third in range(state.players)
                     if third != other and third not in state.gone and _in_hand(state, third)]
        if others_in:
            state.turn = other
            return
        break
    _end_count(state)


def _end_count(state: CribbageState) -> None:
    """Nobody can play on: the last card scores 1 (31 scored already), and the count restarts."""
    last = state.last_player
    if _count(state) != LAST_COUNT:
        kind = "last" if not any(_in_hand(state, seat) for seat in range(state.players)) else "go"
        state.last_peg = _peg_event(last, None, _count(state), [(kind, 1)])
        if _pegged(state, last, 1):
            _finish_hand(state)
            return
    _reset(state, last)


def _reset(state: CribbageState, last: int) -> None:
    state.pile = ()
    state.gone = ()
    holding = [(last + step) % state.players for step in range(1, state.players + 1)
               if _in_hand(state, (last + step) % state.players)]
    if holding:
        state.turn = holding[0]
        return
    state.phase = SHOW
    _count_shows(state)


def _count_shows(state: CribbageState) -> None:
    """Counts the shows in order, each scored as it is counted; with muggins, stops at the next
    one to be claimed."""
    steps = _show_steps(state)
    while len(state.shows) < len(steps):
        step = steps[len(state.shows)]
        if state.muggins:
            state.turn = step["seat"]
            return
        if _counted(state, step, claimed=None):
            return
    _finish_hand(state)


def _counted(state: CribbageState, step: dict[str, Any], *, claimed: int | None) -> bool:
    """Scores one show (``claimed``: the player's claim under muggins); True when it won."""
    cards = _crib(state) if step["crib"] else state.hands[step["seat"]]
    score = score_hand(cards, state.starter, crib=step["crib"])
    total = score["total"]
    scored = total if claimed is None else min(claimed, total)
    missed = total - scored
    show = {"seat": step["seat"], "crib": step["crib"], "cards": list(cards), "total": total,
            "words": count_aloud(score["items"]), "claimed": claimed, "missed": missed,
            "items": [{"kind": item["kind"], "cards": list(item["cards"]), "points": item["points"]}
                      for item in score["items"]]}
    state.shows = state.shows + (show,)
    if _scored(state, step["seat"], scored):
        _finish_hand(state)
        return True
    if missed and _scored(state, _left_of(state, step["seat"]), missed):
        _finish_hand(state)
        return True
    return False


def _claimed(state: CribbageState, word: str) -> CribbageState:
    claimed = read_number(word, highest=HIGHEST_CLAIM,
                          reason=f"Claim your count as a number from 0 to {HIGHEST_CLAIM}, like 'claim 8'.")
    new = state.copy()
    step = _show_steps(state)[len(state.shows)]
    if not _counted(new, step, claimed=claimed):
        _count_shows(new)
    return new


def _finish_hand(state: CribbageState) -> None:
    """The hand is over (shown, or won in the middle): record it, then deal the next unless won."""
    previous = [sum(points[seat] for points in state.hand_points) for seat in range(state.players)]
    points = tuple(score - earlier for score, earlier in zip(state.scores, previous, strict=True))
    show = [sum(show["total"] - show["missed"] for show in state.shows if show["seat"] == seat)
            for seat in range(state.players)]
    muggins = [sum(show["missed"] for show in state.shows if _left_of(state, show["seat"]) == seat)
               for seat in range(state.players)]
    counted = len(state.shows)
    steps = _show_steps(state)
    unshown = ""
    if state.winner is not None and counted < len(steps):
        unshown = "The rest of the show is not counted." if state.phase == SHOW else "The hands are not counted."
    state.hand_points = state.hand_points + (points,)
    state.last_hand = {
        "hand": state.hand_number, "dealer": state.dealer, "starter": state.starter,
        "heels": state.heels, "pegging": list(state.peg_points), "show": show, "muggins": muggins, "points": list(points),
        "totals": list(state.scores), "shows": list(state.shows), "winner": state.winner, "unshown": unshown,
        "played": [card for cards in state.played for card in cards],
    }
    if state.winner is not None:
        state.phase = OVER
        return
    _deal(state, state.hand_number + 1, _left_of(state, state.dealer), None)


def _deal(state: CribbageState, hand_number: int, dealer: int, deck: list[str] | None) -> None:
    """Start hand ``hand_number`` dealt by ``dealer`` on ``state`` (a copy the caller owns)."""
    if deck is None:
        deck = shuffled(standard_deck(), state.seed, label=f"cribbage:hand:{hand_number}")
    players = state.players
    size = deal_size(players) * players
    hands = [[] for _ in range(players)]
    for i, card in enumerate(deck[:size]):
        hands[(dealer + 1 + i) % players].append(card)
    extra = tuple(deck[size:size + 1]) if players == 3 else ()
    state.hand_number = hand_number
    state.dealer = dealer
    state.phase = CRIB
    state.hands = tuple(tuple(by_rank(hand)) for hand in hands)
    state.crib_from = ((),) * players
    state.crib_extra = extra
    state.starter = deck[size + len(extra)]
    state.played = ((),) * players
    state.pile = ()
    state.gone = ()
    state.last_player = None
    state.turn = _left_of(state, dealer)
    state.peg_points = (0,) * players
    state.heels = False
    state.shows = ()
    state.last_peg = None


ENGINE = Cribbage()
