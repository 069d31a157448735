// Sounds at the table: a card played, a trick taken, a deal, a win. Made here with Web Audio (a
// few oscillator blips, no files), and off until the player turns them on with the header's
// Sound button; the choice is kept per browser in localStorage. No AudioContext exists until a
// sound is due with the sound on, so a page whose player never asked for sound makes none.
//
// What a frame brings is read from the board's own marks, however the frame arrived (socket,
// move answer, resync): data-seq (a move was made), data-hands (hands finished: one more is a
// new deal), data-over ("won" when the viewer won) and the trick: a completed trick drawn on
// the board (data-trick-taken, a new one), or else fewer cards lying in the trick than before,
// is a trick taken. One sound per frame, the most telling one.
(function () {
  "use strict";
  var KEY = "sound";
  var context = null;
  var last = null;  // the marks of the board before this one

  function isOn() {
    try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }

  function audio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!context) context = new Context();
    if (context.state === "suspended") context.resume();
    return context;
  }

  // Each sound: notes of [start (s), frequency (Hz), length (s), wave], quiet and short.
  var SOUNDS = {
    card: [[0, 700, 0.05, "triangle"]],
    trick: [[0, 523, 0.08, "sine"], [0.08, 392, 0.14, "sine"]],
    deal: [[0, 900, 0.025, "square"], [0.06, 900, 0.025, "square"], [0.12, 900, 0.025, "square"],
           [0.18, 900, 0.025, "square"]],
    win: [[0, 523, 0.12, "triangle"], [0.12, 659, 0.12, "triangle"], [0.24, 784, 0.12, "triangle"],
          [0.36, 1047, 0.35, "triangle"]],
  };

  function play(name) {
    if (!isOn()) return;
    var ctx = audio();
    if (!ctx) return;
    var now = ctx.currentTime + 0.01;
    SOUNDS[name].forEach(function (note) {
      var at = now + note[0];
      var oscillator = ctx.createOscillator();
      var gain = ctx.createGain();
      oscillator.type = note[3];
      oscillator.frequency.setValueAtTime(note[1], at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + note[2]);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + note[2] + 0.02);
    });
    // Told to the page too (what a test listens for; nothing else depends on it).
    document.dispatchEvent(new CustomEvent("table:sound", {detail: {name: name}}));
  }

  function marks() {
    var board = document.getElementById("board");
    if (!board || !board.dataset.seq) return null;
    var taken = board.querySelector("[data-trick-taken]");
    return {seq: Number(board.dataset.seq), hands: board.dataset.hands || "", over: board.dataset.over || "",
            trick: board.querySelectorAll(".trick__play").length, taken: taken ? taken.dataset.trickTaken : ""};
  }

  function soundFor(before, now) {
    if (now.over === "won" && before.over !== "won") return "win";
    if (!now.over && now.hands !== before.hands) return "deal";
    // A completed trick drawn for a beat is the taking; the next lead that clears it is a card.
    if (now.taken && now.taken !== before.taken) return "trick";
    if (!before.taken && now.trick < before.trick) return "trick";
    return "card";
  }

  function heard() {
    var now = marks();
    if (!now) return;
    var before = last;
    if (before && now.seq <= before.seq) return;  // the same board again, or an older one
    last = now;
    if (before) play(soundFor(before, now));
  }

  function showToggle(button) {
    button.setAttribute("aria-pressed", String(isOn()));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-sound-toggle]");
    if (!button) return;
    try { localStorage.setItem(KEY, isOn() ? "off" : "on"); } catch (e) { return; }
    showToggle(button);
    if (isOn()) audio();  // made inside the click, so the browser lets it play
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-sound-toggle]").forEach(showToggle);
    last = marks();
    // A frame replaces the board inside the socket's holder: watch the holder, not the events
    // of each way a frame can come.
    var holder = document.querySelector(".table-socket");
    if (holder) new MutationObserver(heard).observe(holder, {childList: true});
  });
})();
