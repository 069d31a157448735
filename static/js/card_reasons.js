// Why a card may not be played ("Wait for your turn.", "You must follow suit"): its note
// (.card__why) shows under the card while it is hovered or focused, never over the player's
// name above the hand, and is moved sideways just enough to stay on the screen (a card at
// either end of a phone's hand would push a centred note off it). A board drawn anew under a
// pointer at rest puts a card under it that the player never pointed at: its note waits until
// the pointer moves (else a card played with the mouse is followed, whenever a held-back card
// slides under the pointer, by "Wait for your turn." on it).
(function () {
  "use strict";
  var MARGIN = 4;

  function place(event) {
    var card = event.target.closest && event.target.closest('.card[aria-disabled="true"]');
    var why = card && card.querySelector(".card__why");
    if (!why) return;
    why.style.setProperty("--why-shift", "0px");
    var box = why.getBoundingClientRect();
    var width = document.documentElement.clientWidth;
    var shift = box.left < MARGIN ? MARGIN - box.left : box.right > width - MARGIN ? width - MARGIN - box.right : 0;
    why.style.setProperty("--why-shift", shift + "px");
  }

  document.addEventListener("mouseover", place);
  document.addEventListener("focusin", place);

  // The browser moves :hover onto whatever a redraw puts under the pointer, without a mousemove.
  var root = document.documentElement;
  function resting() { root.classList.add("pointer-resting"); }
  document.body.addEventListener("htmx:wsAfterMessage", resting);
  document.body.addEventListener("htmx:afterSwap", resting);
  document.addEventListener("mousemove", function (event) {
    if (!root.classList.contains("pointer-resting")) return;
    root.classList.remove("pointer-resting");
    place(event);  // its note was hidden when the pointer came over it: placed now it shows
  }, {passive: true});
})();
