// Cards travel instead of jumping (FLIP: first, last, invert, play). Just before a frame replaces
// #board, where each card lies is measured, found by its data-card; just after, each card found
// again is moved back to where it was and let go towards where it now is. So motion never
// depends on how a frame is built: a card is followed wherever the new frame puts it. A card
// new to the board comes from where it must have come from (the seat that played it, a card
// turned face up where a back lay, the stock), or simply appears. prefers-reduced-motion:
// nothing moves. After each frame, "cards:moved" (detail: moved, reduced) tells what was done.
(function () {
  "use strict";
  var DURATION = 260;
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : {matches: false};
  var before = null;
  var queued = false;

  function box(element) {
    var rect = element && element.getBoundingClientRect();
    return rect && (rect.width || rect.height) ? rect : null;
  }

  // One element per card: the first one shown (a card may also lie in a closed disclosure).
  // The hand-over panel's cards are a record of the hand just played, not cards in play: they
  // neither travel nor are travelled from (its cards are dealt again beside it).
  function cardsOn(board) {
    var found = {};
    board.querySelectorAll("[data-card]").forEach(function (element) {
      var code = element.dataset.card;
      if (found[code] || element.closest("[data-hand-over]")) return;
      var rect = box(element);
      if (rect) found[code] = {element: element, rect: rect};
    });
    return found;
  }

  function snapshot(board) {
    var cards = cardsOn(board);
    if (dropped && Date.now() - dropped.at < 5000) {
      dropped.codes.forEach(function (code) { if (cards[code]) cards[code].rect = shifted(cards[code].rect, dropped); });
    }
    dropped = null;
    var seats = {};
    board.querySelectorAll(".opponent").forEach(function (seat) {
      var place = /\bopponent--(\w+)/.exec(seat.className);
      if (place) seats[place[1]] = {rect: box(seat), turn: seat.classList.contains("is-turn")};
    });
    return {
      board: board,
      cards: cards,
      backs: Array.prototype.map.call(board.querySelectorAll(".card--back"), box).filter(Boolean),
      stock: box(board.querySelector(".pile__draw")),
      seats: seats,
      won: !!board.querySelector("[data-won]"),
    };
  }

  // Where a card the last frame did not show came from, or null.
  function origin(element, rect, old) {
    var flipped = old.backs.filter(function (back) {
      return Math.abs(back.left - rect.left) < 4 && Math.abs(back.top - rect.top) < 4;
    })[0];
    if (flipped) return {rect: flipped, flip: true};
    var play = element.closest("[class*='trick__play--']");
    var place = play && /\btrick__play--(\w+)/.exec(play.className);
    if (place && old.seats[place[1]]) return {rect: old.seats[place[1]].rect};
    if (place) return null;  // your own card: it was in your hand, found there already
    // Drawn: into a hand, or turned onto a patience waste. (A card under a foundation's top,
    // shown again by an undo, just appears.)
    if (old.stock && element.closest(".hand, .waste")) return {rect: old.stock};
    var mover = Object.keys(old.seats).filter(function (key) { return old.seats[key].turn; });
    // Laid down by whoever was to play (a discard, a meld); not a summary panel's cards.
    if (mover.length === 1 && !element.closest(".hand, [data-hand-over], .final")) {
      return {rect: old.seats[mover[0]].rect};
    }
    return null;
  }

  function travel(element, from, to, flip) {
    var dx = (from.left + from.width / 2) - (to.left + to.width / 2);
    var dy = (from.top + from.height / 2) - (to.top + to.height / 2);
    var scale = to.width ? Math.max(0.2, Math.min(3, from.width / to.width)) : 1;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02 && !flip) return false;
    // The individual translate and scale properties compose with the card's own transform
    // (a hovered or chosen card is lifted), which they leave alone.
    var first = {translate: dx + "px " + dy + "px", scale: flip ? "0 1" : scale + " " + scale, zIndex: 20};
    element.animate([first, {translate: "0 0", scale: "1 1", zIndex: 20}],
      {duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)"});
    return true;
  }

  function play() {
    queued = false;
    var old = before;
    before = null;
    var board = document.getElementById("board");
    if (!old || !board || board === old.board) return;
    var moved = 0;
    if (!reduced.matches) {
      var now = cardsOn(board);
      Object.keys(now).forEach(function (code) {
        var card = now[code];
        var was = old.cards[code];
        if (was) {
          if (travel(card.element, was.rect, card.rect, false)) moved += 1;
          return;
        }
        var from = origin(card.element, card.rect, old);
        if (from && travel(card.element, from.rect, card.rect, !!from.flip)) moved += 1;
      });
      // Once the last cards have landed, so that the copies start from the foundations.
      if (!old.won && board.querySelector("[data-won]")) setTimeout(function () { celebrate(board); }, DURATION);
    }
    document.dispatchEvent(new CustomEvent("cards:moved", {detail: {moved: moved, reduced: !!reduced.matches}}));
  }

  // A won patience game: copies of the foundations' kings tumble down the screen and bounce,
  // a few seconds at most, in a layer of their own that goes away when they are done. The
  // board's still message says the same in words (and is all there is with reduced motion).
  var COPIES = 7;
  // Down to the bottom of the screen, one bounce, and off it, drifting sideways all along.
  function tumble(rect, drift) {
    var fall = Math.max(0, window.innerHeight - rect.bottom);
    var frames = [];
    for (var step = 0; step <= 12; step += 1) {
      var t = step / 12;
      var u = (t - 0.55) / 0.3;
      var y = t <= 0.55 ? fall * Math.pow(t / 0.55, 2)
        : t <= 0.85 ? fall - fall * 1.2 * u * (1 - u)
        : fall + rect.height * 1.2 * (t - 0.85) / 0.15;
      frames.push({transform: "translate(" + Math.round(drift * t) + "px, " + Math.round(y) + "px)"});
    }
    return frames;
  }
  var CASCADE_MS = 1700;
  function celebrate(board) {
    if (!document.contains(board)) return;
    var tops = board.querySelectorAll(".foundations [data-card]");
    if (!tops.length) return;
    var layer = document.createElement("div");
    layer.className = "celebration-cascade";
    layer.setAttribute("aria-hidden", "true");
    document.body.appendChild(layer);
    var runs = [];
    tops.forEach(function (top, pile) {
      var rect = box(top);
      if (!rect) return;
      for (var copy = 0; copy < COPIES; copy += 1) {
        var card = document.createElement("span");  // a picture of the card, nothing to press
        card.className = top.className;
        card.innerHTML = top.innerHTML;
        card.style.cssText = "left:" + rect.left + "px;top:" + rect.top + "px;--w:" + rect.width + "px";
        layer.appendChild(card);
        runs.push(card.animate(tumble(rect, (pile % 2 ? 1 : -1) * (50 + copy * 40 + pile * 15)),
          {duration: CASCADE_MS, delay: copy * 140 + pile * 70, fill: "backwards"}));
      }
    });
    Promise.all(runs.map(function (run) { return run.finished; })).then(function () { layer.remove(); },
      function () { layer.remove(); });
    document.dispatchEvent(new CustomEvent("cards:celebrated", {detail: {cards: runs.length}}));
  }

  // A card dragged and dropped is already where the pointer let go of it (and the cards lying
  // on it with it): from there it travels, not from where it was picked up.
  var grab = null;
  var dropped = null;
  document.addEventListener("dragstart", function (event) {
    var card = event.target.closest && event.target.closest("#board [data-card]");
    var rect = box(card);
    grab = rect ? {card: card, x: event.clientX - rect.left, y: event.clientY - rect.top, rect: rect} : null;
  });
  document.addEventListener("drop", function (event) {
    var onPile = event.target.closest && event.target.closest("#board [data-pile]");
    if (!grab || !onPile) { grab = null; return; }  // a hand rearranged by hand: no frame follows
    var codes = [];
    for (var card = grab.card; card; card = card.nextElementSibling) {
      if (card.dataset && card.dataset.card) codes.push(card.dataset.card);
    }
    dropped = {codes: codes, dx: event.clientX - grab.x - grab.rect.left, dy: event.clientY - grab.y - grab.rect.top,
               at: Date.now()};
    grab = null;
  });
  function shifted(rect, by) {
    return {left: rect.left + by.dx, top: rect.top + by.dy, width: rect.width, height: rect.height};
  }

  // Another part of the page that changes the board itself can have its cards follow too.
  window.cardMotion = {
    around: function (change) {
      var board = document.getElementById("board");
      before = board ? snapshot(board) : null;
      change();
      play();
    },
  };

  // The seq guard in table.js may refuse an older frame (it runs first): then nothing moves.
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "board" || event.defaultPrevented) return;
    before = snapshot(target);
  });
  // After every part of the frame is in (out-of-band pieces, the hand's own order restored by
  // table.js on the same events), before the browser paints it.
  document.body.addEventListener("htmx:oobAfterSwap", function () {
    if (!before || queued) return;
    queued = true;
    queueMicrotask(play);
  });
})();
