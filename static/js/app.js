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
  // Seat choices ("first dealer") say "Player 1"; once names are typed (a new table) or
  // chosen (a Stammtisch's evening: a person of the roster or a guest), show the names.
  function seatName(seat) {
    var typed = document.getElementById("id_player_" + seat) || document.getElementById("id_guest_" + seat);
    var chosen = document.getElementById("id_seat_" + seat);
    if (typed && typed.value.trim()) return typed.value.trim();
    if (chosen && chosen.value) return chosen.options[chosen.selectedIndex].textContent.trim();
    return "";
  }
  function labelSeats() {
    document.querySelectorAll("input[data-seat-names]").forEach(function (radio) {
      var label = radio.closest("label");
      if (!label) return;
      if (!label.dataset.fallback) label.dataset.fallback = label.lastChild.textContent;
      label.lastChild.textContent = " " + (seatName(radio.value) || label.dataset.fallback.trim());
    });
  }
  function isSeatField(id) { return /^id_(player|guest|seat)_\d+$/.test(id || ""); }
  document.addEventListener("input", function (event) { if (isSeatField(event.target.id)) labelSeats(); });
  document.addEventListener("change", function (event) { if (isSeatField(event.target.id)) labelSeats(); });
  document.addEventListener("DOMContentLoaded", labelSeats);
  // Back/forward cache may restore a form with the "sent" flag set.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-once]").forEach(function (f) { f.dataset.sent = ""; });
  });
})();
