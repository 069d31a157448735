// The hand-over panel (templates/games/_hand_over.html): drawn hidden in every frame, shown here
// until the player says "Next hand" (or Escape), or until it has been up for data-continue-after
// seconds (0: until the button). That hand N's panel went is kept per table in sessionStorage, so
// neither the next live frame nor a reload brings it back; the time it first showed is kept too,
// so a reload does not start its count again. At the match's end it stays, beside the ranks.
(function () {
  "use strict";
  var timer = null;
  var timing = null;  // the key of the panel the timer runs for
  var shown = null;   // the key of the panel last shown on this page
  var focusWasOnIt = false;  // when a frame came: each frame draws the panel afresh

  function panelNow() { return document.querySelector("#board [data-hand-over]"); }
  function key(panel) { return "hand-over:" + location.pathname + ":" + panel.dataset.handOver; }

  function stopTimer() {
    clearTimeout(timer);
    timer = null;
    timing = null;
  }

  function dismiss(panel, byPlayer) {
    sessionStorage.setItem(key(panel), "gone");
    panel.hidden = true;
    stopTimer();
    if (!byPlayer) return;
    // Back to the play: the hand's first card that may act, else the board's first control.
    var board = document.getElementById("board");
    var next = board && board.querySelector(
      ".hand .card--legal, .hand [data-select-card], [data-focus-here], #board form button:not([disabled])");
    if (next) next.focus();
  }

  function startTimer(panel, seconds) {
    var k = key(panel);
    if (timing === k) return;
    stopTimer();
    var since = Number(sessionStorage.getItem(k + ":since"));
    if (!since) {
      since = Date.now();
      sessionStorage.setItem(k + ":since", String(since));
    }
    timing = k;
    timer = setTimeout(function () {
      var current = panelNow();
      if (current && key(current) === k) dismiss(current, false);
    }, Math.max(0, since + seconds * 1000 - Date.now()));
  }

  function update() {
    var panel = panelNow();
    if (!panel) {
      stopTimer();
      return;
    }
    var k = key(panel);
    var final = panel.hasAttribute("data-hand-over-final");
    if (!final && sessionStorage.getItem(k) === "gone") {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    var seconds = Number(panel.dataset.continueAfter || 0);
    if (!final && seconds > 0) startTimer(panel, seconds);
    var button = panel.querySelector("[data-next-hand]");
    if (!button) return;
    if (shown === k) {
      if (focusWasOnIt) button.focus();  // a new frame drew it again: the focus stays on it
      return;
    }
    shown = k;
    // Newly up: a keyboard player lands on it, unless they are busy elsewhere on the page.
    var active = document.activeElement;
    if (active === document.body || (active && active.closest("#board"))) button.focus();
  }

  document.body.addEventListener("htmx:oobBeforeSwap", function () {
    var active = document.activeElement;
    focusWasOnIt = !!(active && active.closest && active.closest("[data-hand-over]"));
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-next-hand]");
    var panel = button && button.closest("[data-hand-over]");
    if (panel) dismiss(panel, true);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var panel = event.target.closest && event.target.closest("[data-hand-over]");
    if (panel && panel.querySelector("[data-next-hand]")) dismiss(panel, true);
  });
  document.addEventListener("DOMContentLoaded", update);
  document.body.addEventListener("htmx:wsAfterMessage", update);
  document.body.addEventListener("htmx:afterSwap", update);
  document.body.addEventListener("htmx:oobAfterSwap", update);
})();
