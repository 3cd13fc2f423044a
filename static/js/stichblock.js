// Stichblock's pages on bad Wi-Fi: plain files on one namespace, window.Stichblock, loaded with
// defer in this order (templates/base.html). Docs: docs/scorepad.md, "Offline" and "Saving".
//
//   stichblock.js   this file: what the files share (the page's state, small helpers)
//   outbox.js       the entries kept on this phone, in IndexedDB (the service worker uses it too)
//   net.js          the online/offline line at the top of each page, the phone's own messages
//   page-copy.js    the service worker, and the kept copy of this page following what it shows
//   name.js         the name in "Eingetragen von": the phone's, kept across forms and reloads
//   ahead.js        the rounds ahead: blank forms for entering the next games offline
//   sheet.js        the scorer's sheet: which round's form it shows, forms that move on
//   save.js         saving an entry form: in place, kept for later, or posted as a page
//   sync.js         sending what the outbox keeps once the server answers
//   outbox-list.js  the list of kept entries above the sheet ("Noch nicht gesendet")
//   evening.js      a Stammtisch's table for tonight, started even while offline
//   offline.js      starts them once the page is there
//
// Without these files (or without IndexedDB) every form posts to the server as before. No
// scoring here: the forms come from the server, and the server checks every entry.
(function () {
  "use strict";
  var ns = window.Stichblock = window.Stichblock || {};
  var body = document.body;
  var texts = {};
  try {
    var data = document.getElementById("offline-texts");
    texts = data ? JSON.parse(data.textContent) : {};
  } catch (e) { texts = {}; }

  // Where a table link's pages begin (the server's reverse(), stichblock.templatetags.offline):
  // outbox.js builds the one pattern of a save URL from it.
  ns.tablePrefix = body.dataset.tablePrefix || "";

  ns.state = {
    copy: body.dataset.copy === "cache" ? "cache" : "network", // "cache": the worker's kept copy
    online: navigator.onLine,
    stateAt: new Date(), // when the data on screen was last known to be current
    unsent: 0, // entries waiting to be sent
    stuck: 0, // entries the server answered with a conflict or a refusal: the user decides
    ready: { page: false, ahead: !document.getElementById("outbox") } // see markReady
  };
  ns.sheet = null; // the scorer's table page (sheet.js), null on every other page

  ns.t = function (key, values) {
    var text = texts[key] || key;
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("%(" + name + ")s").join(String(values[name]));
    });
    return text;
  };
  ns.texts = texts;

  ns.make = function (tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  };

  ns.timeText = function (date) {
    var lang = document.documentElement.lang || undefined;
    var options = { hour: "2-digit", minute: "2-digit", hour12: false }; // as the server writes times
    if (date.toDateString() !== new Date().toDateString()) {
      options.day = "numeric";
      options.month = "numeric";
    }
    return date.toLocaleString(lang, options);
  };

  ns.newToken = function () {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  };

  // Text put into HTML (an attribute value or an element's text).
  ns.escapeHtml = function (text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  };

  ns.csrfToken = function () {
    var match = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
    if (match) return decodeURIComponent(match[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  };

  // A round's entry form: posts to a save URL (outbox.js, saveTarget).
  ns.isEntryForm = function (form) {
    return !!form && form.tagName === "FORM" && (form.method || "").toLowerCase() === "post" &&
      !!ns.saveTarget(form.action);
  };

  ns.roundOf = function (form) {
    var target = form && ns.saveTarget(form.action);
    return target ? target.round : null;
  };

  // The outbox's states (outbox.js): to send, or for the person to decide.
  ns.unsent = function (entry) { return entry.status === "pending" || entry.status === "sending"; };
  ns.stuck = function (entry) {
    return entry.status === "conflict" || entry.status === "rejected" || entry.status === "deciding";
  };

  ns.emit = function (name, detail) {
    document.dispatchEvent(new CustomEvent(name, { detail: detail }));
  };

  // For tests and the curious: the page is kept by the service worker (page-copy.js) and, on a
  // scorer's sheet, the forms of the rounds ahead are read (ahead.js).
  ns.markReady = function (part) {
    ns.state.ready[part] = true;
    ns.emit("ready:" + part);
    if (ns.state.ready.page && ns.state.ready.ahead) body.dataset.offlineReady = "1";
  };
})();
