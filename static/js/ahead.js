// The rounds ahead: blank entry forms of the rounds after the server's next one, so that the
// table goes on while offline, a whole evening long (scoring.views.table_ahead; docs/
// scorepad.md, "Offline"). The scorer's sheet brings the window it needs inline (<template
// id="rounds-ahead">, the very HTML /ahead/ sends for it: one rendering on the server for both),
// so the page can enter the next games offline as soon as it is shown and fetches nothing at
// load; it keeps AHEAD_WANT and more in the outbox's ahead store, and asks /ahead/ for the next
// window, after a multiple of AHEAD_STEP, when the kept one runs short (the same URL, answered
// 304, until the table has moved on that far). Each distinct form comes once, for a stand-in round number
// (data-number) that is replaced by the round's; a round whose form is not named
// (data-form="") follows from what was typed into the round before (the form's data-follows,
// by the field data-chain: Schafkopf's dealer after a thrown-in deal). data-rules says which
// kept entries start Bock games (scoring/pads/schafkopf/bock_ahead.py): looked up, never
// decided here; the server scores every entry when it arrives.
(function (ns) {
  "use strict";
  var AHEAD_WANT = 44; // rounds past the server's next one the phone always keeps
  var AHEAD_STEP = 8; // scoring.rendering.AHEAD_STEP
  var CHANGE_WAIT_MS = 2000; // after a change: the fragment or the answer brings the next round
  var forms = {}; // key → {html, follows}
  var rounds = {}; // number → {info, form: key}
  var made = {}; // number → {key, info, form}: round() made them
  var standIn = null; // the round number of the shared forms
  var chainField = "";
  var rules = {};
  var kept = null; // the stored record of the widest window
  var entries = []; // this table's entries on the phone, by round (sheet.js tells)
  var changeTimer = null;
  var lastEtag = null;

  // Adds the forms and rounds of one answer (``stored.html``) to those known: a round's form
  // and facts depend only on its number, so answers of other windows agree where they meet.
  function read(stored) {
    var holder = document.createElement("template");
    holder.innerHTML = stored.html;
    var box = holder.content.querySelector("[data-after]");
    if (!box) return;
    made = {};
    standIn = box.dataset.number || standIn;
    chainField = box.dataset.chain || chainField;
    if (box.dataset.rules) rules = JSON.parse(box.dataset.rules);
    box.querySelectorAll("template[data-form]:not([data-round])").forEach(function (form) {
      forms[form.dataset.form] = { html: form.innerHTML, follows: JSON.parse(form.dataset.follows || "{}") };
    });
    box.querySelectorAll("template[data-round]").forEach(function (round) {
      rounds[round.dataset.round] = {
        info: round.content.querySelector("[data-ahead-info]"),
        form: round.dataset.form
      };
    });
  }

  // The last round a record covers, and whether the game ends there.
  function lastOf(stored) {
    var holder = document.createElement("template");
    holder.innerHTML = stored.html;
    var box = holder.content.querySelector("[data-after]");
    if (!box) return { last: stored.after, end: false };
    var end = !!box.dataset.last;
    return { last: end ? parseInt(box.dataset.last, 10) : stored.after + parseInt(box.dataset.count, 10), end: end };
  }

  function record(table, html, after, fetched) {
    var stored = { table: table, html: html, after: after, lang: document.documentElement.lang, fetched: fetched };
    var span = lastOf(stored);
    stored.last = span.last;
    stored.end = span.end;
    return stored;
  }

  function inline(table) {
    var holder = document.getElementById("rounds-ahead");
    var after = holder ? parseInt(holder.dataset.after, 10) : NaN;
    if (isNaN(after)) return null;
    var rendered = Date.parse(document.body.dataset.rendered || "");
    return record(table, holder.innerHTML, after, isNaN(rendered) ? Date.now() : rendered);
  }

  // The server's next round as the latest fragment of the sheet says (data-next-round).
  function serverNext(sheet) {
    var live = document.getElementById("live");
    var next = live ? parseInt(live.dataset.nextRound, 10) : NaN;
    return isNaN(next) ? sheet.serverRound : next;
  }

  // --- the form of a round ahead -----------------------------------------------------------
  function typed(entry, field) {
    var found = "";
    (entry ? entry.fields : []).forEach(function (pair) { if (pair[0] === field) found = pair[1]; });
    return found;
  }

  function entryOf(number) {
    for (var i = 0; i < entries.length; i++) if (entries[i].round === number) return entries[i];
    return null;
  }

  // The key of round ``number``'s form: named by the server, or followed from the server's
  // next round (data-ahead-form on the live fragment) through what was typed into each round
  // kept on the phone since.
  function formKeyOf(number) {
    var round = rounds[number];
    if (!round) return null;
    if (round.form) return round.form;
    var live = document.getElementById("live");
    var key = live && live.dataset.aheadForm;
    var from = serverNext(ns.sheet);
    if (!key || !chainField || from === null || number <= from) return null;
    for (var r = from; r < number && key; r++) {
      var entry = entryOf(r);
      var form = forms[key];
      if (!entry || !form) return null;
      var value = typed(entry, chainField);
      key = Object.prototype.hasOwnProperty.call(form.follows, value) ? form.follows[value] : form.follows[""];
    }
    return key || null;
  }

  // Round ``number`` as the sheet shows it: {info, form}, or undefined. Made once per round
  // and form (the sheet and the list of kept entries ask often); callers copy the nodes.
  function round(number) {
    var key = formKeyOf(number);
    var shared = key && forms[key];
    if (!shared) return undefined;
    var memo = made[number];
    if (memo && memo.key === key) return memo;
    var holder = document.createElement("template");
    holder.innerHTML = standIn ? shared.html.split(standIn).join(String(number)) : shared.html;
    var info = rounds[number].info.cloneNode(true);
    var facts = holder.content.querySelector("[data-form-facts]");
    var head = info.querySelector(".round-head");
    if (facts && head) head.after(facts);
    made[number] = { key: key, info: info, form: holder.content.querySelector("form") };
    return made[number];
  }

  // --- Bock games (Schafkopf) ----------------------------------------------------------------
  // The factor of round ``number`` when the latest fragment of the sheet names it among the
  // games already known to count several times (data-bock="18:2 19:4"), else 0.
  function serverFactor(number) {
    var live = document.getElementById("live");
    var found = 0;
    ((live && live.dataset.bock) || "").split(" ").forEach(function (pair) {
      var parts = pair.split(":");
      if (parseInt(parts[0], 10) === number) found = parseInt(parts[1], 10) || 0;
    });
    return found;
  }

  // The Bock rounds a kept entry starts, looked up in the server's description (bock.fires).
  function started(bock, entry) {
    var key = bock.order.map(function (field) {
      var value = typed(entry, field);
      var ranges = bock.ranges && bock.ranges[field];
      if (ranges && value !== "") {
        var number = parseInt(value, 10);
        value = "";
        ranges.forEach(function (range, index) { if (number >= range[0] && number <= range[1]) value = String(index); });
      }
      return bock.fields[field].indexOf(value) >= 0 ? value : "";
    }).join("|");
    return bock.fires[key] || 0;
  }

  // The factor of round ``number``: the Bock games the server named, and those that entries
  // kept on the phone start (each of their Bock rounds covers the next ``games`` games; one
  // after another, or side by side with ``stack``), as the server will count them.
  function factorOf(number) {
    var bock = rules.bock;
    var base = serverFactor(number);
    if (!bock || !ns.sheet) return base;
    var from = serverNext(ns.sheet);
    var end = from - 1; // the last Bock game known so far (queued rounds follow it)
    while (serverFactor(end + 1)) end++;
    var rounds = 0;
    entries.slice().sort(function (a, b) { return a.round - b.round; }).forEach(function (entry) {
      if (entry.round < from || entry.round >= number) return;
      for (var n = started(bock, entry); n > 0; n--) {
        var start = bock.stack ? entry.round + 1 : Math.max(end, entry.round) + 1;
        var last = start + bock.games - 1;
        if (number >= start && number <= last) rounds++;
        if (!bock.stack) end = last;
      }
    });
    if (!rounds) return base;
    if (!bock.stack) return base || bock.factor;
    return (base || 1) * Math.pow(bock.factor, rounds);
  }

  // --- keeping the window ----------------------------------------------------------------
  function covers(stored, next) {
    return !!stored && stored.lang === document.documentElement.lang && stored.after <= next &&
      (stored.end || stored.last >= next + AHEAD_WANT);
  }

  // Fetch a new window when the kept one runs short (and the server may be asked).
  function ensure() {
    var sheet = ns.sheet;
    var next = sheet && serverNext(sheet);
    var done = function () { ns.markReady("ahead"); };
    if (!sheet || !sheet.original || !sheet.aheadUrl || next === null || next === undefined || covers(kept, next) ||
        ns.state.copy === "cache" || !navigator.onLine) { done(); return; }
    var after = Math.max(next - (next % AHEAD_STEP), 0);
    fetch(sheet.aheadUrl + "?after=" + after, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      var stored = record(sheet.table, html, after, Date.now());
      read(stored);
      kept = stored;
      return ns.outbox.putAhead(stored);
    }).then(done, done);
  }

  // The inline rounds and the stored ones (a wider window, or newer: this page is an older kept
  // copy); the wider is kept.
  function start(sheet) {
    var mine = inline(sheet.table);
    var outbox = ns.outbox;
    return outbox.all().then(function (all) {
      ns.ahead.know(all.filter(function (entry) { return entry.table === sheet.table; }));
    })["catch"](function () { return null; }).then(function () {
      return outbox.getAhead(sheet.table);
    })["catch"](function () { return null; }).then(function (stored) {
      var usable = stored && stored.lang === document.documentElement.lang && stored.last !== undefined;
      if (usable) read(stored);
      if (mine) read(mine);
      kept = usable ? stored : null;
      if (mine && (!kept || mine.last > kept.last)) {
        kept = mine;
        return ns.outbox.putAhead(mine)["catch"](function () { return null; });
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
    round: round,
    factor: factorOf,
    // This table's entries on the phone (sheet.js), which the forms and Bock games ahead follow.
    know: function (mine) { entries = (mine || []).filter(ns.unsent); }
  };
})(window.Stichblock);
