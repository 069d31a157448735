"""Rules pages: one per registered game, its options read from the engine and all explained."""

import re
from pathlib import Path

import pytest
from django.test import RequestFactory
from django.urls import reverse

from games import catalogue, glossary, views_rules
from games.kit import rules_text
from games.kit.engine import Engine

pytestmark = pytest.mark.django_db

def option_section(html: str, name: str) -> str:
    match = re.search(rf'<section class="rules-option" id="option-{name}".*?</section>', html, re.S)
    assert match, f"the rules page has no section for option {name}"
    return match.group(0)


def choice_meanings(section: str) -> dict[str, str]:
    rows = re.findall(r'<tr[^>]*data-choice="([^"]*)"[^>]*>.*?<td>(.*?)</td>', section, re.S)
    return {label: re.sub(r"<[^>]+>", "", meaning).strip() for label, meaning in rows}


@pytest.mark.parametrize("engine", [game.engine for game in catalogue.all()], ids=lambda engine: engine.slug)
def test_every_registered_game_has_a_rules_page_that_explains_every_option_and_choice(client, engine):
    response = client.get(reverse("rules", args=[engine.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    for section in ("objective", "deal", "turn", "scoring", "end", "options", "examples", "strategy"):
        assert f'id="{section}"' in html, f"{engine.name} rules lack the {section} section"
    assert 'class="card' in html or 'class="die' in html, "worked examples are drawn with cards (or dice)"
    for name, (default, choices) in engine.options.items():
        section = option_section(html, name)
        assert re.search(r"<h3>.+</h3>\s*<p>\S.*?</p>", section, re.S), f"{name} does not say what it changes"
        meanings = choice_meanings(section)
        words = catalogue.get(engine.slug).rules.options[name]
        labels = [words.label(choice) for choice in choices]
        assert list(meanings) == labels
        for label, meaning in meanings.items():
            assert meaning, f"{engine.name} option {name} choice {label} is not explained"
        default_row = re.search(r'<tr class="is-default" data-choice="([^"]*)"', section)
        assert default_row and default_row.group(1) == words.label(default)


def test_an_option_the_engine_gains_without_explanation_shows_up_unexplained(client, monkeypatch):
    hearts = catalogue.get("hearts").engine
    monkeypatch.setattr(hearts, "options", {**hearts.options, "jack_of_diamonds": (False, (False, True)),
                                            "target_score": (100, (50, 75, 100, 150, 200))})
    gaps = rules_text.unexplained(hearts.options, catalogue.get("hearts").rules)
    assert gaps == ["jack_of_diamonds"]
    html = client.get(reverse("rules", args=["hearts"])).content.decode()
    assert choice_meanings(option_section(html, "jack_of_diamonds")) == {"off": "", "on": ""}
    # A numeric option explains a new number on its own; a new word would need a sentence.
    assert "200 points" in choice_meanings(option_section(html, "target_score"))["200"]
    monkeypatch.setattr(hearts, "options", {**hearts.options, "queen_breaks_hearts": (False, (False, True, "sometimes"))})
    assert "queen_breaks_hearts='sometimes'" in rules_text.unexplained(hearts.options, catalogue.get("hearts").rules)


@pytest.mark.parametrize("game", catalogue.all(), ids=lambda game: game.slug)
def test_each_rules_text_explains_exactly_the_options_its_engine_declares(game):
    engine = game.engine
    assert rules_text.unexplained(engine.options, game.rules) == []
    # The page renders too, with the engine's defaults in its prose.
    body = views_rules.rules_body(RequestFactory().get("/"), engine)
    assert 'id="strategy"' in body and ('class="card' in body or 'class="die' in body)
    for name in engine.options:
        assert f'id="option-{name}"' in body


def test_the_page_states_defaults_from_the_engine(client, monkeypatch):
    hearts = catalogue.get("hearts").engine
    monkeypatch.setattr(hearts, "options", {**hearts.options, "target_score": (75, (50, 75, 100, 150))})
    html = client.get(reverse("rules", args=["hearts"])).content.decode()
    end = re.search(r'<section id="end">.*?</section>', html, re.S).group(0)
    assert "(75 unless the table chose another)" in end


def test_rules_pages_have_their_own_title_description_and_canonical_url(client):
    html = client.get(reverse("rules", args=["hearts"]) + "?utm=x").content.decode()
    assert "<title>Hearts rules · Cardsite</title>" in html
    assert 'name="description" content="How to play Hearts:' in html
    assert '<link rel="canonical" href="http://testserver/hearts/rules/">' in html


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/poker/rules/").status_code == 404


def test_the_panel_answers_with_the_rules_alone_and_glossary_links_open_beside_the_game(client):
    html = client.get(reverse("rules", args=["hearts"]), {"panel": "1"}).content.decode()
    assert "<html" not in html and "<article" in html
    links = re.findall(r'<a class="term" href="/glossary/#[^"]+"[^>]*>', html)
    assert links and all('target="_blank"' in link for link in links)


def test_the_first_use_of_each_term_links_to_the_glossary_once(client):
    html = client.get(reverse("rules", args=["hearts"])).content.decode()
    assert len(re.findall(r'href="/glossary/#follow-suit"', html)) == 1
    assert len(re.findall(r'href="/glossary/#trick"', html)) == 1
    assert 'href="/glossary/#shooting-the-moon"' in html
    # Headings and the table of contents stay plain.
    assert not re.search(r"<h[1-6][^>]*>[^<]*<a class=\"term\"", html)


@pytest.mark.parametrize(("prose", "linked"), [
    ("<p>Follow suit if you can. You must follow suit.</p>",
     '<p><a class="term" href="/g/#follow-suit">Follow suit</a> if you can. You must follow suit.</p>'),
    ("<p>Two tricks; one trick.</p>", '<p>Two <a class="term" href="/g/#trick">tricks</a>; one trick.</p>'),
    ("<p>He shot the moon, then shooting the moon again.</p>",
     '<p>He <a class="term" href="/g/#shooting-the-moon">shot the moon</a>, then shooting the moon again.</p>'),
    ("<h2>Trick</h2><p><a href='/x'>a trick</a> and a trick</p>",
     "<h2>Trick</h2><p><a href='/x'>a trick</a> and a <a class=\"term\" href=\"/g/#trick\">trick</a></p>"),
    ('<span aria-label="Follow suit">misleading</span>', '<span aria-label="Follow suit">misleading</span>'),
    ("<p>Gin Rummy, then gin.</p>", '<p>Gin Rummy, then <a class="term" href="/g/#gin">gin</a>.</p>'),
    ("<p>knock_limit <code>knock</code></p>", "<p>knock_limit <code>knock</code></p>"),
    ("<p>the discard pile</p>", '<p>the <a class="term" href="/g/#discard-pile">discard pile</a></p>'),
])
def test_the_linker_links_whole_words_outside_links_headings_and_code(prose, linked):
    assert glossary.link_terms(prose, href="/g/") == linked


def test_the_table_has_a_rules_button_outside_the_live_board(client):
    response = client.post(reverse("play_now", args=["hearts"]))
    html = client.get(response["Location"]).content.decode()
    panel = html.index('class="rules-panel"')
    assert panel < html.index('id="board"')
    assert 'hx-get="/hearts/rules/?panel=1"' in html
    assert 'href="/hearts/rules/" target="_blank"' in html  # without JavaScript


def test_the_game_page_links_its_rules(client):
    html = client.get(reverse("game", args=["hearts"])).content.decode()
    assert 'href="/hearts/rules/"' in html


def test_every_rules_module_has_its_template_and_an_engine_class_of_its_name():
    for game in catalogue.all():
        assert (Path(__file__).parents[2] / "templates" / game.rules_template).exists()
        assert game.rules.description
    assert issubclass(type(catalogue.get("hearts").engine), Engine)
