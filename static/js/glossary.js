// Filters the glossary as you type. Without this script the search form filters on the server.
(function () {
  "use strict";
  var input = document.querySelector("[data-glossary-filter]");
  var list = document.querySelector("[data-glossary]");
  if (!input || !list) return;
  var entries = Array.prototype.slice.call(list.querySelectorAll(".glossary__entry"));
  var count = document.querySelector("[data-glossary-count]");
  var none = document.querySelector("[data-glossary-none]");

  function filter() {
    var needle = input.value.trim().toLowerCase();
    var shown = 0;
    entries.forEach(function (entry) {
      // Names and definition, as the server's filter reads them.
      var text = entry.getAttribute("data-terms") + " " + entry.querySelector("dd").textContent.toLowerCase();
      var match = !needle || text.indexOf(needle) !== -1;
      entry.hidden = !match;
      if (match) shown += 1;
    });
    if (count) count.textContent = needle ? shown + " of " + entries.length + " terms match." : "";
    if (none) none.hidden = shown !== 0;
  }

  input.addEventListener("input", filter);
  // Typing filters at once; Enter needs no round trip either.
  input.form.addEventListener("submit", function (event) { event.preventDefault(); filter(); });
})();
