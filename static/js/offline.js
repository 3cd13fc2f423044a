// Starts the offline jobs of a page once it is there (the files are listed in stichblock.js;
// docs/scorepad.md, "Offline"): a page that is the service worker's kept copy says so, the line
// at the top, the kept copy of the page, and with IndexedDB the outbox: saving, the scorer's
// sheet, sending.
(function (ns) {
  "use strict";
  var state = ns.state;

  function start() {
    var body = document.body;
    var rendered = new Date(body.dataset.rendered || "");
    if (!isNaN(rendered.getTime())) state.stateAt = rendered;
    if (state.copy === "cache") {
      state.online = false;
      // Messages of the moment the copy was made ("Round 2 saved.") are not news now.
      document.querySelectorAll("main > ul.messages, .moved-on").forEach(function (list) { list.remove(); });
      // A kept copy may be shown more than once: every form it shows gets a fresh token (a
      // token the server has stored would make it drop the new entry as a repeat).
      document.querySelectorAll("input[name=submission]").forEach(function (input) { input.value = ns.newToken(); });
    } else {
      state.stateAt = new Date();
    }
    var net = document.getElementById("net");
    if (!net) return;
    ns.name.giveAll();
    ns.net.start(net);
    ns.pageCopy.start();
    if (!window.indexedDB) return;
    window.addEventListener("submit", ns.save.onSubmit, true);
    document.addEventListener("click", ns.save.onDiscardLink);
    var section = document.getElementById("outbox");
    (section ? ns.forms.setUp(section) : ns.list.refresh()).then(function () { ns.sync.run(); });
    ns.sync.start();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(window.Stichblock);
