// Solitaire tables (Klondike, FreeCell): move cards by drag and drop, by click (a card, then
// the pile it goes to), by double click (to its foundation) and by keyboard (Enter on a card,
// then Enter on a pile's card or its empty slot). The board marks piles with data-pile and
// movable cards with data-pile, data-depth (cards from it to the pile's top) and data-card;
// a move is "move <from> <to> [count]" posted through the board's move form.
(function () {
  "use strict";
  var chosen = null;

  function form() { return document.querySelector("form[data-solitaire-form]"); }

  function submit(move) {
    var f = form();
    if (!f) return;
    f.querySelector('input[name="move"]').value = move;
    if (window.htmx) window.htmx.trigger(f, "submit"); else f.submit();
  }

  function choose(card) {
    clear();
    chosen = card;
    card.setAttribute("aria-pressed", "true");
    var board = document.getElementById("board");
    if (board) board.classList.add("is-choosing");
  }
  function clear() {
    document.querySelectorAll('[data-depth][aria-pressed="true"]').forEach(function (c) {
      c.setAttribute("aria-pressed", "false");
    });
    chosen = null;
    var board = document.getElementById("board");
    if (board) board.classList.remove("is-choosing");
  }

  function moveTo(card, pile) {
    var from = card.dataset.pile;
    if (!pile || pile === from) return false;
    var depth = Number(card.dataset.depth || 1);
    submit("move " + from + " " + pile + (depth > 1 ? " " + depth : ""));
    return true;
  }

  function targetPile(element) {
    var holder = element.closest && element.closest("[data-pile]");
    return holder ? holder.dataset.pile : null;
  }

  document.addEventListener("click", function (event) {
    if (!form()) return;
    var action = event.target.closest("[data-solitaire-move]");
    if (action) { clear(); submit(action.dataset.solitaireMove); return; }
    var target = event.target.closest("[data-pile]");
    if (chosen && target) {
      var moved = moveTo(chosen, targetPile(target));
      clear();
      if (moved) return;
    }
    var card = event.target.closest("[data-depth]");
    if (card) choose(card); else clear();
  });

  document.addEventListener("dblclick", function (event) {
    var card = event.target.closest && event.target.closest("[data-depth]");
    if (!card || !form() || Number(card.dataset.depth) !== 1) return;
    clear();
    submit("move " + card.dataset.pile + " f" + card.dataset.card.slice(-1));
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") clear();
  });

  var dragged = null;
  document.addEventListener("dragstart", function (event) {
    dragged = event.target.closest && event.target.closest("[data-depth]");
    if (dragged && event.dataTransfer) event.dataTransfer.setData("text/plain", dragged.dataset.card);
  });
  document.addEventListener("dragover", function (event) {
    if (dragged && event.target.closest && event.target.closest("[data-pile]")) event.preventDefault();
  });
  document.addEventListener("drop", function (event) {
    var pile = dragged && event.target.closest && targetPile(event.target);
    if (!pile) return;
    event.preventDefault();
    moveTo(dragged, pile);
    dragged = null;
  });

  document.body.addEventListener("htmx:wsAfterMessage", clear);
})();

// The clock: from the first move (the server's data-started) to now, until the game's end
// (data-finished). The server draws it showing the time so far; it is set again as soon as a
// new frame lands, so a frame never shows a stale time for a second.
(function () {
  "use strict";
  // A finished game's clock shows the server's final time, the result's seconds: left alone.
  function tick() {
    document.querySelectorAll(".clock[data-started]:not([data-finished])").forEach(function (clock) {
      var seconds = Math.max(0, Math.floor(Date.now() / 1000 - Number(clock.dataset.started)));
      clock.textContent = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
    });
  }
  setInterval(tick, 1000);
  document.body.addEventListener("htmx:wsAfterMessage", tick);
  document.body.addEventListener("htmx:oobAfterSwap", tick);
  document.body.addEventListener("htmx:afterSwap", tick);
})();

// A hint names its move: mark the card it moves, so the eye finds it.
(function () {
  "use strict";
  function markHint() {
    var line = document.querySelector("[data-hint-move]");
    if (!line) return;
    var words = line.dataset.hintMove.split(" ");
    if (words[0] !== "move") return;
    var count = Number(words[3] || 1);
    var card = document.querySelector('[data-pile="' + words[1] + '"] [data-depth="' + count + '"]');
    if (card) card.setAttribute("data-hinted", "");
  }
  // The board comes back out of band (the Hint button swaps nothing itself).
  document.body.addEventListener("htmx:oobAfterSwap", markHint);
  document.body.addEventListener("htmx:afterSwap", markHint);
})();
