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
  // Once a seat has a name, the empty seats after the last named one stay empty (a table of
  // four has no "Player 5"): their choices are hidden, and a hidden choice that was taken
  // passes to the first seat, as the server would refuse it.
  function labelSeats() {
    var radios = Array.prototype.slice.call(document.querySelectorAll("input[data-seat-names]"));
    var lastNamed = {};
    radios.forEach(function (radio) {
      if (seatName(radio.value)) lastNamed[radio.name] = Math.max(lastNamed[radio.name] || 0, Number(radio.value));
    });
    radios.forEach(function (radio) {
      var label = radio.closest("label");
      if (!label) return;
      if (!label.dataset.fallback) label.dataset.fallback = label.lastChild.textContent;
      label.lastChild.textContent = " " + (seatName(radio.value) || label.dataset.fallback.trim());
      var unused = radio.name in lastNamed && Number(radio.value) > lastNamed[radio.name];
      label.hidden = unused;
      if (unused && radio.checked) {
        var first = radios.filter(function (other) { return other.name === radio.name; })[0];
        first.checked = true;
      }
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
