// The rounds ahead: blank entry forms of the rounds after the server's next one, so that the
// table goes on while offline (scoring.views.table_ahead; docs/scorepad.md, "Offline"). The
// scorer's sheet brings them inline (<template id="rounds-ahead" data-after="N">, the same HTML
// as /ahead/?after=N), so the page can enter the next games offline as soon as it is shown;
// they are stored per table in the outbox's ahead store (a kept copy of an older page finds
// newer ones there). A round's form depends only on its number, so they serve until fewer than
// AHEAD_MIN are left; then, a moment after the table changed, the page asks for more.
(function (ns) {
  "use strict";
  var AHEAD_MIN = 3;
  var CHANGE_WAIT_MS = 2000; // after a change: the fragment or the answer brings the next round
  var rounds = {}; // number → {info, form}
  var from = null; // the stored record they came from
  var changeTimer = null;
  var lastEtag = null;

  function read(stored) {
    var holder = document.createElement("template");
    holder.innerHTML = stored.html;
    rounds = {};
    holder.content.querySelectorAll("template[data-round]").forEach(function (round) {
      rounds[round.dataset.round] = {
        info: round.content.querySelector("[data-ahead-info]"),
        form: round.content.querySelector("form")
      };
    });
    from = stored;
  }

  function inline(table) {
    var holder = document.getElementById("rounds-ahead");
    var after = holder ? parseInt(holder.dataset.after, 10) : NaN;
    if (isNaN(after)) return null;
    var made = Date.parse(document.body.dataset.rendered || "");
    return {
      table: table, html: holder.innerHTML, after: after,
      lang: document.documentElement.lang, fetched: isNaN(made) ? Date.now() : made
    };
  }

  // The server's next round as the latest fragment of the sheet says (data-next-round).
  function serverNext(sheet) {
    var live = document.getElementById("live");
    var next = live ? parseInt(live.dataset.nextRound, 10) : NaN;
    return isNaN(next) ? sheet.serverRound : next;
  }

  // The factor of round ``number`` when the latest fragment of the sheet names it among the
  // games already known to count several times (data-bock="18:2 19:4": Schafkopf's Bock
  // games); else 0. Later rounds only add to them, so they hold while entries wait here.
  function factorOf(number) {
    var live = document.getElementById("live");
    var found = 0;
    ((live && live.dataset.bock) || "").split(" ").forEach(function (pair) {
      var parts = pair.split(":");
      if (parseInt(parts[0], 10) === number) found = parseInt(parts[1], 10) || 0;
    });
    return found;
  }

  function enough(kept, next) {
    return !!kept && kept.lang === document.documentElement.lang && kept.after <= next &&
      next - kept.after < AHEAD_MIN;
  }

  // Fetch more when the kept ones run short (and the server may be asked).
  function ensure() {
    var sheet = ns.sheet;
    var next = sheet && serverNext(sheet);
    var done = function () { ns.markReady("ahead"); };
    if (!sheet || !sheet.original || !sheet.aheadUrl || next === null || next === undefined || enough(from, next) ||
        ns.state.copy === "cache" || !navigator.onLine) { done(); return; }
    var lang = document.documentElement.lang;
    fetch(sheet.aheadUrl + "?after=" + next, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      var stored = { table: sheet.table, html: html, after: next, lang: lang, fetched: Date.now() };
      read(stored);
      return ns.outbox.putAhead(stored);
    }).then(done, done);
  }

  // The inline rounds, or the stored ones when they are newer (this page is an older kept copy).
  function start(sheet) {
    var mine = inline(sheet.table);
    return ns.outbox.getAhead(sheet.table)["catch"](function () { return null; }).then(function (stored) {
      var usable = stored && stored.lang === document.documentElement.lang;
      if (mine && (!usable || stored.after <= mine.after)) {
        read(mine);
        if (!stored || stored.html !== mine.html) return ns.outbox.putAhead(mine)["catch"](function () { return null; });
      } else if (stored) {
        read(stored);
      }
      return null;
    }).then(ensure);
  }

  // The table changed: the forms ahead may run short (once a while).
  function changed() {
    clearTimeout(changeTimer);
    changeTimer = setTimeout(function () { if (ns.sheet) ensure(); }, CHANGE_WAIT_MS);
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!ns.net.isLive(event.detail) || xhr.status === 0 || xhr.status >= 500) return;
    var etag = xhr.getResponseHeader("ETag");
    if (lastEtag !== null && etag && etag !== lastEtag) changed();
    if (etag) lastEtag = etag;
  });
  document.addEventListener("live:shown", changed);

  ns.ahead = {
    start: start,
    changed: changed,
    round: function (number) { return rounds[number]; },
    factor: factorOf
  };
})(window.Stichblock);
