// Tonight's table of a Stammtisch, started even while the phone is offline (docs/groups.md, "An
// evening started offline"; the server side: scoring/groups/prototype.py).
//
// While the server answers, the evening's page keeps what a table of the group looks like for
// this many players (one page per first dealer or opener, with stand-ins for names, title and
// links) in the outbox's ahead store. Starting the table:
// - online: posted as JSON, and the phone opens the new table; a mistake is posted as the form,
//   so that the server's page names the field;
// - offline (or no answer): the phone chooses the table's two link keys, makes its page from the
//   kept one, keeps it where the service worker finds kept pages, keeps the start in the outbox
//   (first in the new table's queue, sync.js) and opens the table. The games entered there wait
//   behind the start; once the server answers, the table is created with those links.
(function (ns) {
  "use strict";
  var SAVE_TIMEOUT = 15000; // ms, as the service worker waits for a save
  var state = ns.state;
  // The pages being kept, one request after the other, once the service worker has kept this
  // page: on SQLite the prototype's request (which writes, and rolls back), the worker's fetch
  // of this page and the start itself would wait for each other.
  var pageKept = new Promise(function (resolve) {
    if (state.ready.page) { resolve(); return; }
    document.addEventListener("ready:page", function () { resolve(); }, { once: true });
    setTimeout(resolve, SAVE_TIMEOUT);
  });
  var keeping = pageKept;
  var starting = false; // no page is fetched once the table is being started

  function recordKey(form, players) {
    return "start:" + form.action + ":" + document.documentElement.lang + ":" + players;
  }

  function offlineUrl(form, players) {
    return form.dataset.offline.replace(/\/0\/$/, "/" + players + "/");
  }

  // Who sits where: [{seat, name, both}] of the seats taken, clockwise (both: a person of the
  // roster and a guest typed at the same seat, which the server refuses).
  function seating(form) {
    var taken = [];
    for (var seat = 0; ; seat++) {
      var chosen = form.elements["seat_" + seat];
      var guest = form.elements["guest_" + seat];
      if (!chosen && !guest) break;
      var person = chosen && chosen.value ? chosen.options[chosen.selectedIndex].textContent.trim() : "";
      var typed = guest ? guest.value.split(/\s+/).filter(Boolean).join(" ") : "";
      if (person || typed) taken.push({ seat: seat, name: typed || person, both: !!(person && typed) });
    }
    return taken;
  }

  // The numbers of players the group's tables may have (the server's, ascending).
  function counts(form) {
    return form.dataset.playerCounts.split(" ").map(Number).filter(function (n) { return n > 0; });
  }

  // The table the seating so far makes: the smallest the group plays with that many or more.
  function playerCount(form) {
    var taken = seating(form).length;
    var possible = counts(form);
    return possible.filter(function (n) { return n >= taken; })[0] || possible[possible.length - 1];
  }

  // Keep the pages for ``players`` while the server answers (a kept copy of this page asks not).
  function keepPrototype(form, players) {
    if (state.copy === "cache" || !navigator.onLine) return Promise.resolve();
    return fetch(offlineUrl(form, players), { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(function (answer) {
      return ns.outbox.putAhead({ table: recordKey(form, players), prototype: answer, fetched: Date.now() });
    }).then(function () {
      document.body.dataset.startReady = String(players); // for tests and the curious
    })["catch"](function () { return null; });
  }

  function randomKey() {
    var bytes = crypto.getRandomValues(new Uint8Array(18)); // as the server's keys (new_key)
    var text = btoa(String.fromCharCode.apply(null, bytes));
    return text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function replaceAll(html, from, to) { return html.split(from).join(to); }

  // The new table's page: the kept one with this table's names, title, links and time.
  function tablePage(prototype, page, names, title, keys) {
    var html = replaceAll(page.html, page.scorer, keys.scorer);
    html = replaceAll(html, page.viewer, keys.viewer);
    prototype.names.forEach(function (standIn, seat) { html = replaceAll(html, standIn, ns.escapeHtml(names[seat])); });
    html = replaceAll(html, prototype.title, ns.escapeHtml(title));
    var now = new Date();
    html = html.replace(/data-rendered="[^"]*"/, 'data-rendered="' + now.toISOString() + '"');
    var lang = document.documentElement.lang || undefined;
    var when = now.toLocaleString(lang, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hour12: false });
    return html.replace(/(<time data-started[^>]*>)[^<]*(<\/time>)/, "$1" + ns.escapeHtml(when) + "$2");
  }

  function showProblems(form, problems) {
    var box = form.querySelector(".form-errors.from-phone");
    if (!box) {
      box = ns.make("div", "form-errors from-phone");
      box.setAttribute("role", "alert");
      form.insertBefore(box, form.querySelector("fieldset"));
    }
    var list = ns.make("ul");
    problems.forEach(function (problem) { list.appendChild(ns.make("li", "", problem)); });
    box.replaceChildren(ns.make("p", "", ""), list);
    box.firstChild.appendChild(ns.make("strong", "", ns.t("startNotYet")));
    box.scrollIntoView({ block: "center" });
  }

  // What the server would refuse, said before the table is made on this phone alone.
  function problemsOf(form, taken) {
    var problems = [];
    var seen = {};
    taken.forEach(function (place) {
      var n = place.seat + 1;
      if (place.both) problems.push(ns.t("startBoth", { n: n }));
      var folded = place.name.toLocaleLowerCase();
      if (seen[folded]) problems.push(ns.t("startTwice", { n: n, name: place.name, other: seen[folded] }));
      else seen[folded] = n;
    });
    var possible = counts(form);
    if (taken.length < possible[0]) problems.push(ns.t("startTooFew", { min: possible[0] }));
    return problems;
  }

  function fieldsOf(form, keys) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value !== "string" || name === "csrfmiddlewaretoken") return;
      if (name === "scorer_key" || name === "viewer_key") return;
      fields.push([name, value]);
    });
    return fields.concat([["scorer_key", keys.scorer], ["viewer_key", keys.viewer]]);
  }

  function startOffline(form) {
    var taken = seating(form);
    var problems = problemsOf(form, taken);
    if (problems.length) { showProblems(form, problems); return Promise.resolve(); }
    if (!navigator.serviceWorker || !window.caches) {
      showProblems(form, [ns.t("startNoCopy", { count: taken.length })]);
      return Promise.resolve();
    }
    // The worker shows the new table's page: an active one serves the next page even if it
    // does not control this one yet (it claims the pages open when it starts).
    var worker = navigator.serviceWorker.getRegistration().then(function (registration) {
      return registration && registration.active;
    });
    return Promise.all([worker, ns.outbox.getAhead(recordKey(form, taken.length))]).then(function (found) {
      var prototype = found[0] && found[1] && found[1].prototype;
      var option = prototype && prototype.option ? form.querySelector('input[name="' + prototype.option + '"]:checked') : null;
      var page = prototype && prototype.pages[option ? option.value : "0"];
      if (!page) { showProblems(form, [ns.t("startNoCopy", { count: taken.length })]); return null; }
      var keys = { scorer: randomKey(), viewer: randomKey() };
      var names = taken.map(function (place) { return place.name; });
      var title = (form.elements.title && form.elements.title.value.trim()) || form.dataset.groupName;
      var path = ns.tablePrefix + keys.scorer + "/";
      var html = tablePage(prototype, page, names, title, keys);
      var entry = ns.outbox.fromFields(form.action, fieldsOf(form, keys));
      entry.table = keys.scorer;
      entry.what = ns.t("startWhat");
      entry.pairs = taken.map(function (place) { return [ns.t("seat", { n: place.seat + 1 }), place.name]; });
      entry.start = true;
      var headers = { "Content-Type": "text/html; charset=utf-8", "Stichblock-Pending": "1" };
      return caches.open(document.body.dataset.pageCache).then(function (cache) {
        return cache.put(new URL(path, location.href).href, new Response(html, { headers: headers }));
      }).then(function () { return ns.outbox.put(entry); }).then(function () {
        // Back on this page (the browser's back button), the next start is another table.
        form.elements.submission.value = ns.newToken();
        ns.net.flashLater([ns.t("startKept"), "info"]);
        location.href = path;
      });
    });
  }

  // Online: the server starts it now; a mistake is shown by the server's own page.
  // A table of that day with the same people is asked about first: the server's page names it
  // (status 409, posted as the form below) and its button says "a second table anyway".
  function startOnline(form, submitter) {
    var token = ns.csrfToken();
    var body = new URLSearchParams();
    new FormData(form).forEach(function (value, name) { if (typeof value === "string") body.append(name, value); });
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, SAVE_TIMEOUT);
    return fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      signal: controller ? controller.signal : undefined,
      headers: { Accept: "application/json", "X-CSRFToken": token }
    }).then(function (response) {
      clearTimeout(timer);
      if (response.status === 201) return response.json().then(function (answer) { location.href = answer.url; });
      if (response.status === 429 || response.status >= 500) throw new Error(String(response.status));
      form.dataset.posting = "1";
      form.submit(); // the server's page says what to change, with what was chosen
      return null;
    }, function (error) { clearTimeout(timer); throw error; });
  }

  function onSubmit(event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-evening-start]") || form.dataset.posting === "1") return;
    if (!window.indexedDB || !window.fetch) return; // posted as without this file
    event.preventDefault();
    event.stopImmediatePropagation();
    if (form.dataset.sent === "1") return;
    form.dataset.sent = "1";
    var button = form.querySelector("button[type=submit]");
    if (button) button.setAttribute("aria-busy", "true");
    var done = function () { form.dataset.sent = ""; if (button) button.removeAttribute("aria-busy"); };
    starting = true;
    var started = keeping.then(function () {
      var offline = !navigator.onLine || state.copy === "cache" || !state.online;
      return offline ? startOffline(form) : startOnline(form, event.submitter)["catch"](function () {
        ns.net.setOnline(false);
        return startOffline(form);
      });
    });
    started.then(done, done);
  }

  function dayText(iso) {
    var day = new Date((iso || "") + "T12:00:00");
    if (isNaN(day.getTime())) return iso || "";
    // As the server writes an evening's day ("D, d.m.Y": "Fr, 21.02.2025").
    var weekday = day.toLocaleDateString(document.documentElement.lang || undefined, { weekday: "short" });
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return weekday.replace(/\.$/, "") + ", " + two(day.getDate()) + "." + two(day.getMonth() + 1) + "." + day.getFullYear();
  }

  // The group's page: tables started on this phone that the server does not know yet.
  function listWaiting(list) {
    var path = new URL(list.dataset.eveningUrl, location.href).pathname;
    return ns.outbox.all().then(function (entries) {
      var waiting = entries.filter(function (entry) {
        return entry.start && new URL(entry.action, location.href).pathname === path;
      });
      list.replaceChildren.apply(list, waiting.map(function (entry) {
        var item = ns.make("li");
        var values = {};
        entry.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
        var link = ns.make("a");
        link.href = ns.tablePrefix + entry.table + "/";
        link.appendChild(ns.make("strong", "", dayText(values.played_on)));
        item.appendChild(link);
        item.appendChild(document.createTextNode(" "));
        item.appendChild(ns.make("small", "outbox-state", ns.t("startWaiting")));
        item.appendChild(ns.make("br"));
        item.appendChild(ns.make("span", "who", entry.pairs.map(function (pair) { return pair[1]; }).join(", ")));
        return item;
      }));
      list.hidden = !waiting.length;
    })["catch"](function () { return null; });
  }

  function start() {
    var waiting = document.getElementById("evenings-waiting");
    if (waiting && window.indexedDB) listWaiting(waiting);
    var form = document.querySelector("form[data-evening-start]");
    if (!form || !window.indexedDB) return;
    window.addEventListener("submit", onSubmit, true);
    if (state.copy === "cache") {
      // A kept copy of an earlier day: tonight is today.
      var day = form.elements.played_on;
      var now = new Date();
      if (day) day.value = new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
      return;
    }
    var kept = {};
    var keep = function () {
      var players = playerCount(form);
      if (kept[players] || starting) return;
      kept[players] = true;
      keeping = keeping.then(function () { return starting ? null : keepPrototype(form, players); });
    };
    keep();
    form.addEventListener("change", keep);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(window.Stichblock);
