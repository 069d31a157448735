"""How a table looks, whatever the game: buttons whose label sits in the middle of its box,
at a desktop and a phone size (issue 16, "Phone"), and counts in words ("1 player", "1 bot")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games import catalogue
from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import wait_for_live_view
from tests.e2e.test_patience_and_meld_browser import start_freecell_deal

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

# The box and its label, in CSS pixels: the label's centre against the box's, and the box's height.
BOXES = """
selector => Array.from(document.querySelectorAll(selector)).map(box => {
  const range = document.createRange();
  range.selectNodeContents(box);
  const label = Array.from(range.getClientRects()).filter(r => r.width > 0 && r.height > 0);
  const outer = box.getBoundingClientRect();
  const top = Math.min(...label.map(r => r.top)), bottom = Math.max(...label.map(r => r.bottom));
  return {text: box.textContent.trim(), height: outer.height,
          offset: Math.abs((top + bottom) / 2 - (outer.top + outer.bottom) / 2)};
})
"""


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_buttons_links_and_the_rules_disclosure_hold_their_label_in_the_middle(open_page, width, height):
    page = open_page(viewport={"width": width, "height": height})
    start_freecell_deal(page, 5)
    boxes = page.evaluate(BOXES, ".button")
    shown = [box for box in boxes if box["height"] > 0]
    # The rules disclosure holds both its labels ("Rules", and "Close rules" hidden while shut).
    assert {"Rules", "New game", "Undo", "Hint"} <= {box["text"].removesuffix("Close rules") for box in shown}
    for box in shown:
        # One line of text in a box at least 44 px high (a thumb's target), never a tall box.
        assert 43 <= box["height"] <= 52, box
        assert box["offset"] <= 2, box


def test_counts_read_as_words_do_one_player_one_bot(open_page):
    page = open_page(viewport={"width": 1280, "height": 800})
    page.goto("/")
    cards = {slug: page.locator(f'.game[data-game="{slug}"] .game-players').inner_text()
             for slug in ("klondike", "gin_rummy", "hearts")}
    assert cards == {"klondike": "1 player", "gin_rummy": "2 players", "hearts": "4 players"}
    for slug, words in (("gin_rummy", "You and 1 Standard bot, starting at once."),
                        ("hearts", "You and 3 Standard bots, starting at once.")):
        page.goto(f"/{slug}/")
        hint = page.locator(".game-actions .hint").first
        chosen = hint.locator("select[name=bot_level]")
        # The select reads as its chosen option: the line as a player reads it.
        read = hint.evaluate("h => Array.from(h.childNodes).map(n => n.tagName === 'SELECT' ? "
                             "n.options[n.selectedIndex].text : n.textContent).join('')")
        assert read == words and chosen.input_value() == "basic"


COLOURS = """
button => { const style = getComputedStyle(button);
            return {background: style.backgroundColor, color: style.color, disabled: button.disabled}; }
"""


def test_a_disabled_primary_button_looks_like_any_disabled_button(open_page):
    page = open_page(viewport={"width": 1280, "height": 800})
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").click()
    wait_for_live_view(page)
    passing = page.locator("#board button.button--primary[data-verb='pass']")
    expect(passing).to_be_disabled()
    primary = passing.evaluate(COLOURS)
    plain = page.get_by_role("button", name="Leave the table").evaluate(COLOURS)  # an enabled plain one
    felt = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()")
    assert primary["background"] != plain["background"] and primary["color"] != "rgb(255, 255, 255)"
    assert felt and primary["background"] == "rgb(236, 238, 239)"
    # Three cards chosen: the button comes alive in the felt's green with white text.
    for card in page.locator("#board [data-select-card]").all()[:3]:
        card.click()
    expect(passing).to_be_enabled()
    assert passing.evaluate(COLOURS)["color"] == "rgb(255, 255, 255)"


def test_cards_chosen_to_pass_outlive_a_reload(open_page):
    page = open_page(viewport={"width": 1280, "height": 800})
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").click()
    wait_for_live_view(page)
    cards = page.locator("#board [data-select-card]")
    chosen = [cards.nth(index).get_attribute("data-card") for index in (0, 5)]
    for code in chosen:
        page.locator(f'#board [data-select-card][data-card="{code}"]').click()
    page.reload()
    wait_for_live_view(page)
    pressed = page.locator('#board [data-select-card][aria-pressed="true"]')
    expect(pressed).to_have_count(2)
    assert sorted(card.get_attribute("data-card") for card in pressed.all()) == sorted(chosen)
    page.locator('#board [data-select-card][aria-pressed="false"]').first.click()
    expect(page.locator("#board button[data-verb='pass']")).to_be_enabled()
    # Once passed, the choice is forgotten: a card dealt again next hand must not come up chosen.
    page.locator("#board button[data-verb='pass']").click()
    page.wait_for_function("() => !document.querySelector('#board [data-select-card]')")
    kept = page.evaluate("() => JSON.parse(sessionStorage.getItem('hand-selection:' + location.pathname) || '[]')")
    assert kept == []


def test_a_disclosure_the_player_opened_stays_open_across_live_frames(open_page):
    page = open_page(viewport={"width": 1280, "height": 800})
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").click()
    wait_for_live_view(page)
    page.locator("#board .score-sheet > summary").click()
    expect(page.locator("#board .score-sheet")).to_have_attribute("open", "")
    seq = int(page.locator("#board").get_attribute("data-seq"))
    for card in page.locator("#board [data-select-card]").all()[:3]:
        card.click()
    page.locator("#board button[data-verb='pass']").click()
    # The pass and the bots' first plays arrive as new frames; the sheet stays as the player left it.
    page.wait_for_function("seq => Number(document.getElementById('board').dataset.seq) > seq", arg=seq)
    expect(page.locator("#board .score-sheet")).to_have_attribute("open", "")
    page.locator("#board .score-sheet > summary").click()
    expect(page.locator("#board .score-sheet")).not_to_have_attribute("open", "")



def test_pages_load_without_a_console_error_or_a_missing_file(open_page):
    page = open_page(viewport={"width": 1280, "height": 800})
    errors, missing = [], []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("response", lambda response: missing.append(response.url) if response.status == 404 else None)
    for path in ("/", "/hearts/", "/glossary/"):
        page.goto(path)
        page.wait_for_load_state("networkidle")
    assert (errors, missing) == ([], [])


# The play area's lowest point: the cards of the opponents, the felt and your hand, and every
# move button, leaving out what is shut in a disclosure (the last trick, the score sheet), notes
# under the hand (Gin's best melds) and the table's own actions below it.
PLAY_AREA_BOTTOM = """
() => Math.max(...Array.from(document.querySelectorAll(
    "#board .opponents [data-card], #board .felt [data-card], #board .piles [data-card], " +
    "#board .hand [data-card], " +
    "#board form button, #board .solitaire-bar button"))
  .filter(element => !element.closest("details:not([open])") && element.getClientRects().length)
  .map(element => element.getBoundingClientRect().bottom + window.scrollY))
"""


@pytest.mark.parametrize("game", [game.slug for game in catalogue.all()])
def test_on_a_phone_the_whole_play_area_is_on_the_first_screen(open_page, game):
    """Opponents, the trick or piles, your hand and the move buttons, without scrolling: the
    Rules button sits beside the status line, the fair-deal note under the table, and a message
    floats at the screen's foot instead of keeping a band of its own."""
    page = open_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.goto(f"/{game}/")
    page.locator("form[action$='/play-now'] button[type=submit]").first.click()
    wait_for_live_view(page)
    assert page.evaluate(PLAY_AREA_BOTTOM) <= 740
    rules, status = page.locator(".rules-panel > summary").bounding_box(), page.locator("#status").bounding_box()
    assert rules["y"] < status["y"] + status["height"], "the Rules button has a row of its own"
    # A board without a felt of seats (Yahtzee's dice and card, Memory's grid) marks its play area.
    play = page.locator("#board .felt, #board .opponents, #board [data-play-area]").first
    assert page.locator(".fair-deal").bounding_box()["y"] > play.bounding_box()["y"]


def test_a_game_page_names_option_values_in_words(open_page):
    page = open_page(viewport={"width": 1280, "height": 800})
    page.goto("/rummy/")
    scoring = page.locator("form[action$='/new'] select[name='option:scoring'] option")
    assert scoring.all_inner_texts() == ["penalty", "winner takes all"]
    assert scoring.evaluate_all("options => options.map(o => o.value)") == ["penalty", "winner_takes"]
    rounds = page.locator("form[action$='/new'] select[name='option:rounds'] option").all_inner_texts()
    assert rounds[0] == "none (to the target)" and rounds[1:] == ["1", "3", "5", "7", "10"]
    aces = page.locator("form[action$='/new'] select[name='option:aces'] option").all_inner_texts()
    assert aces == ["low", "high or low"]
