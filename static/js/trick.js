// A trick taken: the board draws the whole completed trick until the next card is played
// (templates/games/_trick.html, data-trick-taken). It lies on the table for a beat
// (data-pause-ms, the server's TRICK_PAUSE_SECONDS, which the next bot waits out too) and, in
// the last moments of it, goes towards its winner's seat: the class is-taken, which the CSS
// turns into a short move (only a fade with prefers-reduced-motion). A frame that draws the
// same trick again (a resync, a reload) does not start its beat over.
(function () {
  "use strict";
  var firstShown = {};  // trick key -> when this page first showed it
  // The CSS transition's length: the trick goes within its pause, so that it has gone by the
  // time the next bot leads (BOT_MOVE_DELAY after the pause).
  var GOING_MS = 300;

  function sendTricks() {
    var now = Date.now();
    document.querySelectorAll("#board [data-trick-taken]").forEach(function (trick) {
      if (trick.dataset.trickScheduled) return;
      trick.dataset.trickScheduled = "1";
      var key = trick.dataset.trickTaken;
      if (!(key in firstShown)) firstShown[key] = now;
      var left = Number(trick.dataset.pauseMs || 0) - GOING_MS - (now - firstShown[key]);
      if (left + GOING_MS < 0) {  // long gone already: drawn again, not sent again
        trick.classList.add("is-taken", "is-instant");
        return;
      }
      setTimeout(function () { trick.classList.add("is-taken"); }, Math.max(0, left));
    });
  }

  document.addEventListener("DOMContentLoaded", sendTricks);
  document.body.addEventListener("htmx:wsAfterMessage", sendTricks);
  document.body.addEventListener("htmx:afterSwap", sendTricks);
})();
