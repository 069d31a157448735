"""A trick's moments in a real browser (issue 16): the whole trick lies on the table for a
beat, its winner named, then goes to its winner, while the next bot waits for it; and the
"Wait for your turn." tooltip never covers the player's name.

The session's server plays with no pauses at all. The tests of the pause ask a server of
their own for one (TRICK_PAUSE_SECONDS, via live_settings), on the same test database.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    CHROMIUM,
    ERROR_RECORD,
    FRAME_COUNTER,
    TIMEOUT_MS,
    _server_environment,
    served,
)
from tests.e2e.test_friends_browser import new_private_table
from tests.e2e.test_hearts_browser import (
    LIVE_MS,
    TABLE_URL,
    choose_and_pass,
    move_response,
    wait_for_live_view,
)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

TRICK_PAUSE_SECONDS = "1.0"
HAND_PAUSE_SECONDS = "2.0"
# What is on the table: a completed trick still lying there, or the seat's own turn.
TABLE_NOW = """() => {
  const board = document.getElementById("board");
  if (board.querySelector(".trick__done:not(.is-taken)")) return "taken";
  if (board.querySelector(".me.is-turn .hand .card--legal")) return "mine";
  return "";
}"""


# Every completed trick the page sent towards its winner, as it went: the winner's side and
# each card's transform two animation frames in. Recorded by the page itself, since a bot's
# lead replaces the going trick a moment later, sooner than a busy test might look.
TAKEN_RECORDER = """
window.__taken = [];
new MutationObserver(function (changes) {
  changes.forEach(function (change) {
    const trick = change.target;
    if (!trick.classList || !trick.classList.contains("is-taken") || trick.dataset.recorded) return;
    trick.dataset.recorded = "1";
    requestAnimationFrame(function () { requestAnimationFrame(function () {
      window.__taken.push({key: trick.dataset.trickTaken, winner: trick.dataset.winner, transforms: Array.from(
        trick.querySelectorAll(".trick__play"), function (play) { return getComputedStyle(play).transform; })});
    }); });
  });
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["class"]});
"""


@pytest.fixture(scope="module")
def paced_server(daphne_server, tmp_path_factory):
    """A second Daphne on the test database, pausing after each trick and hand."""
    from django.db import connection

    log = tmp_path_factory.mktemp("paced") / "daphne.log"
    env = _server_environment(str(connection.settings_dict["NAME"]))
    env["CARDSITE_E2E_TRICK_PAUSE_SECONDS"] = TRICK_PAUSE_SECONDS
    env["CARDSITE_E2E_HAND_PAUSE_SECONDS"] = HAND_PAUSE_SECONDS
    env["SWEEP_IN_PROCESS"] = "0"  # the package's server sweeps this database already
    with served(env=env, log=log) as server:
        yield server


@pytest.fixture
def paced_page(browser, paced_server):
    """``paced_page(**context_options)``: a page of the pausing server, its log checked after."""
    contexts = []
    offset = paced_server.log_size()

    def paced_page(**options):
        context = browser.new_context(base_url=paced_server.url, **options)
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(FRAME_COUNTER)
        context.add_init_script(TAKEN_RECORDER)
        contexts.append(context)
        return context.new_page()

    yield paced_page
    for context in contexts:
        context.close()
    errors = [match.group(0) for match in ERROR_RECORD.finditer(paced_server.log_since(offset))]
    assert not errors, "the pausing server logged errors:\n" + "\n".join(errors)


def play_now_and_pass(page: Page) -> None:
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    choose_and_pass(page)


def wait_for_the_frame_after(page: Page, seq: int) -> None:
    """The move's answer (204) comes before its frame: until the frame is in, the board still
    says it is our turn, and a second click would chase a card that is about to go."""
    page.wait_for_function("seq => Number(document.getElementById('board').dataset.seq) > seq", arg=seq,
                           timeout=LIVE_MS)


def play_to_a_taken_trick(page: Page, *, won_by_us: bool) -> None:
    """Play whenever it is our turn until a completed trick we won (``won_by_us``) or a bot won
    lies on the table: our highest legal card to win tricks, our lowest to lose them."""
    for _ in range(60):
        page.wait_for_function(TABLE_NOW, timeout=LIVE_MS)
        if page.evaluate(TABLE_NOW) == "taken":
            if ("You take" in page.locator("#board .trick__winner").inner_text()) == won_by_us:
                return
            # Not the kind wanted: it lies for its beat, then goes; play on after that. (A bot
            # that completes the trick plays within milliseconds of our card, so the frame of
            # our card and the taken trick's come together: it is looked at here, first.)
            page.wait_for_function("() => !document.querySelector('#board .trick__done:not(.is-taken)')")
            continue
        legal = page.locator("#board .me.is-turn .hand .card--legal")
        seq = int(page.locator("#board").get_attribute("data-seq"))
        (legal.last if won_by_us else legal.first).click()
        wait_for_the_frame_after(page, seq)
    raise AssertionError("no trick of the kind wanted in sixty moves")


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_the_whole_trick_stays_a_beat_its_winner_named_then_goes_to_the_winner(paced_page, width, height):
    page = paced_page(viewport={"width": width, "height": height})
    play_now_and_pass(page)
    play_to_a_taken_trick(page, won_by_us=False)
    done = page.locator("#board .trick .trick__done")
    # All four cards, the winner's marked, and the winner in words.
    expect(done.locator("[data-card]")).to_have_count(4)
    expect(done.locator(".trick__play.is-winning")).to_have_count(1)
    winner = done.locator(".trick__winner")
    expect(winner).to_have_text(f"{done.locator('.is-winning .trick__who').inner_text()} takes the trick")
    expect(winner).to_be_visible()
    assert page.locator("#board .trick__empty").count() == 0
    key, side = done.get_attribute("data-trick-taken"), done.get_attribute("data-winner")
    # After the beat the trick goes towards its winner: the next bot waited for it, so the
    # same trick is still the board's when it goes (a lead at once would have replaced it).
    going = page.wait_for_function("key => window.__taken.find(trick => trick.key === key)", arg=key).json_value()
    assert going["winner"] == side and side != "bottom", going
    assert len(going["transforms"]) == 4 and "none" not in going["transforms"], going
    # Then the winner, a bot, leads the next trick.
    expect(page.locator("#board .trick > .trick__play").first).to_be_visible(timeout=LIVE_MS)


def test_with_reduced_motion_the_taken_trick_fades_without_moving(paced_page):
    page = paced_page(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    play_now_and_pass(page)
    play_to_a_taken_trick(page, won_by_us=True)
    expect(page.locator("#board .trick__done.is-taken")).to_have_count(1, timeout=LIVE_MS)
    # Ours: it stays on the table until we lead, faded out where it lay.
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#board .trick__done.is-taken .trick__play')).opacity === '0'")
    transforms = page.locator("#board .trick__done.is-taken .trick__play").evaluate_all(
        "plays => plays.map(play => getComputedStyle(play).transform)")
    assert transforms == ["none"] * 4, transforms


PASSING_OR_OUR_TURN = """() => {
  const board = document.getElementById("board");
  if (board.querySelector(".hand [data-select-card]")) return "pass";
  return board.querySelector(".me.is-turn .hand .card--legal") ? "play" : "";
}"""


def test_after_a_hand_the_bots_wait_before_playing_into_the_next(paced_page):
    page = paced_page(viewport={"width": 1280, "height": 800})
    play_now_and_pass(page)
    for _ in range(14):  # our thirteen cards, then hand 2's pass
        if page.wait_for_function(PASSING_OR_OUR_TURN, timeout=3 * LIVE_MS).json_value() == "pass":
            break
        seq = int(page.locator("#board").get_attribute("data-seq"))
        with move_response(page):
            page.locator("#board .me.is-turn .hand .card--legal").first.click()
        wait_for_the_frame_after(page, seq)
    expect(page.locator("#board .score-sheet tbody tr")).to_have_count(1)
    # Hand 2 is dealt, and the bots read the end of hand 1 as long as we do: none has passed yet
    # (at once, they would all have passed within the hand's last move).
    opponents = page.locator("#board .opponent")
    expect(opponents).to_have_count(3)
    assert "passed" not in " ".join(opponents.all_inner_texts())
    # After the pause they pass, one after another.
    expect(opponents.filter(has_text="passed")).to_have_count(3, timeout=LIVE_MS)


OVERLAP = """([a, b]) => {
  const r = document.querySelector(a).getBoundingClientRect(), s = document.querySelector(b).getBoundingClientRect();
  return !(r.right <= s.left || s.right <= r.left || r.bottom <= s.top || s.bottom <= r.top);
}"""


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_the_wait_for_your_turn_tooltip_leaves_the_player_s_name_in_sight(open_page, width, height):
    host, friend = (open_page(viewport={"width": width, "height": height}) for _ in range(2))
    invite = new_private_table(host)
    friend.goto(invite)
    wait_for_live_view(friend)
    friend.get_by_role("button", name="Take a seat").click()
    expect(friend.locator('#board .seat-row[data-seat="1"]')).to_contain_text("(you)")
    host.get_by_role("button", name="Start the game").click()
    for page in (host, friend):
        expect(page.locator("#board .hand [data-select-card]")).to_have_count(13, timeout=LIVE_MS)
    choose_and_pass(host)
    expect(friend.locator('#board .opponent[data-seat="0"]')).to_contain_text("passed", timeout=LIVE_MS)
    choose_and_pass(friend)
    # Bots play at once here (within the friend's request): one of the two is to play, the other waits.
    expect(host.locator("#board")).to_have_attribute("data-seq", friend.locator("#board").get_attribute("data-seq"),
                                                     timeout=LIVE_MS)
    turns = [page.locator("#board .me.is-turn").count() for page in (host, friend)]
    assert sorted(turns) == [0, 1], turns
    waiting = friend if turns[0] else host
    card = waiting.locator("#board .hand [data-card]").first
    card.hover()
    tooltip = card.locator(".card__why")
    expect(tooltip).to_have_text("Wait for your turn.")
    expect(tooltip).to_be_visible()
    assert not waiting.evaluate(OVERLAP, ["#board .hand [data-card]:hover .card__why", "#board .me__name"])
    box = tooltip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box  # on the screen, not cut off
    # The board drawn anew, as a frame draws it, under the pointer at rest: the card now under it
    # is hovered, but the player has not pointed at it, so its note waits for the pointer to move.
    waiting.evaluate("""() => {
      const board = document.getElementById("board");
      board.outerHTML = board.outerHTML;
      document.body.dispatchEvent(new CustomEvent("htmx:wsAfterMessage"));
    }""")
    expect(waiting.locator('#board .hand .card[aria-disabled="true"]:hover')).to_have_count(1)
    expect(waiting.locator("#board .card__why:visible")).to_have_count(0)
    here = waiting.locator('#board .hand .card[aria-disabled="true"]:hover').bounding_box()
    waiting.mouse.move(here["x"] + here["width"] / 2 + 2, here["y"] + here["height"] / 2)
    moved = waiting.locator("#board .hand .card:hover .card__why")
    expect(moved).to_be_visible()
    box = moved.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box  # placed when it came to show
