"""Yahtzee in a real browser: a guest plays a whole solitaire game by keyboard alone."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import (
    TABLE_URL,
    focused,
    move_response,
    settled_seq,
    tab_to,
    wait_for_live_view,
)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

TURNS = 13
DICE = 5


def faces(page: Page) -> list[int]:
    return [int(face) for face in page.locator("#board .dice [data-face]").evaluate_all(
        "dice => dice.map(d => d.dataset.face)")]


def press_for_a_move(page: Page, key: str = "Enter") -> None:
    """``key`` on the focused control sends one move; the board then settles (the table of one
    has no bots, but the seq is read from the server all the same)."""
    board = page.locator("#board")
    # At a person's pace: a table socket takes 8 frames a second (SOCKET_FRAMES_PER_SECOND), and
    # on an idle machine this test, answered in a few milliseconds a move, outran it (a 429).
    page.wait_for_timeout(150)
    with move_response(page) as answer:
        page.keyboard.press(key)
    assert answer.value.status == 204, "the page sent a move the table refused"
    expect(board).to_have_attribute("data-seq", settled_seq(answer.value))


def keep_by_keyboard(page: Page, keep: set[int]) -> None:
    """From the first die, Space on each die whose keeping should change (dice kept before the
    last roll are kept still) and Tab to the next; ends on the roll button."""
    for position in range(DICE):
        die = focused(page, f"#board button[data-die='{position}']")
        expect(die).to_have_count(1)
        if (die.get_attribute("aria-pressed") == "true") != (position in keep):
            page.keyboard.press("Space")
        expect(die).to_have_attribute("aria-pressed", "true" if position in keep else "false")
        if position in keep:
            expect(die.locator(".die__kept")).to_be_visible()  # said in words, not only by colour
        page.keyboard.press("Tab")


def test_a_guest_plays_a_whole_solitaire_yahtzee_game_by_keyboard_alone(open_page):
    page = open_page()
    page.goto("/yahtzee/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    board = page.locator("#board")
    # A table of one: no opponents, no card backs, a Hint button; no dice before the first roll.
    expect(page.locator("#board .backs, #board .opponent")).to_have_count(0)
    expect(page.locator("#board .dice button[data-die]")).to_have_count(0)
    expect(page.get_by_role("button", name="Hint")).to_be_visible()
    expect(page.locator("#board .score-card [data-box]")).to_have_count(TURNS)

    for turn in range(TURNS):
        roll = "#board [data-roll]"
        expect(page.locator(roll)).to_have_text("Roll (3 left)")
        tab_to(page, roll)
        press_for_a_move(page)
        expect(page.locator("#board .dice button[data-die]")).to_have_count(DICE)
        rolls = 1
        # Keep the most common face and roll the rest again: once, or twice on odd turns.
        while rolls < (3 if turn % 2 else 2):
            now = faces(page)
            face, count = Counter(now).most_common(1)[0]
            if count == DICE:
                break  # a Yahtzee: nothing to roll
            keep = {position for position, shown in enumerate(now) if shown == face}
            tab_to(page, "#board button[data-die='0']", key="Shift+Tab")
            keep_by_keyboard(page, keep)
            button = focused(page, roll)
            expect(button).to_have_count(1)
            again = " ".join(str(position) for position in range(DICE) if position not in keep)
            expect(button).to_have_attribute("value", f"roll {again}")
            expect(button).to_have_text(f"Roll ({3 - rolls} left)")
            press_for_a_move(page)
            rolls += 1
            after = faces(page)
            assert all(after[position] == now[position] for position in keep), "a kept die was rolled"
            if rolls < 3:  # still held for the next roll, until the player lets go
                for position in keep:
                    expect(page.locator(f"#board button[data-die='{position}']")).to_have_attribute("aria-pressed", "true")
        if rolls == 3:
            expect(page.locator("#board button[data-die]")).to_have_count(0)  # nothing left to keep
            expect(page.locator("#status")).to_contain_text("score the dice")
        # Score the box worth most now (a 0 is allowed and reads "0").
        picks = page.locator("#board [data-box-move]").evaluate_all(
            "boxes => boxes.map(b => [b.dataset.boxMove, Number(b.textContent.trim())])")
        assert picks, "every empty box of the player's column offers a score"
        move, points = max(picks, key=lambda pick: pick[1])
        box = move.split()[1]
        tab_to(page, f"#board [data-box-move='{move}']")
        press_for_a_move(page)
        expect(page.locator(f"#board td[data-box='{box}'][data-seat='0']")).to_have_attribute("data-score", str(points))

    expect(board).to_have_attribute("data-over", re.compile(r".+"))
    scores = [int(score) for score in page.locator("#board td[data-box][data-seat='0']").evaluate_all(
        "cells => cells.map(c => c.dataset.score)")]
    assert len(scores) == TURNS
    upper_bonus = int(page.locator("#board [data-upper-bonus]").get_attribute("data-upper-bonus"))
    assert upper_bonus == (35 if sum(scores[:6]) >= 63 else 0)
    yahtzee_bonus = int(page.locator("#board [data-yahtzee-bonus]").get_attribute("data-yahtzee-bonus"))
    total = page.locator("#board td[data-total]")
    expect(total).to_have_text(str(sum(scores) + upper_bonus + yahtzee_bonus))
    expect(page.locator("#board .final li")).to_have_text(re.compile(rf": {sum(scores) + upper_bonus + yahtzee_bonus} points"))
    # The game over, the next thing to do has the focus.
    expect(focused(page, "#board .final button")).to_have_count(1)
