// The copy of this page the service worker (sw.js) keeps for offline use. The worker keeps a
// page it serves; a page it did not serve (the phone's first visit) it keeps when it installs or
// when the page asks ("keep"), and tells the page once it is kept. What the page gets later from the server (a
// fragment of the sheet, the answer to a save, a form that moved on) is put into the kept copy
// here, so the copy shows what the page showed last and no phone fetches a whole page for it;
// an answer the page did not swap in (sheet.js refuses a form that moved on while typing) is
// not put in.
(function (ns) {
  "use strict";
  var state = ns.state;
  var LIVE_PARTS = ["live", "round-info", "entry-area"];
  // One change after the other: each reads what the last wrote.
  var keeping = Promise.resolve();

  function keepParts(html, ids) {
    var name = document.body.dataset.pageCache;
    if (!name || !window.caches || !window.DOMParser || state.copy === "cache" || !html) return;
    var parts = document.createElement("template");
    parts.innerHTML = html;
    var url = location.href.split("#")[0];
    keeping = keeping.then(function () {
      return caches.open(name).then(function (cache) {
        return cache.match(url).then(function (kept) {
          if (!kept) return null;
          return kept.text().then(function (text) {
            var copy = new DOMParser().parseFromString(text, "text/html");
            ids.forEach(function (id) {
              var fresh = parts.content.getElementById(id);
              var old = copy.getElementById(id);
              if (!fresh || !old) return;
              fresh.removeAttribute("hx-swap-oob");
              old.replaceWith(copy.importNode(fresh, true));
            });
            copy.body.dataset.rendered = new Date().toISOString();
            var type = kept.headers.get("Content-Type") || "text/html; charset=utf-8";
            var page = "<!doctype html>\n" + copy.documentElement.outerHTML;
            return cache.put(url, new Response(page, { headers: { "Content-Type": type } }));
          });
        });
      });
    })["catch"](function () { return null; });
  }

  function askWorker(message) {
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        var timer = setTimeout(function () { resolve(false); }, 15000);
        channel.port1.onmessage = function (event) { clearTimeout(timer); resolve(!!(event.data && event.data.ok)); };
        registration.active.postMessage(message, [channel.port2]);
      });
    });
  }

  // A deploy brings a new worker, but the browser looks for one only when a page loads, and a
  // table's page stays open all evening. So the page looks too, when the server may have been
  // replaced: its event stream opened again (the event server restarted, or the stream's
  // 15 minutes were up), a live fetch answered after failing, the phone is back online. The
  // new worker takes this page over by itself (sw.js: skipWaiting, clients.claim) and keeps
  // the static files of the pages kept under the old one; the page is not reloaded.
  var UPDATE_GAP_MS = 30000; // at most one look this often
  var UPDATE_SPREAD_MS = 5000; // the phones a restart reconnects do not all ask at once
  var UPDATE_RETRY_MS = 10000; // a look that failed (the app server still starting) is tried again
  var UPDATE_TRIES = 5;
  var lookedAt = 0;
  var streams = 0;
  var unreachable = false;

  function lookForUpdate(tries) {
    if (Date.now() - lookedAt < UPDATE_GAP_MS) return;
    lookedAt = Date.now();
    var left = typeof tries === "number" ? tries : UPDATE_TRIES;
    window.setTimeout(function () {
      navigator.serviceWorker.getRegistration().then(function (registration) {
        return registration && registration.update();
      })["catch"](function () {
        lookedAt = 0;
        if (left > 1) window.setTimeout(function () { lookForUpdate(left - 1); }, UPDATE_RETRY_MS);
      });
    }, Math.random() * UPDATE_SPREAD_MS);
  }

  function watchForUpdates() {
    document.addEventListener("htmx:sseOpen", function () {
      if (streams++ > 0) lookForUpdate();
    });
    document.addEventListener("htmx:afterRequest", function (event) {
      if (!ns.net.isLive(event.detail)) return;
      var status = event.detail.xhr.status;
      if (status === 0 || status >= 500) { unreachable = true; return; }
      if (unreachable) lookForUpdate();
      unreachable = false;
    });
    window.addEventListener("online", function () { lookForUpdate(); });
  }

  function start() {
    // A fragment swapped in (htmx fires afterSwap only for what it swapped), and one that came
    // with its event (live.js).
    document.addEventListener("htmx:afterSwap", function (event) {
      if (event.target.id === "live" && ns.net.isLive(event.detail)) keepParts(event.detail.xhr.responseText, LIVE_PARTS);
    });
    document.addEventListener("live:shown", function (event) {
      var detail = event.detail || {};
      keepParts(detail.html, detail.parts || ["live", "round-info"]);
    });
    var done = function () { ns.markReady("page"); };
    var sw = document.body.dataset.sw;
    if (!("serviceWorker" in navigator) || !sw) { done(); return; }
    watchForUpdates();
    navigator.serviceWorker.register(sw, { scope: "/" }).then(function () {
      // Even a page the worker controls now may have come from the network (the worker took
      // over while it loaded): the worker knows whether it kept it.
      if (state.copy === "cache") return true;
      return askWorker({ type: "keep", url: location.href, rendered: document.body.dataset.rendered });
    }).then(done, done);
  }

  ns.pageCopy = { start: start, keepParts: keepParts };
})(window.Stichblock);
