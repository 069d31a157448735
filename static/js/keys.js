// The keyboard at a table, beyond Tab: arrow keys move between the cards of a hand (left and
// right) and between the piles of a patience table (all four ways); Enter and Space press the
// card (cards are buttons: choose, play, pick); Escape lets go of a choice (the patience pick
// is solitaire.js's; cards chosen to pass or meld are let go here). And after any move the
// focus lands on a control again, never on the page's body: the same place when the new frame
// still has it, else the stock, else the first card of the hand.
(function () {
  "use strict";

  function focusable(element) {
    return element && !element.disabled && element.matches("button, a[href], [tabindex]") &&
      element.getClientRects().length > 0;
  }
  function buttonsIn(holder) {
    return Array.prototype.filter.call(holder.querySelectorAll("button, [tabindex]"), focusable);
  }

  // -- a hand: left and right ---------------------------------------------------------------
  function stepInHand(card, forward) {
    var hand = card.closest(".hand");
    var cards = buttonsIn(hand).filter(function (c) { return c.hasAttribute("data-card"); });
    var next = cards[cards.indexOf(card) + (forward ? 1 : -1)];
    if (next) next.focus();
    return true;
  }

  // -- patience piles: each pile's place on the screen says which is left, right, up, down ---
  function piles(board) {
    var places = Array.prototype.slice.call(board.querySelectorAll("div[data-pile], .pile__draw"));
    return places.filter(function (pile) { return entryOf(pile); });
  }
  // What takes the focus in a pile: its top card (the last one that can be pressed), its
  // empty slot, or the stock's button itself.
  function entryOf(pile) {
    if (pile.matches("button")) return focusable(pile) ? pile : null;
    var inside = buttonsIn(pile);
    return inside[inside.length - 1] || null;
  }
  function pileOf(element) {
    return element.closest(".pile__draw") || element.closest("div[data-pile]");
  }
  function centre(element) {
    var rect = element.getBoundingClientRect();
    return {x: rect.left + rect.width / 2, top: rect.top, rect: rect};
  }
  function stepInPiles(element, key) {
    var board = document.getElementById("board");
    var here = pileOf(element);
    if (!board || !here) return false;
    // Up and down inside a column first: from card to card of its face-up run.
    if (key === "ArrowUp" || key === "ArrowDown") {
      var inside = buttonsIn(here);
      var at = inside.indexOf(element);
      var next = inside[at + (key === "ArrowUp" ? -1 : 1)];
      if (at >= 0 && next) { next.focus(); return true; }
    }
    var from = centre(here);
    var rowHeight = Math.max(8, element.getBoundingClientRect().height / 2);
    var best = null;
    var bestScore = Infinity;
    piles(board).forEach(function (pile) {
      if (pile === here) return;
      var to = centre(pile);
      var sameRow = Math.abs(to.top - from.top) < rowHeight;
      var score;
      if (key === "ArrowLeft" || key === "ArrowRight") {
        var ahead = key === "ArrowLeft" ? to.x < from.x : to.x > from.x;
        if (!sameRow || !ahead) return;
        score = Math.abs(to.x - from.x);
      } else {
        var beyond = key === "ArrowUp" ? to.top < from.top - rowHeight : to.top > from.top + rowHeight;
        if (!beyond) return;
        score = Math.abs(to.top - from.top) * 4 + Math.abs(to.x - from.x);
      }
      if (score < bestScore) { bestScore = score; best = pile; }
    });
    if (!best) return true;  // the edge of the table: stay
    var entry = entryOf(best);
    // Going down into a column, land on its top card; going up out of one, the row above.
    if (entry) entry.focus();
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;  // Alt+arrows reorder a hand
    var key = event.key;
    var target = event.target;
    if (!target.closest || event.defaultPrevented) return;
    if (key === "Escape" && !target.closest("input, select, textarea, .rules-panel")) {
      // Let go of every card chosen in a hand, through the hand's own click (table.js keeps
      // the selection, its saved copy and the action buttons in step).
      document.querySelectorAll('#board [data-select-card][aria-pressed="true"]').forEach(function (card) {
        card.click();
      });
      return;
    }
    if (!target.closest("#board")) return;
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].indexOf(key) < 0) return;
    var handled = false;
    if (target.closest(".hand") && target.hasAttribute("data-card")) {
      if (key === "ArrowLeft" || key === "ArrowRight") handled = stepInHand(target, key === "ArrowRight");
    } else if (target.closest(".felt--solitaire")) {
      handled = stepInPiles(target, key);
    }
    if (handled) event.preventDefault();  // the page does not scroll as well
  });

  // -- focus after a move --------------------------------------------------------------------
  // Where the focus was when a frame replaced the board, said so that the new frame can be
  // searched for the same place: a pile, a hand's card, a button by what it does.
  var place = null;
  function placeOf(element) {
    var pile = element.closest(".pile__draw") ? null : element.closest("div[data-pile]");
    if (pile) return {pile: pile.dataset.pile};
    // A numbered place of a board's grid (Memory's cards): found again by its number.
    var spot = element.closest("[data-spot]");
    if (spot) return {spot: Number(spot.dataset.spot)};
    if (element.hasAttribute("data-card")) return {card: element.dataset.card};
    var keys = ["data-solitaire-move", "hx-post", "data-verb", "data-sort", "aria-label"];
    for (var i = 0; i < keys.length; i += 1) {
      if (element.hasAttribute(keys[i])) return {attribute: keys[i], value: element.getAttribute(keys[i])};
    }
    return {text: element.textContent.trim()};
  }
  function findPlace(board, where) {
    if (where.pile) {
      var pile = board.querySelector('div[data-pile="' + where.pile + '"]');
      return pile && entryOf(pile);
    }
    if (where.spot !== undefined) {
      // The same place, or the next one that takes the focus (a card turned up takes none).
      var spots = Array.prototype.filter.call(board.querySelectorAll("[data-spot]"), function (el) {
        return buttonsIn(el).length > 0;
      });
      var next = spots.filter(function (el) { return Number(el.dataset.spot) >= where.spot; })[0] ||
        spots[spots.length - 1];
      return next ? buttonsIn(next)[0] : null;
    }
    if (where.card) {
      var card = board.querySelector('[data-card="' + where.card + '"]');
      return focusable(card) ? card : null;
    }
    if (where.attribute) {
      var found = Array.prototype.filter.call(board.querySelectorAll("[" + where.attribute + "]"), function (el) {
        return el.getAttribute(where.attribute) === where.value && focusable(el);
      });
      return found[0] || null;
    }
    return Array.prototype.filter.call(board.querySelectorAll("button, a[href]"), function (el) {
      return el.textContent.trim() === where.text && focusable(el);
    })[0] || null;
  }
  var WAIT = "wait";
  function fallback(board) {
    var stock = board.querySelector(".pile__draw");
    if (focusable(stock)) return stock;
    var legal = board.querySelector(".hand .card--legal");
    if (focusable(legal)) return legal;
    // Others still to play (the bots' frames come one by one): wait for the frame of your turn,
    // so the focus lands on a card you may play then (table.js's choice, or the one above).
    var me = board.querySelector(".me");
    if (me && !me.classList.contains("is-turn") && !board.querySelector(".final")) return WAIT;
    var first = board.querySelector(".hand button[data-card]");
    if (focusable(first)) return first;
    return buttonsIn(board)[0] || null;
  }

  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "board" || event.defaultPrevented) return;
    var active = document.activeElement;
    if (active && target.contains(active) && active !== target) place = placeOf(active);
  });
  function restore() {
    var board = document.getElementById("board");
    var active = document.activeElement;
    if (!place || !board) return;
    if (active && active !== document.body && document.contains(active)) { place = null; return; }
    // A game just over: its first button (Play again) is what comes next, brought into view.
    var over = board.querySelector(".final button");
    var target = over || findPlace(board, place) || fallback(board);
    if (target === WAIT) return;
    place = null;
    if (target) target.focus({preventScroll: !over});
  }
  // After table.js has put the focus back on a hand's card if it could (its own handlers run
  // first, on the same events, and on a timer for answers over HTTP).
  document.body.addEventListener("htmx:wsAfterMessage", function () { setTimeout(restore, 0); });
  document.body.addEventListener("htmx:afterRequest", function () { setTimeout(restore, 0); });
})();
