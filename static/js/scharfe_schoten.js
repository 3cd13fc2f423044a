// Scharfe Schoten entry helps; the form works the same without this file.
(function () {
  "use strict";
  var CARDS_PER_COLOUR = 12;

  // Column sums under the collected-cards grid: each colour must come to 12.
  function updateSums(form) {
    form.querySelectorAll("output[data-sum-colour]").forEach(function (out) {
      var colour = out.dataset.sumColour;
      var total = 0, any = false;
      form.querySelectorAll('input[data-colour="' + colour + '"]').forEach(function (input) {
        if (input.value.trim() !== "") { any = true; total += parseInt(input.value, 10) || 0; }
      });
      out.textContent = any ? total + "/" + CARDS_PER_COLOUR : "";
      out.classList.toggle("ok", any && total === CARDS_PER_COLOUR);
      out.classList.toggle("off", any && total !== CARDS_PER_COLOUR);
    });
  }

  // Colour order and super trumps as soon as the four number cards are typed in.
  function updateOrder(form) {
    var preview = form.querySelector("[data-order-preview]");
    if (!preview) return;
    if (!preview.dataset.hint) preview.dataset.hint = preview.textContent;
    var items = [];
    form.querySelectorAll("input[data-number-colour]").forEach(function (input) {
      var value = parseInt(input.value, 10);
      items.push({ name: input.dataset.colourName, value: value });
    });
    var values = items.map(function (item) { return item.value; });
    var complete = items.length === 4 && values.every(function (v) { return v >= 1 && v <= 12; }) &&
      new Set(values).size === 4;
    if (!complete) { preview.textContent = preview.dataset.hint; return; }
    items.sort(function (a, b) { return b.value - a.value; });
    preview.textContent = items.map(function (item) { return item.name + " " + item.value; }).join(" > ");
  }

  function refresh(form) { updateSums(form); updateOrder(form); }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.ss-entry");
    if (form) refresh(form);
  });
  // A form put in by sheet.js (the next round while offline, or a kept entry to edit).
  document.addEventListener("stichblock:entry-form", function (event) {
    if (event.detail.form.matches("form.ss-entry")) refresh(event.detail.form);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.ss-entry").forEach(refresh);
  });
})();
