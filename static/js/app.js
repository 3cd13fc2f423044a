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
  // Seat choices ("first dealer") say "Player 1"; once names are typed, show the names.
  function labelSeats() {
    document.querySelectorAll("input[data-seat-names]").forEach(function (radio) {
      var name = document.getElementById("id_player_" + radio.value);
      var label = radio.closest("label");
      if (!name || !label) return;
      if (!label.dataset.fallback) label.dataset.fallback = label.lastChild.textContent;
      label.lastChild.textContent = " " + (name.value.trim() || label.dataset.fallback.trim());
    });
  }
  document.addEventListener("input", function (event) {
    if (event.target.id && event.target.id.indexOf("id_player_") === 0) labelSeats();
  });
  document.addEventListener("DOMContentLoaded", labelSeats);
  // Back/forward cache may restore a form with the "sent" flag set.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-once]").forEach(function (f) { f.dataset.sent = ""; });
  });
})();
