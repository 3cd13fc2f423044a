// Sending what the outbox keeps (its states: outbox.js): on page load, when the server answers again (net.js), every
// RETRY_MS while entries wait, and with "Jetzt senden" — in the order they were kept, per table,
// one pass at a time (Web Locks across tabs). Each entry is posted to round_save as JSON with its
// own submission token; the server stores a submission once, so a repeat never stores twice. A
// conflict or a refusal stops that table's queue and stays in the list (outbox-list.js) until
// the user decides; every queue stops while the server cannot be reached. When the sheet's queue
// is empty again and nothing is being typed, the sheet reloads: the server's own page.
(function (ns) {
  "use strict";
  var RETRY_MS = 15000;
  var SENDING_GRACE_MS = 60000; // a post the service worker is still settling
  var syncing = false;
  var again = false; // asked for while a pass was running: another pass follows

  function send(entry) {
    var token = ns.csrfToken();
    var form = new URLSearchParams();
    entry.fields.forEach(function (pair) { form.append(pair[0], pair[1]); });
    form.append("csrfmiddlewaretoken", token);
    return fetch(entry.action, {
      method: "POST",
      body: form,
      credentials: "same-origin",
      cache: "no-store",
      headers: { Accept: "application/json", "X-CSRFToken": token }
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      return (json ? response.json() : Promise.resolve(null)).then(function (answer) {
        var status = response.status;
        if ((status === 200 || status === 201) && answer && answer.saved) return { kind: "saved", answer: answer };
        if (status === 429 || status >= 500) return { kind: "retry" };
        var message = (answer && answer.message) || ns.t("status", { status: status });
        if (status === 409 && answer && answer.conflict) {
          return {
            kind: "conflict",
            problem: { kind: "conflict", message: message, current: answer.current, base: answer.base, this_phone: !!answer.this_phone }
          };
        }
        var kind = status === 422 ? "invalid" : status === 423 ? "locked" : "refused";
        return { kind: "rejected", problem: { kind: kind, message: message, errors: (answer && answer.errors) || {} } };
      });
    }, function () { return { kind: "retry", network: true }; });
  }

  // Not sent now: what the user decides on, an entry open in the form, one this page or the
  // service worker is sending.
  function held(entry) {
    var young = Date.now() - entry.created < SENDING_GRACE_MS;
    return ns.stuck(entry) || (ns.sheet && ns.sheet.editing === entry.submission) ||
      ns.save.sending[entry.submission] || (entry.status === "sending" && entry.viaWorker && young);
  }

  function run() {
    if (!navigator.onLine) return Promise.resolve();
    if (syncing) { again = true; return Promise.resolve(); }
    syncing = true;
    again = false;
    var sheet = ns.sheet;
    var news = []; // messages about this sheet's entries
    var sent = []; // what of this sheet's entries was sent ("Spiel 3"), said in one message
    var elsewhere = []; // warnings about tables started on this phone, for any page
    var settledHere = false; // an entry of this sheet was sent, or refused, or met a conflict
    var pass = function () {
      return ns.outbox.all().then(function (entries) {
        var blocked = {};
        var chain = Promise.resolve(true);
        entries.forEach(function (entry) {
          chain = chain.then(function (goOn) {
            if (!goOn || blocked[entry.table]) return goOn;
            if (held(entry)) { blocked[entry.table] = true; return true; }
            return send(entry).then(function (result) {
              if (result.kind === "retry") {
                if (result.network) ns.net.setOnline(false);
                return false; // the server is away: try again later, in order
              }
              ns.net.setOnline(true);
              var here = !!sheet && entry.table === sheet.table;
              if (result.kind === "saved") {
                return ns.outbox.remove(entry.submission).then(function () {
                  // A post that got through before (its page said so, or no worker could tell)
                  // is no news; an entry stored as another round says where.
                  var before = (entry.status === "sending" || entry.answered) && !result.answer.created;
                  var what = entry.start || !result.answer.round ? entry.what
                    : ns.roundName(result.answer.round);
                  var hints = (result.answer.hints || []).map(function (hint) { return [hint, "warning"]; });
                  if (here && !before) {
                    // The sheet has changed: it is shown again (below). A post confirmed
                    // that the page already showed the answer to changes nothing here.
                    settledHere = true;
                    sent.push(what);
                    // The server's doubts about the round (shown, not refused), as after a save.
                    news = news.concat(hints);
                  } else if (entry.start && !before) {
                    // A table started offline, sent from another page (the group's): its
                    // warning (the same people at another table today) is said wherever it is.
                    elsewhere = elsewhere.concat(hints);
                  }
                  return true;
                });
              }
              blocked[entry.table] = true;
              if (here) settledHere = true;
              return ns.outbox.update(entry.submission, function (stored) {
                stored.status = result.kind;
                stored.problem = result.problem;
              }).then(function () { return true; });
            });
          });
        });
        return chain;
      });
    };
    var locked = navigator.locks ? navigator.locks.request("stichblock-outbox", pass) : pass();
    return locked["catch"](function () { return null; }).then(function () {
      syncing = false;
      return ns.list.refresh();
    }).then(function (left) {
      if (!settledHere || !sheet) {
        elsewhere.forEach(function (message) { ns.net.flash(message[0], message[1]); });
        if (again) run();
        return;
      }
      var waiting = (left || []).some(function (entry) { return entry.table === sheet.table && ns.unsent(entry); });
      // Nothing of this table waits any more: the server's own page has the next round's facts
      // (the dealer it worked out) and the sheet. Reload unless something is being typed.
      if (!waiting && !sheet.dirty && !sheet.editing) {
        told(sent, news).concat(elsewhere).forEach(ns.net.flashLater);
        location.reload();
      } else {
        told(sent, news).concat(elsewhere).forEach(function (message) { ns.net.flash(message[0], message[1]); });
        if (again) run();
      }
    });
  }

  // "Spiel 3 gesendet", or for a whole evening sent at once one line: "40 Einträge gesendet
  // (Spiel 2 bis Spiel 41)", then the server's doubts.
  function told(sent, news) {
    if (!sent.length) return news;
    var line = sent.length === 1 ? ns.t("sent", { what: sent[0] })
      : ns.t("sentMany", { count: sent.length, first: sent[0], last: sent[sent.length - 1] });
    return [[line, "success"]].concat(news);
  }

  function start() {
    setInterval(function () { if (ns.state.unsent) run(); }, RETRY_MS);
  }

  ns.sync = { run: run, start: start };
})(window.Stichblock);
