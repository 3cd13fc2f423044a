// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // A second tap on "save" while the first request runs would only repeat it: the server
  // stores one round either way (submission token), but a disabled button tells the user.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-once]")) return;
    if (form.dataset.sent === "1") { event.preventDefault(); return; }
    form.dataset.sent = "1";
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.setAttribute("aria-busy", "true"); });
  });
  // Back/forward cache may restore a form with the "sent" flag set.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-once]").forEach(function (f) { f.dataset.sent = ""; });
  });
})();
