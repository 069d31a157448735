// The colour theme chosen in the header: light, dark, or (the default) the system's. Kept per
// browser in localStorage; base.html's head puts it on <html> before the first paint, and this
// keeps the header's choice and the page in step when the player changes it.
(function () {
  "use strict";
  var KEY = "theme";

  function stored() {
    try { return localStorage.getItem(KEY) || "system"; } catch (e) { return "system"; }
  }
  function apply(theme) {
    if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var choice = document.querySelector("[data-theme-choice]");
    if (!choice) return;
    choice.value = stored();
    choice.addEventListener("change", function () {
      try { localStorage.setItem(KEY, choice.value); } catch (e) { /* private mode: this page only */ }
      apply(choice.value);
    });
  });
})();
