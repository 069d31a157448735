"""The site's look in a real browser (issue 16, "Look and feel"): dark mode that follows the
system and a theme choice that overrides it before the first paint, card faces that stay light
in the dark, sound that stays off until the player turns it on, and a header whose parts
never touch on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import CHROMIUM, open_my_stats
from tests.e2e.test_hearts_browser import choose_and_pass, move_response, settled_seq, wait_for_live_view
from tests.e2e.test_patience_and_meld_browser import start_freecell_deal

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

# The theme on <html> at the moment <body> is parsed: before anything of the page is painted.
THEME_AT_FIRST_PAINT = """
window.__themeAtBody = null;
new MutationObserver(function (changes, observer) {
  if (!document.body) return;
  window.__themeAtBody = document.documentElement.dataset.theme || "system";
  observer.disconnect();
}).observe(document, {childList: true, subtree: true});
"""

def luminance(page: Page, selector: str, prop: str = "backgroundColor") -> float:
    """Relative luminance (0 black, 1 white) of the first match's computed colour."""
    colour = page.locator(selector).first.evaluate(f"element => getComputedStyle(element).{prop}")
    parts = re.findall(r"\d+(?:\.\d+)?", colour)
    assert len(parts) == 3 or float(parts[3]) == 1, f"{selector} has no opaque {prop}: {colour}"
    red, green, blue = (float(part) / 255 for part in parts[:3])

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first: float, second: float) -> float:
    lighter, darker = max(first, second), min(first, second)
    return (lighter + 0.05) / (darker + 0.05)


def test_dark_mode_follows_the_system_keeps_card_faces_light_and_a_chosen_theme_outlives_a_reload(open_page):
    page = open_page(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    page.add_init_script(THEME_AT_FIRST_PAINT)
    start_freecell_deal(page, 5)
    # The system says dark, nothing chosen: the page and the felt go dark, card faces stay light.
    assert page.evaluate("window.__themeAtBody") == "system"
    assert luminance(page, "html") < 0.05
    assert luminance(page, "#board .felt") < 0.05
    assert luminance(page, "#board .card:not(.card--back):not(.card--empty)") > 0.9
    red = "#board .card--red"
    black = "#board .card:not(.card--red):not(.card--back):not(.card--empty)"
    assert contrast(luminance(page, red, "color"), luminance(page, red)) >= 4.5
    assert contrast(luminance(page, black, "color"), luminance(page, black)) >= 4.5
    # The page's own text stays readable on the dark page.
    assert contrast(luminance(page, "#board .status", "color"), luminance(page, "html")) >= 7

    # Light, chosen in the header, wins over the system, and is there again before the first
    # paint of the next page.
    page.locator("[data-theme-choice]").select_option("light")
    assert luminance(page, "html") > 0.9
    page.reload()
    wait_for_live_view(page)
    assert page.evaluate("window.__themeAtBody") == "light"
    assert luminance(page, "html") > 0.9
    expect(page.locator("[data-theme-choice]")).to_have_value("light")

    # Back to following the system: dark again, and after a reload too.
    page.locator("[data-theme-choice]").select_option("system")
    assert luminance(page, "html") < 0.05
    page.reload()
    assert page.evaluate("window.__themeAtBody") == "system"
    assert luminance(page, "html") < 0.05


def test_dark_chosen_on_a_light_system(open_page):
    page = open_page(viewport={"width": 360, "height": 740}, color_scheme="light")
    page.goto("/")
    assert luminance(page, "html") > 0.9
    page.locator("[data-theme-choice]").select_option("dark")
    assert luminance(page, "html") < 0.05
    assert contrast(luminance(page, ".game", "color"), luminance(page, ".game")) >= 7


# Every AudioContext the page makes is counted, and every sound it plays (sound.js tells each).
AUDIO_COUNTER = """
window.__audio = {contexts: 0, sounds: []};
(function () {
  var Real = window.AudioContext;
  window.AudioContext = function (options) { window.__audio.contexts += 1; return new Real(options); };
  window.AudioContext.prototype = Real.prototype;
  window.webkitAudioContext = window.AudioContext;
  document.addEventListener("table:sound", function (event) { window.__audio.sounds.push(event.detail.name); });
})();
"""


def audio(page: Page) -> dict:
    return page.evaluate("window.__audio")


def test_sound_is_off_until_the_player_turns_it_on_then_a_move_plays_one_and_the_choice_outlives_a_reload(open_page):
    page = open_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(AUDIO_COUNTER)
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").click()
    wait_for_live_view(page)
    toggle = page.get_by_role("button", name="Sound")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    # Off by default: a move (the pass, and the bots' plays after it) makes no sound, and the
    # page never even made an AudioContext.
    choose_and_pass(page)
    assert audio(page) == {"contexts": 0, "sounds": []}

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert audio(page)["contexts"] == 1
    with move_response(page) as answer:
        page.locator("#board .hand .card--legal").first.click()
    expect(page.locator("#board")).to_have_attribute("data-seq", settled_seq(answer.value))
    # Every seat plays before the turn comes back: the trick the card went into was taken.
    page.wait_for_function("window.__audio.sounds.includes('trick')")
    assert set(audio(page)["sounds"]) <= {"card", "trick"}, audio(page)  # no deal, no win

    page.reload()
    wait_for_live_view(page)
    expect(page.get_by_role("button", name="Sound")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Sound").click()
    expect(page.get_by_role("button", name="Sound")).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.get_by_role("button", name="Sound")).to_have_attribute("aria-pressed", "false")


# Each visible part of the header: the brand, each account link or button, each tool.
HEADER_PARTS = """
() => Array.from(document.querySelectorAll(
    ".site-header .brand, .site-header nav a, .site-header nav button, .site-tools > *"))
  .map(element => ({text: element.textContent.trim(), box: element.getBoundingClientRect().toJSON()}))
  .filter(part => part.box.width > 0)
"""
GAP = 4  # CSS pixels between any two parts of the header, across or down


def apart(first: dict, second: dict) -> bool:
    a, b = first["box"], second["box"]
    return (a["right"] + GAP <= b["left"] or b["right"] + GAP <= a["left"]
            or a["bottom"] + GAP / 2 <= b["top"] or b["bottom"] + GAP / 2 <= a["top"])


@pytest.mark.parametrize("path", ["/", "/hearts/"])
def test_on_a_phone_no_part_of_the_header_touches_another(open_page, path):
    page = open_page(viewport={"width": 360, "height": 740})
    page.goto(path)
    if path != "/":  # a table: the header also holds the sound button
        page.get_by_role("button", name="Play now").click()
        wait_for_live_view(page)
    parts = page.evaluate(HEADER_PARTS)
    texts = [part["text"] for part in parts]
    assert "Cardsite" in texts and "My stats" in texts and "Log in" in texts
    for index, part in enumerate(parts):
        assert 0 <= part["box"]["left"] and part["box"]["right"] <= 360, part
        for other in parts[index + 1:]:
            assert apart(part, other), (part, other)


def test_in_the_dark_every_page_and_table_keeps_its_text_contrast(open_page):
    """axe's colour-contrast rule over every kind of page and each game's table, dark."""
    from axe_playwright_python.sync_playwright import Axe

    from games import catalogue
    from tests.e2e.test_accessibility_browser import open_table

    axe = Axe()
    page = open_page(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    found = []

    def check() -> None:
        assert luminance(page, "html") < 0.05, page.url
        for violation in axe.run(page, options={"runOnly": ["color-contrast"]}).response["violations"]:
            found.extend(f"{page.url} {', '.join(map(str, node['target']))}: {node.get('failureSummary', '')}"
                         for node in violation["nodes"])

    for path in ("/", "/glossary/", "/rankings/", "/fair/"):
        page.goto(path)
        check()
    for game in catalogue.all():
        for path in (f"/{game.slug}/", f"/{game.slug}/rules/"):
            page.goto(path)
            check()
        open_table(page, game)
        check()
    open_my_stats(page)
    check()
    assert not found, f"{len(found)} nodes short of contrast in the dark:\n" + "\n".join(found)


def test_the_last_card_of_a_hand_sounds_a_deal_and_the_hand_over_panel_is_readable_in_the_dark(open_page):
    from axe_playwright_python.sync_playwright import Axe

    from games.catalogue.hearts.engine import ENGINE as hearts
    from tests.e2e.test_hand_over_browser import PANEL, hearts_last_trick, play, play_now, put_state

    page = open_page(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    page.add_init_script(AUDIO_COUNTER)
    page.add_init_script("localStorage.setItem('sound', 'on')")
    table_id = play_now(page, "hearts")
    put_state(page, table_id, hearts, hearts_last_trick(took={1: ["2H", "3H"], 2: ["QS"]}))
    play(page, lambda: page.locator('#board .hand [data-card="AH"]').click())
    # Each card of the trick sounds as it lands; the last one ends the hand and the next deal
    # comes in its frame, so that one sounds the deal (and the bots' passes after it, cards).
    page.wait_for_function("window.__audio.sounds.includes('deal')")
    sounds = audio(page)["sounds"]
    assert set(sounds[:sounds.index("deal")]) == {"card"} and set(sounds) == {"card", "deal"}, sounds
    expect(page.locator(PANEL)).to_be_visible()
    assert luminance(page, PANEL) < 0.05
    results = Axe().run(page, options={"runOnly": ["color-contrast"]}).response
    assert not [node["target"] for violation in results["violations"] for node in violation["nodes"]]
