"""The glossary: every term defined, filterable without JavaScript, every linked anchor there."""

import re
from html import escape

import pytest
from django.urls import reverse

from games import catalogue, glossary

pytestmark = pytest.mark.django_db

# The words the issue asked for by name: each must have an entry (as a term or a synonym).
REQUIRED = (
    "trick", "lead", "follow suit", "void", "breaking hearts", "shooting the moon", "pass", "meld", "set", "book",
    "group", "run", "sequence", "lay off", "deadwood", "knock", "gin", "undercut", "going out", "going rummy",
    "stock", "discard pile", "up-card", "waste", "tableau", "foundation", "free cell", "supermove", "bid", "nil",
    "bag", "trump", "hand", "crib", "pegging", "nobs", "his heels", "fifteen", "pair", "category", "pile-up",
    "face-down cards",
)


def glossary_ids(client) -> set[str]:
    return set(re.findall(r'<div class="glossary__entry" id="([^"]+)"', client.get(reverse("glossary")).content.decode()))


def test_the_glossary_defines_every_term_with_games_synonyms_and_a_stable_anchor(client):
    html = client.get(reverse("glossary")).content.decode()
    names = {name.lower() for term in glossary.TERMS for name in term.names}
    assert not [word for word in REQUIRED if word not in names]
    anchors = [term.anchor for term in glossary.TERMS]
    assert len(anchors) == len(set(anchors))
    for term in glossary.OFFERED:
        entry = re.search(rf'<div class="glossary__entry" id="{term.anchor}".*?</div>', html, re.S).group(0)
        assert escape(term.definition[:30]) in entry and "Used in:" in entry
        for synonym in term.synonyms:
            assert escape(synonym) in entry
    assert 'id="follow-suit"' in html and 'id="shooting-the-moon"' in html


def test_a_game_the_site_hosts_is_linked_to_its_rules_from_the_glossary(client):
    html = client.get(reverse("glossary")).content.decode()
    trick = re.search(r'id="trick".*?</div>', html, re.S).group(0)
    assert '<a href="/hearts/rules/">Hearts</a>' in trick and '<a href="/spades/rules/">Spades</a>' in trick
    assert "Gin Rummy" not in trick


def test_a_term_shows_only_with_a_game_on_offer_that_uses_it(client):
    ids = glossary_ids(client)
    # A term no offered game lists (a word of a game still to come) waits hidden for its first game.
    assert not glossary.games_using(glossary.Term("zugzwang", "A chess word no game here uses."))
    assert {"nil", "crib", "category"} <= ids
    assert ids == {term.anchor for term in glossary.OFFERED} and "trick" in ids
    rules = client.get(reverse("rules", args=["hearts"])).content.decode()
    assert 'href="/glossary/#crib"' not in rules


def test_every_term_a_game_lists_is_defined_in_the_glossary():
    defined = {term.term for term in glossary.TERMS}
    for game in catalogue.all():
        assert game.terms and set(game.terms) <= defined, (game.slug, sorted(set(game.terms) - defined))


def test_the_search_filters_on_the_server_without_javascript(client):
    html = client.get(reverse("glossary"), {"q": "moon"}).content.decode()
    ids = set(re.findall(r'<div class="glossary__entry" id="([^"]+)"', html))
    assert "shooting-the-moon" in ids and "trick" not in ids
    assert '<form class="glossary-search" method="get"' in html and "js/glossary.js" in html
    assert '<link rel="canonical" href="http://testserver/glossary/">' in html


def test_every_glossary_anchor_a_page_links_to_exists(client):
    ids = glossary_ids(client)
    pages = [reverse("rules", args=[engine.slug]) for engine in [game.engine for game in catalogue.all()]]
    pages += [reverse("rules", args=[engine.slug]) + "?panel=1" for engine in [game.engine for game in catalogue.all()]]
    linked = set()
    for page in pages:
        linked |= set(re.findall(r'href="/glossary/#([^"]+)"', client.get(page).content.decode()))
    assert linked, "the rules pages link no term at all"
    assert linked <= ids, f"anchors missing from the glossary: {sorted(linked - ids)}"
