// Yahtzee's dice (boards/games/yahtzee/board.html): a die pressed (click, Space, Enter) is kept
// or let go; the roll button becomes the legal move that rolls the others again ("roll 0 2 4",
// the positions not kept), or is disabled when all five are kept. The page posts only moves
// listed in the form's data-legal. Every move swaps a new board in (htmx out of band), so the
// handlers sit on document. The kept dice stay kept through a frame of the same seq (a hint, a
// refusal, someone coming back) and through the turn's next roll (they were not rolled: players
// hold them until they let go); a new turn starts with none.
// Left and Right move between the dice. A hint ("roll 0 2", "score chance") marks its dice or box.
(function () {
  "use strict";
  var kept = {seq: null, turn: null, rolls: 0, dice: []};
  var focusWas = null;  // what had the focus when a frame of the same seq replaced the board

  function form() { return document.querySelector("#board form[data-dice-form]"); }
  function seqNow() {
    var board = document.getElementById("board");
    return board ? board.dataset.seq : null;
  }

  // The kept dice for the frame now shown: the same frame's, or the last roll's of this turn.
  function keptNow(f) {
    if (kept.seq === seqNow()) return;
    var rolls = Number(f.dataset.rolls);
    var carried = f.dataset.turn === kept.turn && rolls === kept.rolls + 1 ? kept.dice : [];
    kept = {seq: seqNow(), turn: f.dataset.turn, rolls: rolls, dice: carried};
  }

  function refresh() {
    var f = form();
    if (!f) return;
    keptNow(f);
    var dice = Array.prototype.slice.call(f.querySelectorAll("button[data-die]"));
    dice.forEach(function (die) {
      die.setAttribute("aria-pressed", String(kept.dice.indexOf(Number(die.dataset.die)) >= 0));
    });
    var roll = f.querySelector("[data-roll]");
    if (!roll) return;
    var legal = JSON.parse(f.dataset.legal || "[]");
    var move = "";
    if (legal.indexOf("roll") >= 0) {
      move = "roll";
    } else {
      var again = dice.map(function (die) { return Number(die.dataset.die); })
        .filter(function (at) { return kept.dice.indexOf(at) < 0; });
      if (again.length) move = "roll " + again.join(" ");
    }
    var allowed = move !== "" && legal.indexOf(move) >= 0;
    roll.disabled = !allowed;
    roll.value = allowed ? move : "";
    var note = f.querySelector("[data-dice-note]");
    if (note && dice.length && legal.indexOf("roll") < 0) {
      var count = kept.dice.length;
      var words = "Keep dice by pressing them; Roll rolls the others. Or score now in the card.";
      if (count === dice.length) words = "All five dice kept: score them in a box, or let one go to roll it.";
      else if (count) words = "Keeping " + count + (count === 1 ? " die" : " dice") + "; Roll rolls the other " +
        (dice.length - count) + ".";
      if (note.textContent !== words) note.textContent = words;
    }
    markHint(f);
  }

  function markHint(f) {
    var line = document.querySelector("#board [data-hint-move]");
    if (!line) return;
    var words = line.dataset.hintMove.split(" ");
    if (words[0] === "score") {
      var box = f.querySelector('[data-box-move="score ' + words[1] + '"]');
      if (box) box.setAttribute("data-hinted", "");
    } else if (words[0] === "roll" && words.length > 1) {
      f.querySelectorAll("button[data-die]").forEach(function (die) {
        die.setAttribute("data-hinted", words.indexOf(die.dataset.die, 1) > 0 ? "roll" : "keep");
      });
    } else if (words[0] === "roll") {
      var roll = f.querySelector("[data-roll]");
      if (roll) roll.setAttribute("data-hinted", "");
    }
  }

  document.addEventListener("click", function (event) {
    var die = event.target.closest && event.target.closest("#board form[data-dice-form] button[data-die]");
    if (!die || die.disabled) return;
    keptNow(form());
    var at = Number(die.dataset.die);
    var index = kept.dice.indexOf(at);
    if (index >= 0) kept.dice.splice(index, 1); else kept.dice.push(at);
    refresh();
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    var die = event.target.closest && event.target.closest("#board button[data-die]");
    if (!die) return;
    var dice = Array.prototype.slice.call(die.parentNode.querySelectorAll("button[data-die]"));
    var next = dice[dice.indexOf(die) + (event.key === "ArrowLeft" ? -1 : 1)];
    if (next) next.focus();
    event.preventDefault();
  });

  // A frame of the same seq takes nothing away: the focus goes back where it was.
  function where(element) {
    if (!element || !element.closest) return null;
    var keys = ["data-die", "data-box-move", "data-roll", "hx-post"];
    for (var i = 0; i < keys.length; i += 1) {
      var holder = element.closest("[" + keys[i] + "]");
      if (holder) return "[" + keys[i] + '="' + holder.getAttribute(keys[i]) + '"]';
    }
    return null;
  }
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    focusWas = null;
    if (!target || target.id !== "board" || !form()) return;
    var active = document.activeElement;
    if (active && target.contains(active) && active !== target) focusWas = {seq: target.dataset.seq, at: where(active)};
  });
  function afterFrame() {
    refresh();
    if (!focusWas) return;
    var was = focusWas;
    focusWas = null;
    var active = document.activeElement;
    if (was.seq !== seqNow() || !was.at || (active && active !== document.body && document.contains(active))) return;
    var again = document.querySelector("#board " + was.at);
    if (again && !again.disabled) again.focus({preventScroll: true});
  }
  document.addEventListener("DOMContentLoaded", refresh);
  document.body.addEventListener("htmx:oobAfterSwap", afterFrame);
  document.body.addEventListener("htmx:afterSwap", refresh);
  document.body.addEventListener("htmx:wsAfterMessage", refresh);
})();
