"""Fanned cards in a real browser, on a desktop screen and on a phone: every face-up card in
FreeCell's columns and in Klondike's draw-3 waste shows its index (rank and suit) on the strip
the cards over it leave uncovered, and a deeper card is picked up by clicking anywhere on
that strip."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, wait_for_live_view
from tests.e2e.test_patience_and_meld_browser import play_by_button, start_freecell_deal

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

SCREENS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
}
RANKS = {"T": "10"}
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

# For each face-up card fanned under or over others: what is drawn on top at the middle of its
# rank and of its suit (the card itself, or another) and the text found there.
INDEX_IN_SIGHT = """cards => cards.map(card => {
  const at = part => {
    const box = card.querySelector(part).getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {onTop: !!hit && hit.closest('.card') === card, text: hit ? hit.textContent : null};
  };
  return {card: card.dataset.card, rank: at('.card__rank'), suit: at('.card__suit')};
})"""

# The strip of a card that the next card of its column leaves uncovered, in page coordinates.
UNCOVERED_STRIP = """card => {
  const box = card.getBoundingClientRect(), next = card.nextElementSibling.getBoundingClientRect();
  return {left: box.left, right: box.right, top: box.top, bottom: Math.min(box.bottom, next.top)};
}"""


def open_screen(open_page, screen: str) -> Page:
    return open_page(**SCREENS[screen])


def assert_fits_the_width(page: Page) -> None:
    width = page.viewport_size["width"]
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page is {scroll_width}px wide on a {width}px screen"


def assert_indexes_in_sight(page: Page, selector: str) -> int:
    """Every card matching ``selector`` shows its own rank and suit, on top of everything else."""
    page.locator("#board .felt").scroll_into_view_if_needed()
    page.wait_for_function("document.getAnimations().length === 0")  # the cards have landed (motion.js)
    shown = page.locator(selector).evaluate_all(INDEX_IN_SIGHT)
    assert shown, f"no card matches {selector}"
    for card in shown:
        code = card["card"]
        assert card["rank"]["onTop"], f"{code}: its rank lies under another card: {card}"
        assert card["rank"]["text"] == RANKS.get(code[0], code[0]), f"{code}: its rank reads wrong: {card}"
        assert card["suit"]["onTop"], f"{code}: its suit lies under another card: {card}"
        assert card["suit"]["text"] == SUITS[code[1]], f"{code}: its suit reads wrong: {card}"
    return len(shown)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_freecell_columns_show_every_index_and_pick_up_a_deeper_card_on_its_whole_strip(open_page, screen):
    page = open_screen(open_page, screen)
    start_freecell_deal(page, 1)
    assert_fits_the_width(page)
    assert assert_indexes_in_sight(page, "#board .column > .card") == 52

    # The third card of the first column, with four on it: its top, middle and bottom.
    deeper = page.locator('#board [data-pile="t0"] > .card').nth(2)
    expect(deeper).to_have_attribute("data-depth", "5")
    strip = deeper.evaluate(UNCOVERED_STRIP)
    assert strip["bottom"] - strip["top"] >= 15, f"the strip is too thin to point at: {strip}"
    for y in (strip["top"] + 2, (strip["top"] + strip["bottom"]) / 2, strip["bottom"] - 2):
        for x in (strip["left"] + 3, strip["right"] - 3):
            page.mouse.click(x, y)
            expect(page.locator('#board [aria-pressed="true"]')).to_have_count(1)
            expect(deeper).to_have_attribute("aria-pressed", "true")
            page.keyboard.press("Escape")
            expect(deeper).to_have_attribute("aria-pressed", "false")


@pytest.mark.parametrize("screen", list(SCREENS))
def test_klondike_draw_3_fans_the_waste_top_three_with_their_indexes_and_only_the_top_plays(open_page, screen):
    page = open_screen(open_page, screen)
    page.goto("/klondike/")
    page.get_by_label("Draw").select_option("3")
    page.get_by_label("Game #").fill("1")
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    play_by_button(page, re.compile(r"^Draw from the stock"))

    waste = page.locator('#board [data-pile="waste"] > .card')
    expect(waste).to_have_count(3)
    assert_fits_the_width(page)
    face_up = '#board [data-pile="waste"] > .card, #board .column > .card:not(.card--back)'
    assert assert_indexes_in_sight(page, face_up) == 3 + 7  # the waste's three, a card atop each pile
    # The top card plays; the two under it are only there to be read.
    expect(waste.nth(2)).to_have_attribute("data-depth", "1")
    for under in (waste.nth(0), waste.nth(1)):
        assert under.get_attribute("data-depth") is None, "only the waste's top card may be moved"
        under.click(position={"x": 4, "y": 4})
        expect(page.locator('#board [aria-pressed="true"]')).to_have_count(0)
