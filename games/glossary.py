"""The words of the games, and the linker that ties a rules page's prose to them.

One glossary for the whole site, words of games we do not host yet included, so that a
later game finds its shared words already defined (a Spades page will find "trick"). Which
games use a term is each game's to say (``Game.terms`` in its catalogue descriptor); the site
shows and links only the terms some game it offers uses, so a term waits, hidden, for its
first game. Anchors are stable: pages outside the site may link ``/glossary/#trick``, so an
anchor, once published, is never renamed (add a synonym instead).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from html import escape

from django.utils.text import slugify

from games import catalogue
from games.catalogue.game import Game


@dataclass(frozen=True)
class Term:
    term: str
    definition: str
    synonyms: tuple[str, ...] = ()
    # Words as common as "go" would be linked in every sentence that uses them plainly.
    autolink: bool = True
    anchor: str = field(default="")

    def __post_init__(self):
        if not self.anchor:
            object.__setattr__(self, "anchor", slugify(self.term))

    @property
    def names(self) -> tuple[str, ...]:
        return (self.term, *self.synonyms)


TERMS: tuple[Term, ...] = (
    # -- every card game ------------------------------------------------------------------
    Term("suit", "One of the four families of cards: clubs ♣, diamonds ♦, hearts ♥ and spades ♠. "
         "Diamonds and hearts are red, clubs and spades black."),
    Term("rank", "A card's place within its suit: ace, 2 to 10, jack, queen, king. Whether the ace "
         "counts below the 2 or above the king depends on the game."),
    Term("face card", "A jack, queen or king.", ("court card", "picture card")),
    Term("aces low", "The ace ranks below the 2 (A-2-3 is a run, Q-K-A is not) and usually counts 1 point.", ("ace low",)),
    Term("aces high", "The ace ranks above the king, the strongest card of its suit.", ("ace high",)),
    Term("hand", "The cards a player holds and others cannot see. Also one deal played out, from "
         "the shuffle to the scoring."),
    Term("deal", "Sharing out the shuffled cards at the start of a hand; the dealer is the seat "
         "that does it. Here the site deals for you.", ("dealer",)),
    Term("round", "One hand of a game that is played over several hands; the scores are added up "
         "at the end of each."),
    Term("target score", "The total at which a match ends: reaching it finishes the game (the "
         "lowest or the highest total wins, depending on the game).", ("game score",)),
    Term("penalty points", "Points you want to avoid: the lowest total wins.",
         ("penalty point",)),
    Term("bot", "A computer player. Bots fill empty seats and play a seat for a person who has "
         "left until they come back."),
    # -- trick-taking -----------------------------------------------------------------------
    Term("trick", "One card from each player, played in turn; the highest card wins all of them "
         "(the highest of the suit led, or the highest trump if any was played)."),
    Term("lead", "To play the first card of a trick. The suit of that card is the suit led.", ("leader", "suit led")),
    Term("follow suit", "To play a card of the suit that was led. You must when you can; only a "
         "player with no card of that suit may play another.", ("following suit",)),
    Term("void", "Holding no card of a suit: a player void in the suit led may play any card the "
         "other rules allow. In Gin Rummy a void hand is one that runs down the stock with no "
         "knock; nobody scores it.", ("short-suited",)),
    Term("breaking hearts", "The first heart played to a trick. Until then nobody may lead a "
         "heart unless they hold nothing else.",
         ("break hearts", "hearts are broken", "hearts broken", "broken hearts")),
    Term("point cards", "The cards that score in Hearts: every heart (1 point each) and the "
         "queen of spades (13).", ("penalty cards", "penalty card", "point card")),
    Term("shooting the moon", "Taking every point card in one hand (all 13 hearts and the queen "
         "of spades). The shooter scores nothing and every other player 26.",
         ("shoot the moon", "shoots the moon", "moon shot", "shot the moon")),
    Term("pass", "In Hearts, the three cards each player gives another before the hand. In Gin "
         "Rummy, to decline the first up-card. In Klondike, one trip through the stock.", ("passing",)),
    Term("trump", "A suit that beats every other: the lowest trump wins a trick against the "
         "highest card of the suit led. In Spades, spades are always trumps.", ("trumps", "trump suit", "trumping")),
    Term("breaking spades", "The first spade played to a trick in Spades; until then nobody may "
         "lead a spade unless they hold nothing else.", ("spades broken",)),
    Term("bid", "The number of tricks a player (or partnership) says they will take this hand, "
         "before play begins.", ("bidding", "contract")),
    Term("nil", "A bid of no tricks at all: a bonus if you take none, a penalty if you take any.", ("blind nil",)),
    Term("bag", "A trick taken beyond your bid. Bags count a point each, but every ten bags cost "
         "a penalty.", ("overtrick", "sandbag")),
    Term("hook", "In Oh Hell!, the dealer's last bid may not make the bids add up to the number "
         "of tricks, so that somebody must miss.", ("screw the dealer",)),
    # -- rummy games ------------------------------------------------------------------------
    Term("meld", "Cards laid face up together because they belong together: a set or a run. "
         "Also the act of laying them down.", ("melding",)),
    Term("set", "Three or four cards of the same rank, like 7♣ 7♦ 7♠.",
         ("book", "group")),
    Term("run", "Cards in sequence. In rummy games: three or more cards of one suit in order, "
         "like 4♥ 5♥ 6♥. In Cribbage: three or more ranks in order, any suits, for points.", ("sequence",)),
    Term("lay off", "To add a card from your hand to a meld already on the table: the missing "
         "suit to a set, the next card at either end of a run.",
         ("laying off", "lays off", "layoff")),
    Term("deadwood", "The cards in a hand that belong to no meld; in Gin Rummy they are what you "
         "count when someone knocks."),
    Term("knock", "In Gin Rummy, to end the hand by discarding and showing your melds while your "
         "deadwood is within the knock limit.", ("knocking", "knocker", "knock limit")),
    Term("gin", "Knocking with no deadwood at all: worth a 25-point bonus and safe from an "
         "undercut.", ("going gin", "goes gin")),
    Term("big gin", "Gin with all eleven cards melded after drawing, so no discard is needed: "
         "worth 31 points over the defender's deadwood."),
    Term("undercut", "When the defender's deadwood is no more than the knocker's: the defender "
         "wins the difference plus a bonus.", ("underknock",)),
    Term("box", "In Gin Rummy, a bonus of 25 points at the end of the match for every hand won.", ("line bonus",)),
    Term("shutout", "A Gin Rummy match in which the loser won no hand; the winner's total is "
         "doubled.", ("schneider",)),
    Term("going out", "Getting rid of your last card, which ends the round.", ("go out", "goes out", "went out")),
    Term("going rummy", "Going out in one turn with every card, having laid nothing on the "
         "table before: the round's points are doubled.", ("go rummy", "goes rummy")),
    Term("joker", "An extra card with no rank or suit; where used it is wild."),
    Term("wild card", "A card that may stand for any other: a joker in Rummy, an eight in Crazy "
         "Eights.", ("wild", "wildcard")),
    Term("stock", "The face-down pile of undealt cards that players draw from.",
         ("stockpile", "stock pile", "draw pile")),
    Term("discard pile", "The face-up pile where each turn's discard goes; its top card may be "
         "drawn instead of the stock.",
         ("discards",)),
    Term("discard", "To put one card from your hand face up on the discard pile, which ends "
         "your turn.", ("discarding",)),
    Term("up-card", "The first card turned face up after the deal, which starts the discard pile.", ("upcard", "up card", "turn-up")),
    # -- patience ---------------------------------------------------------------------------
    Term("tableau", "The main layout of a solitaire: the columns of cards you build on.", ("tableaux", "column", "tableau pile")),
    Term("foundation", "One of four piles, one per suit, built up from the ace to the king. "
         "Filling all four wins the game."),
    Term("waste", "In Klondike, the face-up pile that cards drawn from the stock land on; its "
         "top card may be played.", ("waste pile",)),
    Term("build", "To place a card on another one rank higher (building down, as on the "
         "tableau) or one rank lower (building up, as on a foundation).",
         ("building", "built down", "built up")),
    Term("alternating colours", "A tableau rule: a red card goes on a black one and a black "
         "card on a red one.", ("alternate colours", "alternating colors")),
    Term("face-down cards", "Cards lying with their backs up: in Klondike the hidden tableau "
         "cards that turn over once uncovered; in Shithead the three last cards, played blind.", ("face-down card",)),
    Term("face-up cards", "Cards lying face up. In Klondike only face-up tableau cards may move; in "
         "Shithead, the three cards on top of your face-down cards, played once your hand is empty.", ("face-up card",)),
    Term("redeal", "In Klondike, turning the waste back over to become the stock again once the "
         "stock is empty.", ("redeals", "recycle the waste")),
    Term("free cell", "One of four spaces in FreeCell that holds any single card for a while.", ("free cells", "cell")),
    Term("supermove", "Moving a whole run between columns at once, as if card by card through "
         "the empty free cells and columns. Its size limit is (empty free cells + 1) × 2 to the "
         "power of the empty columns.", ("super move", "supermoves")),
    # -- later games ------------------------------------------------------------------------
    Term("crazy eight", "In Crazy Eights an eight may be played on any card, and its player "
         "names the suit to follow.", ("crazy eights", "name a suit")),
    Term("pick up the pile", "In Shithead, the player who cannot beat the top card takes the "
         "whole discard pile into their hand.", ("pile-up", "picks up the pile")),
    Term("burn", "In Shithead, clearing the discard pile out of the game, with a ten or four "
         "cards of one rank in a row.", ("burns", "burning the pile")),
    Term("crib", "In Cribbage, the extra hand made of the cards both players throw away; it "
         "scores for the dealer. Some call it the box."),
    Term("pegging", "In Cribbage, scoring during the play by moving pegs along the board; also "
         "the play itself.", ("peg", "pegs")),
    Term("starter", "In Cribbage, the card cut from the deck after the throw; it belongs to "
         "every hand.", ("cut card", "starter card")),
    Term("nobs", "In Cribbage, the jack of the starter's suit in a hand: one point.", ("his nobs", "his nob")),
    Term("his heels", "In Cribbage, two points to the dealer when the starter is a jack.", ("nibs",)),
    Term("fifteen", "In Cribbage, cards adding up to 15 (face cards count 10): two points each "
         "way.", ("fifteen-two", "fifteens")),
    Term("go", "In Cribbage, said by a player who cannot play without passing 31; the other "
         "player plays on and scores a point.", autolink=False),
    Term("skunk", "In Cribbage, winning before the loser reaches 91 points."),
    Term("pair", "Two cards of one rank: two points in Cribbage; in Memory, the two matching "
         "cards you try to turn up together.",
         ("pair royal", "matching pair")),
    Term("category", "In Yahtzee, one of thirteen boxes on the score card (threes, full house, "
         "chance...). Each turn's roll is written in one of them, once per game.",
         ("categories",)),
    Term("Yahtzee", "Five dice showing the same number: 50 points in its category.",
         autolink=False, anchor="a-yahtzee"),
    Term("full house", "In Yahtzee, three of one number and two of another: 25 points."),
    Term("straight", "In Yahtzee, dice in sequence: four for a small straight (30 points), five "
         "for a large straight (40).", ("small straight", "large straight")),
    Term("upper bonus", "In Yahtzee, 35 points for scoring 63 or more in the six number "
         "categories.", ("upper section bonus",)),
    Term("turn over", "In Memory, showing two face-down cards; a pair stays with you and you go "
         "again, otherwise both turn back.", ("flip",)),
)

# Words that contain a term but mean a game ("Gin Rummy", "Hearts"); matched first and
# left alone, so "Gin Rummy" never links "gin", nor the game "Hearts" a heart.
GAME_WORDS = tuple(game.name for game in catalogue.all()) + ("Rum",)


def games_using(term: Term) -> list[Game]:
    """The games on offer whose pages use ``term``, in the catalogue's order."""
    return [game for game in catalogue.all() if term.term in game.terms]


# The terms some game on offer uses: the ones the glossary shows.
OFFERED: tuple[Term, ...] = tuple(term for term in TERMS if games_using(term))


def terms_of(game: Game) -> tuple[Term, ...]:
    """The terms ``game``'s own pages link: its own words only, so that a dice game's "boxes"
    or "joker" never links a card game's meaning."""
    return tuple(term for term in OFFERED if term.term in game.terms)


def by_anchor() -> dict[str, Term]:
    return {term.anchor: term for term in OFFERED}


def matches(term: Term, text: str) -> bool:
    """Whether a filter ``text`` finds ``term`` (the glossary's search, server side)."""
    needle = text.strip().lower()
    return (not needle or any(needle in name.lower() for name in term.names) or needle in term.definition.lower()
            or any(needle in game.name.lower() for game in games_using(term)))


# -- linking prose to the glossary ------------------------------------------------------

# Inside these elements a link would be wrong (a link in a link) or noise (a heading, a
# button's label, an option's code name).
_SKIPPED = {"a", "h1", "h2", "h3", "h4", "h5", "h6", "button", "summary", "code", "script", "style",
            "label", "select", "textarea", "dfn"}
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z0-9]+)")


@cache
def _matcher(terms: tuple[Term, ...]) -> tuple[re.Pattern, dict[str, Term | None]]:
    owner: dict[str, Term | None] = {}
    for term in terms:
        if term.autolink:
            for name in term.names:
                owner.setdefault(name.lower(), term)
    for word in GAME_WORDS:
        owner[word.lower()] = None
    # Longest first, so "discard pile" wins over "discard" and "Gin Rummy" over "gin".
    names = sorted(owner, key=len, reverse=True)
    alternation = "|".join(re.escape(name).replace(r"\ ", r"\s+") for name in names)
    # A plural "s"/"es" belongs to the word; letters, digits, "_" and "-" on either side mean
    # another word (``knock_limit`` is an option name, not a knock).
    pattern = re.compile(rf"(?<![\w-])({alternation})(?:e?s)?(?![\w-])", re.IGNORECASE)
    return pattern, owner


def link_terms(html: str, *, href: str, terms: tuple[Term, ...] = OFFERED, attrs: str = "") -> str:
    """``html`` with the first use of each term (or any of its synonyms) linked to
    ``href#anchor``: word-bounded, any case, never inside links, headings or code."""
    pattern, owner = _matcher(terms)
    linked: set[str] = set()
    skipping = 0
    extra = f" {attrs}" if attrs else ""

    def link(match: re.Match) -> str:
        term = owner.get(re.sub(r"\s+", " ", match.group(1).lower()))
        if term is None or term.anchor in linked:
            return match.group(0)
        linked.add(term.anchor)
        return f'<a class="term" href="{escape(href)}#{term.anchor}"{extra}>{match.group(0)}</a>'

    pieces = []
    for piece in _TAG.split(html):
        if piece.startswith("<"):
            name = _TAG_NAME.match(piece)
            if name and name.group(2).lower() in _SKIPPED and not piece.endswith("/>"):
                skipping += -1 if name.group(1) else 1
                skipping = max(skipping, 0)
            pieces.append(piece)
        elif skipping or not piece.strip():
            pieces.append(piece)
        else:
            pieces.append(pattern.sub(link, piece))
    return "".join(pieces)


@dataclass(frozen=True)
class Entry:
    term: Term
    games: list[tuple[str, str]]  # (name, slug of its rules page)


def entries(query: str = "") -> list[Entry]:
    """The glossary as its page lists it: the offered terms, alphabetical, filtered by
    ``query`` (the page's search without JavaScript), each with the games that use it."""
    found = sorted((term for term in OFFERED if matches(term, query)), key=lambda term: term.term.lower())
    return [Entry(term, [(game.name, game.slug) for game in games_using(term)]) for term in found]
