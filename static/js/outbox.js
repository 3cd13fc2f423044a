// The outbox: round entries kept on this phone until the server has them, in IndexedDB so that
// they survive a reload and a closed tab (Stichblock.outbox), and what a save URL names
// (Stichblock.saveTarget). Used by the pages (save.js, sync.js, ...) and by the service worker
// (sw.js), so it runs in both a window and a worker. Docs: docs/scorepad.md, "The outbox".
//
// An entry: {submission (its one-time token, the key: the typed entry's identity, kept through
// every way on after a conflict), table (link key), action (save URL), round, what ("Runde 3"),
// base, fields: [[name, value], ...] as the form posts them (no CSRF token), pairs: [[label,
// value], ...] what was typed, for the list, author, created (ms), status, problem: the server's
// answer for a conflict or a refusal, viaWorker (posted while a service worker controlled the
// page, which settles "sending"), answered (the server answered a page post of it: only the
// confirmation that it is stored is missing)}.
//
// Its status, a small state machine (the diagram is in docs/scorepad.md):
//   pending   waiting to be sent (saved offline, queued behind others, or no answer came)
//   sending   posted, the answer outstanding                 → stored | pending | the rest
//   conflict  the server has a newer entry of its round      → deciding | discarded
//   rejected  the server refused it (an error, locked)       → deciding | discarded
//   deciding  shown with its values in a form, to decide     → pending | sending | discarded
// It leaves IndexedDB only when the server confirmed its submission stored ("stored"), or when
// the person discarded it. Nothing else removes an entry.
(function (root) {
  "use strict";
  var ns = root.Stichblock = root.Stichblock || {};
  var NAME = "stichblock";
  var VERSION = 1;
  var opening = null;

  function open() {
    if (!root.indexedDB) return Promise.reject(new Error("no IndexedDB"));
    if (opening) return opening;
    opening = new Promise(function (resolve, reject) {
      var request = root.indexedDB.open(NAME, VERSION);
      request.onupgradeneeded = function () {
        var db = request.result;
        if (!db.objectStoreNames.contains("outbox")) db.createObjectStore("outbox", { keyPath: "submission" });
        // Blank forms of the rounds ahead, per table (scoring.views.table_ahead).
        if (!db.objectStoreNames.contains("ahead")) db.createObjectStore("ahead", { keyPath: "table" });
      };
      request.onsuccess = function () {
        var db = request.result;
        db.onversionchange = function () { db.close(); opening = null; };
        resolve(db);
      };
      request.onerror = function () { opening = null; reject(request.error); };
      request.onblocked = function () { opening = null; reject(new Error("IndexedDB blocked")); };
    });
    return opening;
  }

  // Run ``work(store)`` in one transaction; resolves with the last request's result once the
  // transaction is committed (so a reload right after cannot lose it).
  function run(storeName, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(storeName, mode);
        var request = work(tx.objectStore(storeName));
        tx.oncomplete = function () { resolve(request ? request.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error || new Error("aborted")); };
      });
    });
  }

  function byCreated(a, b) { return a.created - b.created || (a.submission < b.submission ? -1 : 1); }

  var lastCreated = 0;
  function stamp() {
    lastCreated = Math.max(Date.now(), lastCreated + 1);
    return lastCreated;
  }

  // What a save URL names: {tablePath, table, round}, or null for any other URL. The one place
  // that knows how a save URL looks; where table links begin comes from the server's reverse()
  // (Stichblock.tablePrefix: the page's data-table-prefix, the worker's configuration).
  var savePattern = null;
  // A round as the page's game names it ("Spiel 3", "Runde 3": the body's data-noun); in the
  // service worker, which has no page, just the number.
  ns.roundName = function (round) {
    var body = root.document && root.document.body;
    return (((body && body.dataset.noun) || "") + " " + round).trim();
  };

  ns.saveTarget = function (url) {
    if (!savePattern) {
      var prefix = (ns.tablePrefix || "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      savePattern = new RegExp("^(" + prefix + "([^/]+)/)rounds/(\\d+)/save/?$");
    }
    var match = savePattern.exec(new URL(url, root.location.href).pathname);
    return match ? { tablePath: match[1], table: match[2], round: parseInt(match[3], 10) } : null;
  };

  ns.outbox = {
    all: function () {
      return run("outbox", "readonly", function (store) { return store.getAll(); }).then(function (list) {
        return (list || []).sort(byCreated);
      });
    },
    get: function (submission) {
      return run("outbox", "readonly", function (store) { return store.get(submission); });
    },
    put: function (entry) {
      if (!entry.created) entry.created = stamp();
      return run("outbox", "readwrite", function (store) { return store.put(entry); });
    },
    // Change a stored entry in place (``change(entry)`` edits it); false when it is gone.
    update: function (submission, change) {
      return run("outbox", "readwrite", function (store) {
        var request = store.get(submission);
        request.onsuccess = function () {
          if (request.result) { change(request.result); store.put(request.result); }
        };
        return request;
      }).then(function (entry) { return !!entry; });
    },
    remove: function (submission) {
      return run("outbox", "readwrite", function (store) { return store["delete"](submission); });
    },
    getAhead: function (table) {
      return run("ahead", "readonly", function (store) { return store.get(table); });
    },
    putAhead: function (record) {
      return run("ahead", "readwrite", function (store) { return store.put(record); });
    },
    stamp: stamp,
    // The entry a save URL and posted fields make (the service worker keeps a post it could not
    // deliver; the page adds labels when it has them).
    fromFields: function (action, fields) {
      var target = ns.saveTarget(action);
      var values = {};
      fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
      return {
        submission: values.submission,
        table: target ? target.table : "",
        action: action,
        round: target ? target.round : 0,
        what: "",
        base: parseInt(values.base || "0", 10) || 0,
        fields: fields.filter(function (pair) { return pair[0] !== "csrfmiddlewaretoken"; }),
        pairs: [],
        author: values.author || "",
        created: 0,
        status: "pending",
        problem: null,
        viaWorker: false
      };
    }
  };
})(self);
