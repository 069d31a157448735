// The little the table needs beyond htmx: keeping the focus on the hand across live updates,
// and never letting an older frame replace a newer one.
(function () {
  "use strict";

  var focusedCard = null;
  document.addEventListener("focusin", function (event) {
    var card = event.target.closest && event.target.closest("#board [data-card]");
    focusedCard = card ? card.dataset.card : null;
  });

  function restoreFocus() {
    var board = document.getElementById("board");
    if (!board || board.contains(document.activeElement)) return;
    if (focusedCard === null && document.activeElement !== document.body) return;
    var target = (focusedCard && board.querySelector('.hand [data-card="' + focusedCard + '"]')) ||
      board.querySelector(".hand .card--legal, [data-select-max] [data-select-card], [data-focus-here], .final button");
    if (target) target.focus();
  }

  // Socket frames and move answers can cross: whichever arrives last must not put an
  // older board (a lower data-seq) over a newer one.
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "board") return;
    var fragment = event.detail.fragment;
    var incoming = fragment && (fragment.querySelector ? fragment.querySelector("[data-seq]") : null);
    if (incoming && Number(incoming.dataset.seq) < Number(target.dataset.seq)) event.preventDefault();
  });
  document.body.addEventListener("htmx:wsAfterMessage", restoreFocus);

  // Moves go over the table socket (the move form's ws-send): the button that was pressed is
  // the move (a plain form post would send its name and value; htmx's socket send may not
  // know it), and no headers ride along, since the socket already knows whose it is.
  document.body.addEventListener("htmx:wsConfigSend", function (event) {
    var submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (submitter && submitter.name) event.detail.parameters[submitter.name] = submitter.value;
    event.detail.headers = null;
  });
  document.body.addEventListener("htmx:afterRequest", function () { setTimeout(restoreFocus, 0); });

  // A refused action (an illegal move, a wrong invite code: 400, 403) is answered with the board
  // and its reason, to be swapped in like any other board. In DEBUG, django-htmx's script (on
  // document) would instead write such an answer over the whole page as if it were Django's
  // error page, dropping htmx's state, so that no button sent anything until a reload. A board
  // stops here, on body; any other error page still reaches it.
  var BOARD_ANSWER = /^\s*<div id="board"/;
  document.body.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status >= 400 && BOARD_ANSWER.test(xhr.responseText || "")) event.stopPropagation();
  });
})();

// The live socket: back within two seconds whenever it drops (a server restart, a phone waking
// up), and the board fetched afresh whenever the page becomes visible again, since frames sent
// while it slept may never have arrived. The seq guard above keeps the newest board either way.
(function () {
  "use strict";
  var RETRIED_BY_HTMX = [1006, 1011, 1012, 1013];  // the close codes the ws extension retries itself
  var TABLE_GONE = 4404;
  var socket = null;
  var open = false;
  var retries = 0;

  function delay(retry) {
    return Math.min(250 * Math.pow(2, retry), 2000) * (0.5 + Math.random() / 2);
  }
  if (window.htmx) window.htmx.config.wsReconnectDelay = delay;

  document.body.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
    open = true;
    retries = 0;
  });
  document.body.addEventListener("htmx:wsClose", function (event) {
    open = false;
    var code = event.detail.event && event.detail.event.code;
    if (!socket || code === TABLE_GONE || RETRIED_BY_HTMX.indexOf(code) >= 0) return;
    // A server going away cleanly (1000, 1001: a restart) is to us what a crash is: come back.
    setTimeout(function () { if (!open) socket.reconnect(); }, delay(retries++));
  });

  function resync() {
    var holder = document.querySelector("[data-board-url]");
    if (!holder || !window.htmx) return;
    window.htmx.ajax("GET", holder.dataset.boardUrl, {target: "#board", swap: "none"});
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    if (socket && !open) socket.reconnect();
    resync();
  });
})();

// Invite links: shown in full, copied with one click. Turn timers: count down between frames.
(function () {
  "use strict";

  function showInvites() {
    document.querySelectorAll("[data-invite-link]").forEach(function (link) { link.textContent = link.href; });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy-invite]");
    if (!button) return;
    var link = document.querySelector("[data-invite-link]");
    if (!link || !navigator.clipboard) return;
    navigator.clipboard.writeText(link.href).then(function () { button.textContent = "Copied"; });
  });

  // Each frame says how many seconds were left when it was drawn; count down from its arrival.
  function startTimers() {
    var arrived = Date.now();
    document.querySelectorAll(".turn-timer[data-seconds]").forEach(function (timer) {
      timer.dataset.until = String(arrived + Number(timer.dataset.seconds) * 1000);
    });
  }

  setInterval(function () {
    document.querySelectorAll(".turn-timer[data-until]").forEach(function (timer) {
      var left = Math.max(0, Math.ceil((Number(timer.dataset.until) - Date.now()) / 1000));
      timer.textContent = left + " s";
      timer.classList.toggle("is-low", left <= 5);
    });
  }, 250);

  function afterFrame() { showInvites(); startTimers(); }
  document.addEventListener("DOMContentLoaded", afterFrame);
  document.body.addEventListener("htmx:wsAfterMessage", afterFrame);
  document.body.addEventListener("htmx:afterSwap", afterFrame);
})();

// Select-then-act hands, in every game that chooses cards before acting. Cards marked
// data-select-card toggle in and out of a selection (at most data-select-max of them, where
// their hand says so; with a maximum of one, a click moves the choice); each action button (data-verb, optional data-target) becomes the legal
// move that verb, the selection and the target spell, or stays disabled. The form's data-legal
// lists the seat's legal moves: the page posts one of them, never a move it made up.
(function () {
  "use strict";
  var CARD = /^(?:[2-9TJQKA][CDHS]|X[12])$/;

  function parse(move) {
    // A joker placed in a run is written "X1=6S": for matching, it is the joker X1.
    var words = move.split(" ").map(function (w) { return /^X[12]=/.test(w) ? w.slice(0, 2) : w; });
    return {
      verb: words.filter(function (w) { return !CARD.test(w) && !/^\d+$/.test(w); }).join(" "),
      cards: words.filter(function (w) { return CARD.test(w); }).sort().join(","),
      target: words.filter(function (w) { return /^\d+$/.test(w); }).join(" "),
    };
  }
  function key(parts) { return parts.verb + "|" + parts.cards + "|" + parts.target; }

  function refresh(form) {
    var legal = {};
    JSON.parse(form.dataset.legal || "[]").forEach(function (move) { legal[key(parse(move))] = move; });
    var chosen = Array.prototype.map.call(
      form.querySelectorAll('[data-select-card][aria-pressed="true"]'), function (c) { return c.dataset.card; });
    form.querySelectorAll("[data-verb]").forEach(function (button) {
      var move = legal[key({verb: button.dataset.verb, cards: chosen.slice().sort().join(","),
                            target: button.dataset.target || ""})];
      button.disabled = !move;
      button.value = move ? move + arrangement(button) : "";
    });
    form.querySelectorAll("[data-base-move]").forEach(function (button) {
      button.value = button.dataset.baseMove + arrangement(button);
    });
    showArrangement(form);
  }

  // Groups of cards the player arranges by hand (Gin Rummy's own melds for a knock): the board
  // names the word that introduces them (data-arrange-word, "knock 5H melds 3S4S5S 7C7D7H"),
  // and without any the engine arranges the hand itself.
  var arranged = [];
  function arrangement(button) {
    var form = button.closest("form");
    var place = form && form.querySelector("[data-arrange-word]");
    if (!place || !button.hasAttribute("data-arrangeable") || !arranged.length) return "";
    return " " + place.dataset.arrangeWord + " " + arranged.map(function (group) { return group.join(""); }).join(" ");
  }
  function showArrangement(form) {
    var list = form.querySelector("[data-arrange-list]");
    if (!list) return;
    var inHand = {};
    form.querySelectorAll("[data-select-card]").forEach(function (c) { inHand[c.dataset.card] = true; });
    arranged = arranged.filter(function (group) { return group.every(function (c) { return inHand[c]; }); });
    list.textContent = arranged.length
      ? "Your melds: " + arranged.map(function (group) { return group.join(" "); }).join(" · ")
      : "The best arrangement is used.";
  }
  document.addEventListener("click", function (event) {
    var add = event.target.closest("[data-arrange-add]");
    var clear = event.target.closest("[data-arrange-clear]");
    var form = document.querySelector("form[data-select-form]");
    if (!form || (!add && !clear)) return;
    if (clear) arranged = [];
    if (add) {
      var picked = form.querySelectorAll('[data-select-card][aria-pressed="true"]');
      if (picked.length < 3) return;
      arranged.push(Array.prototype.map.call(picked, function (c) {
        c.setAttribute("aria-pressed", "false");
        return c.dataset.card;
      }));
      selected = [];
      saveSelection();
    }
    refresh(form);
  });

  // A frame redraws the hand; the cards still in it stay selected, across a reload too (kept
  // per table in sessionStorage), so three cards chosen to pass are not lost to a refresh.
  var selectionKey = "hand-selection:" + location.pathname;
  var selected = JSON.parse(sessionStorage.getItem(selectionKey) || "[]");
  function saveSelection() { sessionStorage.setItem(selectionKey, JSON.stringify(selected)); }
  document.addEventListener("click", function (event) {
    var card = event.target.closest("[data-select-card]");
    if (!card) return;
    var pressed = card.getAttribute("aria-pressed") === "true";
    var limited = card.closest("[data-select-max]");
    var others = limited ? limited.querySelectorAll('[data-select-card][aria-pressed="true"]') : [];
    if (!pressed && limited && others.length >= Number(limited.dataset.selectMax)) {
      // A one-card choice moves to the card clicked; a fuller one waits for a card let go.
      if (Number(limited.dataset.selectMax) !== 1) return;
      others[0].setAttribute("aria-pressed", "false");
    }
    card.setAttribute("aria-pressed", String(!pressed));
    selected = Array.prototype.map.call(
      document.querySelectorAll('[data-select-card][aria-pressed="true"]'), function (c) { return c.dataset.card; });
    saveSelection();
    var form = document.querySelector("form[data-select-form]");
    if (form) refresh(form);
  });
  // A move sent spends its selection: cards still on the board after it (a swap) come back
  // unchosen, or the next frame would offer the same move again.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("form[data-select-form] [data-verb]");
    if (!button || button.disabled) return;
    selected = [];
    saveSelection();
  });
  function restoreSelection() {
    // No board yet (the page still loading): keep it. A board without selectable cards means
    // the choosing is over (the pass went): forget it, or a card dealt again later would come
    // up chosen in the next hand.
    if (!document.getElementById("board")) return;
    selected = selected.filter(function (code) {
      var card = document.querySelector('[data-select-card][data-card="' + code + '"]');
      if (card) card.setAttribute("aria-pressed", "true");
      return !!card;
    });
    saveSelection();
  }

  // The hand's order is the player's: by suit, by rank, or dragged; kept across frames.
  function orderKey() {
    var board = document.getElementById("board");
    return board ? "hand-order:" + location.pathname : null;
  }
  function handCards(hand) { return Array.prototype.slice.call(hand.querySelectorAll("[data-select-card]")); }
  function saveOrder(hand) {
    var k = orderKey();
    if (k) sessionStorage.setItem(k, JSON.stringify(handCards(hand).map(function (c) { return c.dataset.card; })));
  }
  function applyOrder(hand, codes) {
    var cards = handCards(hand);
    var rank = {};
    codes.forEach(function (code, index) { rank[code] = index; });
    cards.sort(function (a, b) {
      var ra = a.dataset.card in rank ? rank[a.dataset.card] : 1e6 + cards.indexOf(a);
      var rb = b.dataset.card in rank ? rank[b.dataset.card] : 1e6 + cards.indexOf(b);
      return ra - rb;
    });
    var anchor = hand.querySelector("[data-hand-end]");
    cards.forEach(function (card) { hand.insertBefore(card, anchor); });
  }
  var RANKS = "A23456789TJQKX";
  function sortBy(hand, how) {
    var codes = handCards(hand).map(function (c) { return c.dataset.card; });
    codes.sort(function (a, b) {
      var byRank = RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);
      var bySuit = a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
      return how === "rank" ? byRank || bySuit : bySuit || byRank;
    });
    applyOrder(hand, codes);
    saveOrder(hand);
  }
  function restoreOrder() {
    var hand = document.querySelector("[data-sortable-hand]");
    var k = orderKey();
    var saved = hand && k && sessionStorage.getItem(k);
    if (saved) applyOrder(hand, JSON.parse(saved));
    restoreSelection();
    var form = document.querySelector("form[data-select-form]");
    if (form) refresh(form);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-sort]");
    var hand = document.querySelector("[data-sortable-hand]");
    if (button && hand) sortBy(hand, button.dataset.sort);
  });
  // Keyboard: Alt+Left / Alt+Right moves the focused card within the hand.
  document.addEventListener("keydown", function (event) {
    if (!event.altKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    var card = event.target.closest && event.target.closest("[data-sortable-hand] [data-select-card]");
    if (!card) return;
    var hand = card.parentNode;
    var cards = handCards(hand);
    var at = cards.indexOf(card) + (event.key === "ArrowLeft" ? -1 : 1);
    if (at < 0 || at >= cards.length) return;
    event.preventDefault();
    hand.insertBefore(card, event.key === "ArrowLeft" ? cards[at] : cards[at].nextSibling);
    card.focus();
    saveOrder(hand);
  });
  var dragged = null;
  document.addEventListener("dragstart", function (event) {
    dragged = event.target.closest && event.target.closest("[data-sortable-hand] [data-select-card]");
  });
  document.addEventListener("dragover", function (event) {
    if (dragged && event.target.closest("[data-sortable-hand]")) event.preventDefault();
  });
  document.addEventListener("drop", function (event) {
    var over = event.target.closest && event.target.closest("[data-sortable-hand] [data-select-card]");
    if (!dragged || !over || over === dragged) return;
    event.preventDefault();
    var hand = over.parentNode;
    var before = event.clientX < over.getBoundingClientRect().left + over.offsetWidth / 2;
    hand.insertBefore(dragged, before ? over : over.nextSibling);
    saveOrder(hand);
    dragged = null;
  });

  document.addEventListener("DOMContentLoaded", restoreOrder);
  document.body.addEventListener("htmx:wsAfterMessage", restoreOrder);
  document.body.addEventListener("htmx:afterSwap", restoreOrder);
})();

// Disclosures on the board ("Last trick", the score sheet) keep what the player chose across
// live frames: a frame redraws the board, which shut them on every move. Only the player's own
// clicks count; until then the board's own default holds.
(function () {
  "use strict";
  var chosen = {};
  function key(details) { return details.className.split(" ")[0]; }
  document.addEventListener("click", function (event) {
    var summary = event.target.closest("#board details > summary");
    if (summary) chosen[key(summary.parentNode)] = !summary.parentNode.open;  // its state after this click
  });
  function restore() {
    document.querySelectorAll("#board details").forEach(function (details) {
      var k = key(details);
      if (k in chosen && details.open !== chosen[k]) details.open = chosen[k];
    });
  }
  document.body.addEventListener("htmx:wsAfterMessage", restore);
  document.body.addEventListener("htmx:afterSwap", restore);
})();
