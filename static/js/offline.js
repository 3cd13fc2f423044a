// Stichblock offline: the service worker, the online/offline line at the top of each page, and
// on a scorer's sheet the round entries kept on this phone until the server has them.
// Docs: docs/scorepad.md, "Offline". Without this file (or without IndexedDB) every form
// posts to the server as before.
//
// - Saving while offline (or while earlier entries of the table still wait) keeps the entry in
//   the outbox (outbox.js) with the form's one-time submission token, lists it above the sheet
//   as "not yet sent", and shows the next round's blank form (scoring.views.table_ahead).
// - Online, a save on the sheet is sent from the page, and the server's answer (the next
//   round's form, the messages, the sheet) is swapped in: no new page, the event stream stays.
//   Elsewhere (a round's page) the form posts as before. Either way the entry is noted first,
//   so that if the post fails it is kept (here, or by the service worker, sw.js) and listed.
// - The outbox is sent in order when the connection is back (online event, page load, every
//   15 s, a poll that gets through) as JSON requests; the server stores each submission once,
//   so a repeat never stores twice. A conflict or a refusal stops that table's queue and is
//   shown with the server's answer until the user opens it in the form or discards it.
// - No scoring here: the forms come from the server, and the server checks every entry.
(function () {
  "use strict";
  var Outbox = window.StichblockOutbox;
  var SAVE_PATH = /\/t\/([^/]+)\/rounds\/(\d+)\/save\/?$/;
  var RETRY_MS = 15000;
  var AHEAD_MIN = 3; // ask for the rounds ahead again when fewer than this many are left
  // A sheet asks for them 5 to 20 s after it loaded (and 2 s after each change, a save of its
  // own included): when a whole club opens its tables at once, the server renders the pages
  // first and the forms ahead after them, spread out, instead of all at the same moment.
  var AHEAD_WAIT_MS = 5000;
  var AHEAD_SPREAD_MS = 15000;
  var SENDING_GRACE_MS = 60000; // a post the service worker is still settling
  var FLASH_KEY = "stichblock-flash";
  var HANDOFF_KEY = "stichblock-handoff";

  var texts = {};
  var body, net;
  var state = {
    copy: "network", // "cache": this page is the service worker's kept copy
    online: navigator.onLine,
    stateAt: new Date(), // when the data on screen was last known to be current
    unsent: 0, // entries waiting to be sent
    stuck: 0, // entries the server answered with a conflict or a refusal: the user decides
    ready: { page: false, ahead: true }
  };
  var sheet = null; // the scorer's table page, see setUpSheet
  var syncing = false;
  var syncAgain = false; // asked for while a pass was running: another pass follows

  // --- small helpers -------------------------------------------------------------------------
  function t(key, values) {
    var text = texts[key] || key;
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("%(" + name + ")s").join(String(values[name]));
    });
    return text;
  }

  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function timeText(date) {
    var lang = document.documentElement.lang || undefined;
    var options = { hour: "2-digit", minute: "2-digit", hour12: false }; // as the server writes times
    if (date.toDateString() !== new Date().toDateString()) {
      options.day = "numeric";
      options.month = "numeric";
    }
    return date.toLocaleString(lang, options);
  }

  function newToken() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  function csrfToken() {
    var match = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
    if (match) return decodeURIComponent(match[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function isEntryForm(form) {
    return form && form.tagName === "FORM" && (form.method || "").toLowerCase() === "post" &&
      SAVE_PATH.test(new URL(form.action, location.href).pathname);
  }

  function tableUrlOf(action) {
    var path = new URL(action, location.href).pathname;
    return path.replace(/rounds\/\d+\/save\/?$/, "");
  }

  function unsent(entry) { return entry.status === "pending" || entry.status === "sending"; }
  function stuck(entry) { return entry.status === "conflict" || entry.status === "rejected"; }

  // --- messages at the top of the page ---------------------------------------------------------
  function flash(text, kind) {
    var list = document.getElementById("offline-flash");
    if (!list) {
      list = make("ul", "messages");
      list.id = "offline-flash";
      list.setAttribute("role", "status");
      net.after(list);
    }
    if (kind === "info") {
      // "Kept on this phone: …" is about the latest entry; the list below has them all.
      list.querySelectorAll(".msg-info").forEach(function (old) { old.remove(); });
    }
    var item = make("li", "msg msg-" + (kind || "success"), text);
    list.appendChild(item);
    while (list.children.length > 6) list.removeChild(list.firstChild);
  }

  // Messages for after a reload (the sheet reloads itself once its queue is sent).
  function flashLater(message) {
    try {
      var kept = JSON.parse(sessionStorage.getItem(FLASH_KEY) || "[]");
      kept.push(message);
      sessionStorage.setItem(FLASH_KEY, JSON.stringify(kept.slice(-6)));
    } catch (e) { flash(message[0], message[1]); }
  }

  function showKeptFlashes() {
    try {
      var kept = JSON.parse(sessionStorage.getItem(FLASH_KEY) || "[]");
      sessionStorage.removeItem(FLASH_KEY);
      kept.forEach(function (message) { flash(message[0], message[1]); });
    } catch (e) { /* no session storage: nothing kept */ }
  }

  // --- online / offline ----------------------------------------------------------------------
  function renderNet() {
    if (!net) return;
    net.hidden = false;
    net.classList.toggle("is-offline", !state.online);
    var line = make("span", "net-state");
    line.appendChild(make("span", "net-dot"));
    line.appendChild(document.createTextNode(
      state.online ? t("online") : t("offlineNote", { time: timeText(state.stateAt) })
    ));
    var parts = [line];
    [["pending", state.unsent], ["stuck", state.stuck]].forEach(function (count) {
      if (!count[1]) return;
      var forms = texts[count[0]] || {};
      var words = (count[1] === 1 ? forms.one : forms.other) || "%(count)s";
      parts.push(make("span", "net-count", words.split("%(count)s").join(String(count[1]))));
    });
    net.replaceChildren.apply(net, parts);
  }

  function setOnline(online) {
    if (online) state.stateAt = new Date();
    if (state.online === online) { renderNet(); return; }
    state.online = online;
    renderNet();
    if (online) sync();
  }

  // --- the service worker --------------------------------------------------------------------
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

  function setUpWorker() {
    if (!("serviceWorker" in navigator) || !body.dataset.sw) { markReady("page"); return; }
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(body.dataset.sw, { scope: "/" }).then(function () {
      // This page came through the worker (and is kept) unless the worker is new.
      if (controlled || state.copy === "cache") return true;
      return askWorker({ type: "keep", url: location.href });
    }).then(function () { markReady("page"); })["catch"](function () { markReady("page"); });
  }

  // The kept copy of this page (sw.js) follows what the page shows: the parts the server sent
  // since (a fragment of the sheet, the answer to a save) are put into it here, so the phone
  // fetches no whole page for it. One change after the other: each reads what the last wrote.
  var keeping = Promise.resolve();

  function keepParts(html, ids) {
    var name = body.dataset.pageCache;
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

  // For tests and the curious: the page and (on a scorer's sheet) the forms ahead are kept.
  function markReady(part) {
    state.ready[part] = true;
    if (state.ready.page && state.ready.ahead) body.dataset.offlineReady = "1";
  }

  // --- polls tell whether the server can be reached ----------------------------------------
  var lastEtag = null;
  var refreshTimer = null;

  function heardFromServer() {
    setOnline(true);
    if (state.unsent) sync();
  }

  // The table changed: the forms ahead may run short (once a while).
  function tableChanged() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(function () {
      if (sheet) ensureAhead();
    }, 2000);
  }

  function watchPolls() {
    document.addEventListener("htmx:afterRequest", function (event) {
      var xhr = event.detail && event.detail.xhr;
      var path = event.detail && event.detail.pathInfo && event.detail.pathInfo.requestPath;
      if (!xhr || !path || path.indexOf("/live/") < 0) return;
      if (xhr.status === 0) { setOnline(false); return; }
      if (xhr.status >= 500) return;
      heardFromServer();
      var etag = xhr.getResponseHeader("ETag");
      if (xhr.status === 200) keepParts(xhr.responseText, ["live", "round-info", "entry-area"]);
      if (lastEtag !== null && etag && etag !== lastEtag) tableChanged();
      if (etag) lastEtag = etag;
    });
    // A fragment that came with its event (live.js): the server answers, the table changed.
    document.addEventListener("live:shown", function (event) {
      heardFromServer();
      keepParts(event.detail && event.detail.html, ["live", "round-info"]);
      tableChanged();
    });
    document.addEventListener("htmx:sendError", function () { setOnline(false); });
    document.addEventListener("htmx:timeout", function () { setOnline(false); });
  }

  // --- what was typed, for the list ----------------------------------------------------------
  function labelOf(input) {
    if (input.dataset.label) return input.dataset.label;
    if (input.id) {
      var label = document.querySelector('label[for="' + input.id + '"]');
      if (label) return label.textContent.trim();
    }
    return input.name;
  }

  function typedPairs(form) {
    var pairs = [];
    var skip = ["csrfmiddlewaretoken", "submission", "base", "author"];
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.disabled || skip.indexOf(input.name) >= 0) return;
      var type = (input.type || "").toLowerCase();
      if (type === "hidden" || type === "submit" || type === "button" || input.tagName === "BUTTON") return;
      var value;
      if (type === "radio") {
        if (!input.checked || input.value === "") return;
        var label = input.closest("label") || (input.id && form.querySelector('label[for="' + input.id + '"]'));
        value = label ? label.textContent.trim() : input.value;
      } else if (type === "checkbox") {
        if (!input.checked) return;
        value = t("yes");
      } else if (input.tagName === "SELECT") {
        if (input.value === "") return;
        value = input.options[input.selectedIndex].textContent.trim();
      } else {
        value = (input.value || "").trim();
        if (value === "") return;
      }
      pairs.push([labelOf(input), value]);
    });
    return pairs;
  }

  function formFields(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") fields.push([name, value]);
    });
    return fields;
  }

  // --- keeping an entry ----------------------------------------------------------------------
  // ``viaWorker`` false: this page sends it itself, and sync() may send it again at once.
  function keep(form, status, viaWorker) {
    var submission = form.querySelector("input[name=submission]");
    if (submission && !submission.value) submission.value = newToken();
    var entry = Outbox.fromFields(form.action, formFields(form));
    var noun = body.dataset.noun || "";
    entry.what = (noun + " " + entry.round).trim();
    entry.pairs = typedPairs(form);
    entry.status = status;
    entry.viaWorker = viaWorker !== false && !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    return Outbox.get(entry.submission).then(function (earlier) {
      if (earlier) entry.created = earlier.created; // edited: keeps its place in the queue
      return Outbox.put(entry);
    }).then(function () { return entry; });
  }

  function onSubmit(event) {
    var form = event.target;
    if (!isEntryForm(form) || !Outbox || form.dataset.sent === "1") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    form.dataset.sent = "1";
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.setAttribute("aria-busy", "true"); });
    var table = SAVE_PATH.exec(new URL(form.action, location.href).pathname)[1];
    Outbox.all().then(function (entries) {
      var waiting = entries.some(function (entry) { return entry.table === table && (unsent(entry) || stuck(entry)); });
      var offline = !navigator.onLine || state.copy === "cache" || !state.online;
      if (!offline && !waiting && sheet && !sheet.editing) {
        // Sent from here, the answer swapped in (saveInPlace): no new page, the stream stays.
        return keep(form, "sending", false).then(function (entry) { saveInPlace(form, entry); });
      }
      if (!offline && !waiting) {
        // Post as always; if the post fails the service worker keeps the entry. If the server
        // answers with its own form (a conflict, an error), the entry lives on there.
        return keep(form, "sending").then(function (entry) {
          handOff(entry);
          post(form);
        });
      }
      return keep(form, "pending").then(function (entry) { kept(form, entry); });
    })["catch"](function () {
      post(form); // no IndexedDB (private mode): as without this file
    });
  }

  // The form is sent and its answer replaces this page: the live part fetches nothing more
  // (live.js), not even the change this very post announces on the page's stream.
  function post(form) {
    document.dispatchEvent(new CustomEvent("live:leaving"));
    form.submit();
  }

  function kept(form, entry) {
    form.dataset.sent = "";
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.removeAttribute("aria-busy"); });
    if (!sheet) { location.href = tableUrlOf(entry.action) + "#outbox"; return; }
    if (sheet.editing === entry.submission) sheet.editing = null;
    sheet.dirty = false;
    // The server's messages of this page's moment ("Round 2 saved.") are old news now.
    document.querySelectorAll("main > ul.messages:not(#offline-flash)").forEach(function (list) { list.remove(); });
    flash(t("kept", { what: entry.what }), "info");
    refresh().then(function () {
      window.scrollTo(0, 0);
      sync();
    });
  }

  // --- saving from the sheet page ----------------------------------------------------------
  // Online, a save from the sheet is sent from here (HX-Request): the server answers with the
  // parts of the page that change (scoring/_entry_answer.html) and a Stichblock-Entry header
  // saying what became of the entry. Without that header (a locked table, a round that cannot
  // be entered now: a redirect) the form is posted as always. No answer at all: the entry is
  // kept and sent later, as if the phone had been offline.
  var sendingHere = {}; // submissions this page is sending in place: sync() leaves them be
  var ANSWER_PARTS = ["table-panels", "entry-area", "live", "round-info", "downloads"];

  function saveInPlace(form, entry) {
    document.dispatchEvent(new CustomEvent("live:leaving")); // its own change is no news
    sendingHere[entry.submission] = true;
    var settled = function () { delete sendingHere[entry.submission]; };
    fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      credentials: "same-origin",
      cache: "no-store",
      redirect: "manual",
      headers: { "HX-Request": "true", "X-CSRFToken": csrfToken() }
    }).then(function (response) {
      settled();
      var answer = response.headers.get("Stichblock-Entry");
      if (!answer) {
        if (response.status === 429 || response.status >= 500) return keptForLater(form, entry, false);
        document.dispatchEvent(new CustomEvent("live:back"));
        handOff(entry);
        return post(form);
      }
      return response.text().then(function (html) {
        // Saved, or shown in the server's form (a conflict, a mistake) with what was typed:
        // either way the phone keeps it no longer.
        return Outbox.remove(entry.submission)["catch"](function () { return null; }).then(function () {
          swapAnswer(html, answer === "saved" || answer === "unchanged", entry.round);
          setOnline(true);
          return refresh();
        });
      });
    }, function () {
      settled();
      return keptForLater(form, entry, true);
    });
  }

  function keptForLater(form, entry, noNetwork) {
    document.dispatchEvent(new CustomEvent("live:back"));
    return Outbox.update(entry.submission, function (stored) { stored.status = "pending"; }).then(function () {
      if (noNetwork) setOnline(false);
      kept(form, entry);
    });
  }

  function swapAnswer(html, saved, round) {
    keepParts(html, ANSWER_PARTS);
    var answer = document.createElement("template");
    answer.innerHTML = html;
    var parts = answer.content;
    document.querySelectorAll("main > ul.messages:not(#offline-flash)").forEach(function (list) { list.remove(); });
    var messages = parts.querySelector("ul.messages");
    if (messages) net.after(messages);
    ANSWER_PARTS.forEach(function (id) {
      var now = document.getElementById(id);
      var fresh = parts.getElementById(id);
      if (!now || !fresh) return;
      fresh.removeAttribute("hx-swap-oob");
      now.replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
    });
    adoptServerForm(!saved); // a conflict or a mistake: what was typed stays in the form
    document.dispatchEvent(new CustomEvent("live:back"));
    tableChanged();
    var shown = document.getElementById(saved ? "round-" + round : "entry-area");
    if (shown) shown.scrollIntoView({ block: "center" });
  }

  // The server's form for its next round is in the page now (the answer to a save, or the
  // form that replaced an untouched one another phone saved): the sheet goes on from it.
  function adoptServerForm(typed) {
    var slot = document.getElementById("ahead-slot");
    if (slot) slot.replaceChildren();
    body.classList.remove("offline-ahead");
    var form = document.getElementById("entry");
    sheet.serverRound = form ? roundOf(form) : null;
    sheet.serverBase = form && form.elements.base ? form.elements.base.value : "0";
    sheet.original = form ? form.cloneNode(true) : null;
    sheet.shownRound = sheet.serverRound;
    sheet.dirty = typed;
    if (form) {
      watchTyping(form);
      document.dispatchEvent(new CustomEvent("stichblock:entry-form", { detail: { form: form } }));
    }
  }

  // Nobody has typed into or tapped the sheet's form, and it is the server's own (not a round
  // ahead, nothing waiting to be sent): if another phone saves its round, the live fetch may
  // bring the next form instead of a warning (scoring.views.moved_on).
  function untouched() {
    if (!sheet || !sheet.original || sheet.dirty || sheet.editing) return false;
    if (state.unsent || state.stuck || state.copy === "cache") return false;
    var form = document.getElementById("entry");
    if (!form || sheet.shownRound !== sheet.serverRound) return false;
    return !form.contains(document.activeElement);
  }

  function watchMovingOn() {
    document.addEventListener("htmx:configRequest", function (event) {
      var path = event.detail && event.detail.path;
      if (path && path.indexOf("/live/") >= 0 && event.detail.verb === "get" && untouched()) {
        event.detail.parameters.untouched = "1";
      }
    });
    // Typed into while the fetch was on its way: keep what was typed (nothing swapped), and ask
    // again as a touched form, which gets the warning instead.
    document.addEventListener("htmx:beforeSwap", function (event) {
      var xhr = event.detail && event.detail.xhr;
      var path = event.detail && event.detail.pathInfo && event.detail.pathInfo.requestPath;
      if (!sheet || !xhr || !path || path.indexOf("/live/") < 0) return;
      if (xhr.responseText.indexOf('id="entry-area"') < 0 || untouched()) return;
      event.detail.shouldSwap = false;
      var box = document.querySelector("[data-live-version]");
      if (box && window.htmx) window.htmx.trigger(box, "live:refresh");
    });
    document.addEventListener("htmx:oobAfterSwap", function (event) {
      var target = event.detail && event.detail.target;
      if (!sheet || !target || target.id !== "entry-area") return;
      adoptServerForm(false);
      tableChanged();
    });
  }

  // --- sending -------------------------------------------------------------------------------
  function send(entry) {
    var token = csrfToken();
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
        var message = (answer && answer.message) || t("status", { status: status });
        if (status === 409 && answer && answer.conflict) {
          return { kind: "conflict", problem: { kind: "conflict", message: message, current: answer.current, base: answer.base } };
        }
        var kind = status === 422 ? "invalid" : status === 423 ? "locked" : "refused";
        return { kind: "rejected", problem: { kind: kind, message: message, errors: (answer && answer.errors) || {} } };
      });
    }, function () { return { kind: "retry", network: true }; });
  }

  function sync() {
    if (!Outbox || !navigator.onLine) return Promise.resolve();
    if (syncing) { syncAgain = true; return Promise.resolve(); }
    syncing = true;
    syncAgain = false;
    var sentHere = [];
    var settledHere = false; // an entry of this sheet was sent, or refused, or met a conflict
    var run = function () {
      return Outbox.all().then(function (entries) {
        var blocked = {};
        var chain = Promise.resolve(true);
        entries.forEach(function (entry) {
          chain = chain.then(function (goOn) {
            if (!goOn || blocked[entry.table]) return goOn;
            var young = Date.now() - entry.created < SENDING_GRACE_MS;
            if (entry.status === "conflict" || entry.status === "rejected" ||
                (sheet && sheet.editing === entry.submission) || sendingHere[entry.submission] ||
                (entry.status === "sending" && entry.viaWorker && young)) {
              blocked[entry.table] = true;
              return true;
            }
            return send(entry).then(function (result) {
              if (result.kind === "retry") {
                if (result.network) setOnline(false);
                return false; // the server is away: try again later, in order
              }
              setOnline(true);
              if (result.kind === "saved") {
                return Outbox.remove(entry.submission).then(function () {
                  // A post that got through before (no worker to tell) is no news.
                  var news = !(entry.status === "sending" && !result.answer.created);
                  if (news && sheet && entry.table === sheet.table) {
                    sentHere.push([t("sent", { what: entry.what }), "success"]);
                    // The server's doubts about the round (shown, not refused), as after a save.
                    (result.answer.hints || []).forEach(function (hint) { sentHere.push([hint, "warning"]); });
                  }
                  if (sheet && entry.table === sheet.table) settledHere = true;
                  return true;
                });
              }
              blocked[entry.table] = true;
              if (sheet && entry.table === sheet.table) settledHere = true;
              return Outbox.update(entry.submission, function (stored) {
                stored.status = result.kind;
                stored.problem = result.problem;
              }).then(function () { return true; });
            });
          });
        });
        return chain;
      });
    };
    var locked = navigator.locks ? navigator.locks.request("stichblock-outbox", run) : run();
    return locked["catch"](function () { return null; }).then(function () {
      syncing = false;
      return refresh();
    }).then(function (left) {
      if (!settledHere || !sheet) {
        if (syncAgain) sync();
        return;
      }
      var waiting = (left || []).some(function (entry) { return entry.table === sheet.table && unsent(entry); });
      // Nothing of this table waits any more: the server's own page has the next round's facts
      // (the dealer it worked out) and the sheet. Reload unless something is being typed.
      if (!waiting && !sheet.dirty && !sheet.editing) {
        sentHere.forEach(flashLater);
        location.reload();
      } else {
        sentHere.forEach(function (message) { flash(message[0], message[1]); });
        if (syncAgain) sync();
      }
    });
  }

  // --- the scorer's sheet --------------------------------------------------------------------
  function roundOf(form) {
    var match = form && SAVE_PATH.exec(new URL(form.action, location.href).pathname);
    return match ? parseInt(match[2], 10) : null;
  }

  function setUpSheet(section) {
    var form = document.getElementById("entry");
    sheet = {
      section: section,
      table: section.dataset.table,
      aheadUrl: section.dataset.ahead,
      serverRound: form ? roundOf(form) : null,
      serverBase: form && form.elements.base ? form.elements.base.value : "0",
      original: form ? form.cloneNode(true) : null,
      shownRound: form ? roundOf(form) : null,
      ahead: {},
      editing: null,
      dirty: false
    };
    if (form) watchTyping(form);
    watchMovingOn();
    section.addEventListener("click", onOutboxClick);
    state.ready.ahead = !form;
    Outbox.getAhead(sheet.table).then(function (stored) {
      if (stored) readAhead(stored);
    })["catch"](function () { return null; }).then(function () {
      return refresh();
    }).then(function () {
      if (form && state.copy === "network" && navigator.onLine) setTimeout(ensureAhead, AHEAD_WAIT_MS + Math.random() * AHEAD_SPREAD_MS);
    });
  }

  function watchTyping(form) {
    var mark = function () { sheet.dirty = true; };
    form.addEventListener("input", mark);
    form.addEventListener("change", mark);
  }

  function readAhead(stored) {
    var holder = document.createElement("template");
    holder.innerHTML = stored.html;
    var rounds = {};
    holder.content.querySelectorAll("template[data-round]").forEach(function (round) {
      rounds[round.dataset.round] = {
        info: round.content.querySelector("[data-ahead-info]"),
        form: round.content.querySelector("form")
      };
    });
    sheet.ahead = rounds;
    sheet.aheadFrom = stored;
  }

  // The server's next round as the latest poll of the sheet says (data-next-round).
  function serverNext() {
    var live = document.getElementById("live");
    var next = live ? parseInt(live.dataset.nextRound, 10) : NaN;
    return isNaN(next) ? sheet.serverRound : next;
  }

  // Keep blank forms of the rounds after the server's next one (scoring.views.table_ahead).
  // A round's form depends only on its number, so the kept ones serve until they run short.
  function ensureAhead() {
    var next = sheet && serverNext();
    if (!sheet || !sheet.aheadUrl || next === null || next === undefined) { markReady("ahead"); return; }
    var kept = sheet.aheadFrom;
    var lang = document.documentElement.lang;
    if (kept && kept.lang === lang && kept.after <= next && next - kept.after < AHEAD_MIN) {
      markReady("ahead");
      return;
    }
    fetch(sheet.aheadUrl + "?after=" + next, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      var stored = { table: sheet.table, html: html, after: next, lang: lang, fetched: Date.now() };
      readAhead(stored);
      return Outbox.putAhead(stored);
    }).then(function () { markReady("ahead"); }, function () { markReady("ahead"); });
  }

  // The form for round ``number``: the server's own, or a blank one from the rounds ahead;
  // ``entry``: a kept entry to edit (its token, base and values).
  function showRound(number, entry) {
    var current = document.getElementById("entry");
    var slot = document.getElementById("ahead-slot");
    if (!slot) {
      slot = make("div");
      slot.id = "ahead-slot";
      var info = document.getElementById("round-info");
      if (info) info.after(slot); else if (current) current.before(slot);
    }
    var source = number === sheet.serverRound ? { form: sheet.original, info: null } : sheet.ahead[number];
    sheet.shownRound = number;
    sheet.dirty = false;
    body.classList.toggle("offline-ahead", number !== sheet.serverRound);
    if (!source || !source.form) {
      if (current) current.hidden = true;
      slot.replaceChildren(make("p", "msg msg-warning", t("noForm", { what: ((body.dataset.noun || "") + " " + number).trim() })));
      return;
    }
    var form = document.importNode(source.form, true);
    slot.replaceChildren.apply(slot, source.info ? [document.importNode(source.info, true)] : []);
    prepareForm(form, number, entry, current);
    if (current) current.replaceWith(form); else slot.after(form);
    watchTyping(form);
    pollFor(number, form.elements.base ? form.elements.base.value : "0");
    if (window.htmx) window.htmx.process(form);
    document.dispatchEvent(new CustomEvent("stichblock:entry-form", { detail: { form: form } }));
  }

  function prepareForm(form, number, entry, current) {
    form.hidden = false;
    form.dataset.sent = "";
    delete form.dataset.skBound; // a copy of a bound form is not bound (schafkopf.js)
    form.querySelectorAll(".form-errors").forEach(function (node) { node.remove(); });
    if (!form.querySelector("input[name=csrfmiddlewaretoken]")) {
      var csrf = make("input");
      csrf.type = "hidden";
      csrf.name = "csrfmiddlewaretoken";
      form.prepend(csrf);
    }
    form.querySelector("input[name=csrfmiddlewaretoken]").value = csrfToken();
    var author = current && current.elements.author ? current.elements.author.value : "";
    if (!entry) {
      form.elements.submission.value = newToken();
      form.elements.base.value = number === sheet.serverRound ? sheet.serverBase : "0";
      if (form.elements.author && author) form.elements.author.value = author;
      return;
    }
    // Editing a kept entry: its own token and base, and what was typed.
    var values = {};
    entry.fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.name === "csrfmiddlewaretoken") return;
      var given = values[input.name] || [];
      var type = (input.type || "").toLowerCase();
      if (type === "radio" || type === "checkbox") input.checked = given.indexOf(input.value) >= 0;
      else if (type !== "submit" && type !== "button") input.value = given.length ? given[0] : "";
    });
  }

  // The live fragment's URL names the open form (scoring.views.render_live), so the warning
  // "saved on another phone" is about the round this phone has open.
  function pollFor(number, base) {
    var live = document.getElementById("live");
    if (!live || !live.getAttribute("hx-get")) return;
    var url = new URL(live.getAttribute("hx-get"), location.href);
    url.searchParams.set("round", number);
    url.searchParams.set("base", base);
    live.setAttribute("hx-get", url.pathname + url.search);
    if (window.htmx) window.htmx.process(live);
  }

  // The next round this phone enters: after the last entry it keeps for this table.
  function nextRound(entries) {
    var next = sheet.serverRound;
    if (next === null) return null;
    entries.forEach(function (entry) {
      if ((entry.status === "pending" || entry.status === "sending") && entry.submission !== sheet.editing) {
        next = Math.max(next, entry.round + 1);
      }
    });
    return next;
  }

  function refresh() {
    if (!Outbox) return Promise.resolve([]);
    return Outbox.all().then(function (entries) {
      state.unsent = entries.filter(unsent).length;
      state.stuck = entries.filter(stuck).length;
      renderNet();
      if (!sheet) return entries;
      var mine = entries.filter(function (entry) { return entry.table === sheet.table; });
      renderOutbox(mine);
      var next = nextRound(mine);
      if (next !== null && next !== sheet.shownRound && !sheet.dirty && !sheet.editing) showRound(next);
      return entries;
    }, function () { return []; });
  }

  function pairList(pairs) {
    var list = make("dl", "pairs");
    (pairs || []).forEach(function (pair) {
      list.appendChild(make("dt", "", pair[0]));
      list.appendChild(make("dd", "", pair[1]));
    });
    return list;
  }

  function button(label, action, submission, className) {
    var node = make("button", className || "", label);
    node.type = "button";
    node.dataset.action = action;
    node.dataset.submission = submission;
    return node;
  }

  function renderOutbox(entries) {
    var section = sheet.section;
    section.hidden = !entries.length;
    if (!entries.length) { section.replaceChildren(); return; }
    var head = make("div", "outbox-head");
    head.appendChild(make("h2", "", t("pendingTitle")));
    if (state.online && entries.some(function (e) { return e.status === "pending"; })) {
      head.appendChild(button(t("sendNow"), "send", "", "link"));
    }
    var items = [head];
    var stuck = false;
    entries.forEach(function (entry) {
      var item = make("article", "outbox-item is-" + entry.status);
      item.dataset.submission = entry.submission;
      var title = make("p", "outbox-title");
      title.appendChild(make("strong", "", entry.what || entry.action));
      if (entry.author) title.appendChild(document.createTextNode(" · " + t("by", { author: entry.author })));
      var note = entry.submission === sheet.editing ? t("editing")
        : entry.status === "sending" ? t("sending")
        : entry.status === "pending" ? (stuck ? t("blocked") : t("waiting")) : "";
      if (note) title.appendChild(make("span", "outbox-state", note));
      item.appendChild(title);
      var problem = entry.problem;
      if (entry.status === "conflict" && problem) {
        item.appendChild(make("p", "outbox-problem", t("conflict", { what: entry.what })));
        var versions = make("div", "outbox-versions");
        var theirs = make("div", "outbox-version");
        if (problem.current) {
          theirs.appendChild(make("p", "", t("otherVersion", { who: problem.current.author || "–", time: problem.current.time })));
          theirs.appendChild(pairList(problem.current.values));
        }
        var yours = make("div", "outbox-version is-yours");
        yours.appendChild(make("p", "", t("yours")));
        yours.appendChild(pairList(entry.pairs));
        versions.appendChild(theirs);
        versions.appendChild(yours);
        item.appendChild(versions);
        item.appendChild(make("p", "hint", t("openFormHint")));
      } else if (entry.status === "rejected" && problem) {
        item.appendChild(make("p", "outbox-problem", t("rejected", { reason: problem.message })));
        item.appendChild(pairList(entry.pairs));
      } else {
        item.appendChild(pairList(entry.pairs));
      }
      var actions = make("p", "outbox-actions");
      var formFixes = problem && (problem.kind === "conflict" || problem.kind === "invalid");
      if ((entry.status === "conflict" || entry.status === "rejected") && formFixes && state.online) {
        actions.appendChild(button(t("openForm"), "open", entry.submission, "primary"));
      }
      // The sheet has forms for its next round and the rounds ahead; a correction of an
      // earlier round is made on that round's page.
      var editable = entry.round === sheet.serverRound || !!sheet.ahead[entry.round];
      if (entry.status === "pending" && entry.submission !== sheet.editing && editable) {
        actions.appendChild(button(t("edit"), "edit", entry.submission));
      }
      if (entry.status !== "sending") actions.appendChild(button(t("discard"), "discard", entry.submission, "danger"));
      if (actions.children.length) item.appendChild(actions);
      if (entry.status === "conflict" || entry.status === "rejected") stuck = true;
      items.push(item);
    });
    section.replaceChildren.apply(section, items);
  }

  function onOutboxClick(event) {
    var target = event.target.closest("button[data-action]");
    if (!target) return;
    var action = target.dataset.action;
    if (action === "send") { sync(); return; }
    Outbox.get(target.dataset.submission).then(function (entry) {
      if (!entry) return refresh();
      if (action === "discard") {
        if (!window.confirm(t("discardConfirm"))) return null;
        if (sheet.editing === entry.submission) sheet.editing = null;
        return Outbox.remove(entry.submission).then(function () {
          sheet.dirty = false;
          return refresh().then(function () { sync(); });
        });
      }
      if (action === "edit") {
        sheet.editing = entry.submission;
        showRound(entry.round, entry);
        var form = document.getElementById("entry");
        if (form) form.scrollIntoView();
        return refresh();
      }
      if (action === "open") openInForm(entry);
      return null;
    });
  }

  // The server's own form for a conflict or a refused entry, with what was typed: post it as
  // the form would (its old base: the server answers with both versions, base advanced).
  function openInForm(entry) {
    var form = make("form");
    form.method = "post";
    form.action = entry.action;
    form.hidden = true;
    entry.fields.concat([["csrfmiddlewaretoken", csrfToken()]]).forEach(function (pair) {
      var input = make("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    handOff(entry);
    post(form);
  }

  function handOff(entry) {
    try { sessionStorage.setItem(HANDOFF_KEY, entry.submission); } catch (e) { /* stays kept */ }
  }

  // After a post of a kept entry as a form ("open in the form", or a save posted online): once
  // the server's own form shows it (a conflict or errors, with the typed values), the outbox
  // lets it go. Any other page: it stays, and a repeat is harmless (one submission, one save).
  function settleHandoff() {
    var submission = null;
    try {
      submission = sessionStorage.getItem(HANDOFF_KEY);
      sessionStorage.removeItem(HANDOFF_KEY);
    } catch (e) { return Promise.resolve(); }
    if (!submission || !document.querySelector(".conflict, .form-errors")) return Promise.resolve();
    return Outbox.remove(submission)["catch"](function () { return null; });
  }

  // --- start ---------------------------------------------------------------------------------
  function start() {
    body = document.body;
    net = document.getElementById("net");
    var data = document.getElementById("offline-texts");
    try { texts = data ? JSON.parse(data.textContent) : {}; } catch (e) { texts = {}; }
    state.copy = body.dataset.copy === "cache" ? "cache" : "network";
    var rendered = new Date(body.dataset.rendered || "");
    if (!isNaN(rendered.getTime())) state.stateAt = rendered;
    if (state.copy === "cache") {
      state.online = false;
      // Messages of the moment the copy was made ("Round 2 saved.") are not news now.
      document.querySelectorAll("main > ul.messages, .moved-on").forEach(function (list) { list.remove(); });
      // A kept copy may be shown more than once: every form it shows gets a fresh token (a
      // token the server has stored would make it drop the new entry as a repeat).
      document.querySelectorAll("input[name=submission]").forEach(function (input) { input.value = newToken(); });
    } else {
      state.stateAt = new Date();
    }
    if (!net) return;
    renderNet();
    showKeptFlashes();
    watchPolls();
    window.addEventListener("online", function () { setOnline(true); });
    window.addEventListener("offline", function () { setOnline(false); });
    setUpWorker();
    if (!Outbox) return;
    window.addEventListener("submit", onSubmit, true);
    settleHandoff().then(function () {
      var section = document.getElementById("outbox");
      if (section) setUpSheet(section); else refresh();
      sync();
    });
    setInterval(function () { if (state.unsent) sync(); }, RETRY_MS);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
