// The little the table needs beyond htmx: choosing cards to pass, keeping the focus
// on the hand across live updates, and never letting an older frame replace a newer one.
(function () {
  "use strict";

  function syncPass(form) {
    form.querySelectorAll('input[name="card"]').forEach(function (input) { input.remove(); });
    var chosen = form.querySelectorAll('[data-pass-card][aria-pressed="true"]');
    // Hidden inputs follow the hand's order, which is the order the move wants.
    chosen.forEach(function (card) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "card";
      input.value = card.dataset.card;
      form.appendChild(input);
    });
    var button = form.querySelector(".pass-button");
    if (button) button.disabled = chosen.length !== 3;
  }

  // Other seats' moves redraw the board while you choose: remember the choice across frames.
  var chosenToPass = [];

  document.addEventListener("click", function (event) {
    var card = event.target.closest("[data-pass-card]");
    if (!card) return;
    var form = card.closest("form");
    var pressed = card.getAttribute("aria-pressed") === "true";
    if (!pressed && form.querySelectorAll('[data-pass-card][aria-pressed="true"]').length >= 3) return;
    card.setAttribute("aria-pressed", String(!pressed));
    chosenToPass = Array.prototype.map.call(
      form.querySelectorAll('[data-pass-card][aria-pressed="true"]'), function (c) { return c.dataset.card; });
    syncPass(form);
  });

  function restorePassChoice() {
    var form = document.querySelector('#board form[data-pass-form="1"]');
    if (!form) { chosenToPass = []; return; }
    chosenToPass.forEach(function (code) {
      var card = form.querySelector('[data-pass-card][data-card="' + code + '"]');
      if (card) card.setAttribute("aria-pressed", "true");
    });
    syncPass(form);
  }

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
      board.querySelector(".hand .card--legal, .hand [data-pass-card], .final button");
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
  function afterFrame() { restorePassChoice(); restoreFocus(); }
  document.body.addEventListener("htmx:wsAfterMessage", afterFrame);
  document.body.addEventListener("htmx:afterRequest", function () { setTimeout(afterFrame, 0); });
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
