// Disputes: every tap works as a plain form post; with htmx the board is swapped in place.
(function () {
  "use strict";
  // A refused tap (stale board, a card that cannot be recorded) answers 409/422 with the
  // current board and the reason: show it instead of dropping the answer as an error.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if (status === 409 || status === 422) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
  // While a tap is on its way, a second tap on the same board would be refused as stale:
  // mark the board busy until the answer is in.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var live = event.target.closest("#dispute-live, #picker");
    if (live) live.setAttribute("aria-busy", "true");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var live = document.querySelector("[aria-busy='true']#dispute-live, [aria-busy='true']#picker");
    if (live) live.removeAttribute("aria-busy");
  });
})();
