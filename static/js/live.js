// Live pages (a table's sheet, a round's progress, the projector's standings) hear of changes
// over one Server-Sent Events stream (htmx's sse extension, `sse-connect`) and fetch their
// fragment once per change; they poll only while no stream can be held. Every page works
// without this file: a reload shows everything.
//
// The fragment carries the version it shows (`data-live-version`); the stream sends versions
// (`event: version`), or to a page without an open form (a viewer's sheet, `sheet=1`) the
// fragment itself (`event: sheet`, its version as the event's id), swapped in without a fetch.
// A version the page shows already fetches nothing; a new connection asks only for what is
// newer (`since`, and the browser's Last-Event-ID when it reconnects).
(function () {
  "use strict";
  var POLL_MS = 3000; // as often as the pages polled before there were streams
  var STALL_MS = 45000; // the server pings every 20 s: silence this long means a stalled stream
  var LEAVE_MS = 10000; // a page that sent a form and is still here after this fetches again
  var source = null;
  var leaving = false; // this page sent a form: the answer replaces it and shows the news
  var lastHeard = 0;
  var newest = 0; // the newest version the stream announced
  var opened = 0; // streams opened on this page

  function fragment() {
    return document.querySelector("[data-live-version]");
  }

  function shown() {
    var box = fragment();
    return box ? Number(box.getAttribute("data-live-version")) || 0 : 0;
  }

  function streaming() {
    return source !== null && source.readyState === 1 && Date.now() - lastHeard < STALL_MS;
  }

  function refresh() {
    var box = fragment();
    if (box && window.htmx) window.htmx.trigger(box, "live:refresh");
  }

  function heard() {
    lastHeard = Date.now();
  }

  if (!window.htmx) return;

  // The sse extension opens streams through this function: start after the version shown.
  window.htmx.createEventSource = function (url) {
    var since = "since=" + shown();
    url = /since=\d*/.test(url) ? url.replace(/since=\d*/, since) : url + (url.indexOf("?") < 0 ? "?" : "&") + since;
    source = new EventSource(url, { withCredentials: true });
    source.addEventListener("open", function () {
      // Back after a break (or a new stream after a failed one): fetch once, which also tells
      // net.js that the server answers again (sync.js sends what the phone kept meanwhile).
      if (opened++ > 0) refresh();
      heard();
    });
    source.addEventListener("ping", heard);
    source.addEventListener("version", function (event) {
      heard();
      newest = Math.max(newest, Number(event.data) || 0);
    });
    // A scorer's page (moved=1): the next form with the event, for a page whose untouched form
    // of the round just saved takes it as it would take the fetched one (sheet.js); any other
    // page fetches its fragment as for a bare version.
    source.addEventListener("moved", function (event) {
      heard();
      var version = Number(event.lastEventId) || 0;
      newest = Math.max(newest, version);
      var box = fragment();
      if (!box || leaving || version <= shown()) return;
      var forms = window.Stichblock && window.Stichblock.forms;
      var html = null;
      try { html = forms ? forms.movedOnHtml(JSON.parse(event.data)) : null; } catch (error) { html = null; }
      if (html === null) { refresh(); return; }
      window.htmx.swap(box, html, { swapStyle: "outerHTML" });
      forms.adopt("moved-on");
      document.dispatchEvent(new CustomEvent("live:shown", {
        detail: { version: version, html: html, parts: ["live", "round-info", "entry-area"] }
      }));
    });
    source.addEventListener("sheet", function (event) {
      heard();
      var version = Number(event.lastEventId) || 0;
      newest = Math.max(newest, version);
      var box = fragment();
      if (!box || version <= shown()) return;
      window.htmx.swap(box, event.data, { swapStyle: "outerHTML" });
      // As after a fetch: the server answers (net.js), the table changed (ahead.js, page-copy.js).
      document.dispatchEvent(new CustomEvent("live:shown", { detail: { version: version, html: event.data } }));
    });
    return source;
  };

  // hx-trigger="sse:version" fires on every version event: fetch only a newer one, and
  // nothing while the page is being replaced by the answer to a form it sent (a save's own
  // change reaches its stream before the answer does).
  document.addEventListener("htmx:confirm", function (event) {
    var trigger = event.detail.triggeringEvent;
    if (!trigger || trigger.type !== "sse:version") return;
    var announced = Number(trigger.detail && trigger.detail.data) || 0;
    if (leaving || announced <= shown()) event.preventDefault();
  });

  // save.js sends entry forms itself (live:leaving); other forms are sent as they are.
  function leave() {
    leaving = true;
    window.setTimeout(function () { leaving = false; }, LEAVE_MS);
  }
  document.addEventListener("live:leaving", leave);
  // save.js swapped in the answer to a save sent from this page: it stays, and so does its
  // stream; a version announced meanwhile that the answer does not show is fetched now.
  document.addEventListener("live:back", function () {
    leaving = false;
    if (fragment() && newest > shown()) refresh();
  });
  window.addEventListener("submit", function (event) {
    window.setTimeout(function () { if (!event.defaultPrevented) leave(); }, 0);
  });

  // A version announced while the fragment was on its way: fetch again.
  document.addEventListener("htmx:afterSettle", function () {
    if (fragment() && newest > shown()) refresh();
  });

  // The fallback: poll while there is no working stream (none yet, reconnecting, refused with
  // 204 by a server that cannot hold it, or stalled behind a buffering proxy), and fetch again
  // while the page shows less than the stream announced (a fetch that failed or was dropped).
  window.setInterval(function () {
    if (!leaving && fragment() && (!streaming() || newest > shown())) refresh();
  }, POLL_MS);
})();
