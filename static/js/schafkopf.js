// Schafkopf scorepad, progressive enhancement only: without this file every field is shown
// and the server names whatever does not fit the chosen game.
(function () {
  "use strict";

  function words(text) { return (text || "").split(/\s+/).filter(Boolean); }

  // The entry form shows only what the chosen game needs; hidden fields are disabled, so
  // the browser does not send them.
  function showParts(form) {
    var checked = form.querySelector('input[name="contract"]:checked');
    var contract = checked ? checked.value : "";
    form.querySelectorAll("[data-show]").forEach(function (part) {
      part.hidden = words(part.dataset.show).indexOf(contract) < 0;
    });
    form.querySelectorAll("[data-hide]").forEach(function (part) {
      // A chip hides with its label (a Bettel's result has no Schneider or Schwarz chips).
      var box = part.tagName === "INPUT" ? part.closest("label") || part : part;
      box.hidden = words(part.dataset.hide).indexOf(contract) >= 0;
    });
    // A misplay decides the game: no result or Augen then, but what was already reached.
    var offender = form.querySelector('input[name="misplay"]:checked');
    var misplayed = !!offender && offender.value !== "" && !offender.closest("[hidden]");
    function shown(part) {
      return !part.dataset.show || words(part.dataset.show).indexOf(contract) >= 0;
    }
    form.querySelectorAll("[data-if-misplay]").forEach(function (part) {
      part.hidden = !shown(part) || !misplayed;
    });
    form.querySelectorAll("[data-unless-misplay]").forEach(function (part) {
      part.hidden = !shown(part) || misplayed;
    });
    form.querySelectorAll("input, select").forEach(function (input) {
      if (input.type !== "hidden") input.disabled = input.closest("[hidden]") !== null;
    });
    // Retour answers a Stoß.
    var stoss = form.querySelector('input[name="stoss"]');
    var retour = form.querySelector('input[name="retour"]');
    if (stoss && retour && !retour.closest("[hidden]")) {
      retour.disabled = !stoss.checked;
      if (!stoss.checked) retour.checked = false;
    }
  }

  // The creation form: what "as preset" means for the chosen preset.
  function showPreset(form) {
    var chosen = form.querySelector('input[name="preset"]:checked');
    if (!chosen || !chosen.dataset.settings) return;
    var settings = JSON.parse(chosen.dataset.settings);
    form.querySelectorAll("input[data-setting]").forEach(function (input) {
      var key = input.dataset.setting;
      var value = settings[key];
      if (input.type === "checkbox") {
        if (input.value !== "") return;
        var names = (value || []).map(function (item) {
          var tick = form.querySelector('input[name="' + key + '"][value="' + item + '"]');
          return tick ? tick.closest("label").textContent.trim() : null;
        }).filter(Boolean);
        var box = input.closest("label");
        if (!box.dataset.base) box.dataset.base = box.lastChild.textContent.trim();
        box.lastChild.textContent = " " + box.dataset.base + ": " +
          (names.length ? names.join(", ") : "–");
      } else if (input.type === "radio") {
        if (input.value !== "") return;
        var wanted = typeof value === "boolean" ? (value ? "yes" : "no") : value;
        var match = form.querySelector('input[name="' + key + '"][value="' + wanted + '"]');
        var label = input.closest("label");
        if (!label) return;
        if (!label.dataset.base) label.dataset.base = label.lastChild.textContent.trim();
        label.lastChild.textContent = " " + label.dataset.base +
          (match ? ": " + match.closest("label").textContent.trim() : "");
      } else {
        if (!input.dataset.base) input.dataset.base = input.placeholder;
        input.placeholder = value === null || value === undefined
          ? input.dataset.base : input.dataset.base + ": " + value;
      }
    });
  }

  // A list setting's ticks: "as preset", "none" or the values themselves, one way at a time.
  function tickList(input) {
    var exclusive = input.value === "" || input.value === "none";
    input.form.querySelectorAll('input[name="' + input.name + '"]').forEach(function (other) {
      if (other === input || !input.checked) return;
      var otherExclusive = other.value === "" || other.value === "none";
      if (exclusive || otherExclusive) other.checked = false;
    });
  }

  function bindEntry(form) {
    if (form.dataset.skBound) return;
    form.dataset.skBound = "1";
    showParts(form);
    form.addEventListener("change", function () { showParts(form); });
  }

  // A form put in by sheet.js (the next game while offline, or a kept entry to edit).
  document.addEventListener("stichblock:entry-form", function (event) {
    if (event.detail.form.matches("form[data-sk-entry]")) bindEntry(event.detail.form);
  });

  function setUp() {
    // Hidden groups are disabled, so the "none" chips that take back a tap are not needed.
    document.documentElement.classList.add("sk-js");
    document.querySelectorAll("form[data-sk-entry]").forEach(bindEntry);
    document.querySelectorAll('input[name="preset"]').forEach(function (radio) {
      var form = radio.form;
      if (form.dataset.skPreset) return;
      form.dataset.skPreset = "1";
      showPreset(form);
      form.addEventListener("change", function (event) {
        if (event.target.name === "preset") showPreset(form);
        if (event.target.dataset.list) tickList(event.target);
      });
    });
    document.querySelectorAll("[data-print]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
