// Saving an entry form (the sheet's, or a correction on a round's page). The entry is noted in
// the outbox first, with its one-time submission token, so that nothing typed is lost:
// - offline, or while entries of the table still wait: kept ("pending"), no request; the sheet
//   lists it and goes on with the next round (sheet.js), sync.js sends it later;
// - online, on the sheet: sent from here (HX-Request) and the server's answer swapped in with
//   htmx.swap (scoring/_entry_answer.html: the next round's form or the conflict or the errors,
//   the messages, the sheet; what became of the entry in its Stichblock-Entry header): no new
//   page, the event stream stays. Without an answer it is kept as if offline;
// - online, elsewhere: posted as a page; if that post fails the service worker keeps it (sw.js).
(function (ns) {
  "use strict";
  var state = ns.state;
  var HANDOFF_KEY = "stichblock-handoff";
  // The parts of the sheet a save changes (scoring/_entry_answer.html; #round-info comes with
  // its own hx-swap-oob); the messages go below the line at the top.
  var ANSWER_PARTS = ["table-panels", "entry-area", "live", "downloads"];
  var sending = {}; // submissions this page is sending in place: sync.js leaves them be

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
        value = ns.t("yes");
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

  function formFields(form, button) {
    var fields = [];
    new FormData(form, button || null).forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") fields.push([name, value]);
    });
    return fields;
  }

  // The entry as the tapped button sends it: a button may name another save URL and add its
  // value (a conflict's ways on, scoring/_conflict_ways.html: "save as the next round",
  // "replace"; Enter in a field taps the first).
  function outgoing(form, submitter) {
    var button = submitter && submitter.form === form && submitter.type === "submit" ? submitter : null;
    var submission = form.querySelector("input[name=submission]");
    if (submission && !submission.value) submission.value = ns.newToken();
    return {
      form: form,
      action: button && button.hasAttribute("formaction") ? button.formAction : form.action,
      fields: formFields(form, button)
    };
  }

  // --- keeping an entry ----------------------------------------------------------------------
  // ``viaWorker`` false: this page sends it itself, and sync.js may send it again at once.
  function keep(out, status, viaWorker) {
    var entry = ns.outbox.fromFields(out.action, out.fields);
    entry.what = ((document.body.dataset.noun || "") + " " + entry.round).trim();
    entry.pairs = typedPairs(out.form);
    entry.status = status;
    entry.viaWorker = viaWorker !== false && !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    return ns.outbox.get(entry.submission).then(function (earlier) {
      if (earlier) entry.created = earlier.created; // edited: keeps its place in the queue
      return ns.outbox.put(entry);
    }).then(function () { return entry; });
  }

  function onSubmit(event) {
    var form = event.target;
    if (!ns.isEntryForm(form) || form.dataset.sent === "1") return;
    var out = outgoing(form, event.submitter);
    var target = ns.saveTarget(out.action);
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    form.dataset.sent = "1";
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.setAttribute("aria-busy", "true"); });
    var sheet = ns.sheet;
    ns.outbox.all().then(function (entries) {
      var waiting = entries.some(function (entry) { return entry.table === target.table && (ns.unsent(entry) || ns.stuck(entry)); });
      var offline = !navigator.onLine || state.copy === "cache" || !state.online;
      if (!offline && !waiting && sheet && !sheet.editing && window.htmx) {
        return keep(out, "sending", false).then(function (entry) { saveInPlace(out, entry); });
      }
      if (!offline && !waiting) {
        // If the server answers with its own form (a conflict, an error), the entry lives on there.
        return keep(out, "sending").then(function (entry) {
          handOff(entry);
          post(out.action, out.fields);
        });
      }
      return keep(out, "pending").then(function (entry) { kept(form, entry); });
    })["catch"](function () {
      post(out.action, out.fields); // no IndexedDB (private mode): as without these files
    });
  }

  // Post ``fields`` as a form would (hidden inputs): the answer replaces this page, so the live
  // part fetches nothing more (live.js), not even the change this very post announces on the
  // page's stream.
  function post(action, fields) {
    var form = ns.make("form");
    form.method = "post";
    form.action = action;
    form.hidden = true;
    fields.concat([["csrfmiddlewaretoken", ns.csrfToken()]]).forEach(function (pair) {
      var input = ns.make("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    ns.emit("live:leaving");
    form.submit();
  }

  function kept(form, entry) {
    form.dataset.sent = "";
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.removeAttribute("aria-busy"); });
    var sheet = ns.sheet;
    if (!sheet) { location.href = ns.saveTarget(entry.action).tablePath + "#outbox"; return; }
    if (sheet.editing === entry.submission) sheet.editing = null;
    sheet.dirty = false;
    ns.net.dropServerMessages();
    ns.net.flash(ns.t("kept", { what: entry.what }), "info");
    ns.list.refresh().then(function () {
      window.scrollTo(0, 0);
      ns.sync.run();
    });
  }

  // --- saving from the sheet page ------------------------------------------------------------
  // Without the Stichblock-Entry header (a locked table, a round that cannot be entered now: a
  // redirect) the form is posted as always. No answer at all: kept and sent later.
  function saveInPlace(out, entry) {
    var form = out.form;
    var token = ns.csrfToken();
    ns.emit("live:leaving"); // its own change is no news
    sending[entry.submission] = true;
    var settled = function () { delete sending[entry.submission]; };
    fetch(out.action, {
      method: "POST",
      body: new URLSearchParams(out.fields.concat([["csrfmiddlewaretoken", token]])),
      credentials: "same-origin",
      cache: "no-store",
      redirect: "manual",
      headers: { "HX-Request": "true", "X-CSRFToken": token }
    }).then(function (response) {
      settled();
      var kind = response.headers.get("Stichblock-Entry");
      if (!kind) {
        if (response.status === 429 || response.status >= 500) return keptForLater(form, entry, false);
        ns.emit("live:back");
        handOff(entry);
        return post(out.action, out.fields);
      }
      return response.text().then(function (html) {
        // Saved, or shown in the server's form (a conflict, a mistake) with what was typed:
        // either way the phone keeps it no longer.
        return ns.outbox.remove(entry.submission)["catch"](function () { return null; }).then(function () {
          swapAnswer(html, kind, entry.round);
          ns.net.setOnline(true);
          return ns.list.refresh();
        });
      });
    }, function () {
      settled();
      return keptForLater(form, entry, true);
    });
  }

  function keptForLater(form, entry, noNetwork) {
    ns.emit("live:back");
    return ns.outbox.update(entry.submission, function (stored) { stored.status = "pending"; }).then(function () {
      if (noNetwork) ns.net.setOnline(false);
      kept(form, entry);
    });
  }

  function swapAnswer(html, kind, round) {
    ns.net.dropServerMessages();
    var net = document.getElementById("net");
    window.htmx.swap(net, html, { swapStyle: "afterend" }, {
      select: "ul.messages",
      selectOOB: ANSWER_PARTS.map(function (id) { return "#" + id; }).join(",")
    });
    ns.pageCopy.keepParts(html, ANSWER_PARTS.concat(["round-info"]));
    ns.forms.adopt(kind);
    ns.emit("live:back");
    var saved = kind === "saved" || kind === "unchanged";
    var shown = document.getElementById(saved ? "round-" + round : "entry-area");
    if (shown) shown.scrollIntoView({ block: "center" });
  }

  // --- a kept entry posted as a form ---------------------------------------------------------
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
    return ns.outbox.remove(submission)["catch"](function () { return null; });
  }

  ns.save = {
    onSubmit: onSubmit,
    post: post,
    handOff: handOff,
    settleHandoff: settleHandoff,
    sending: sending
  };
})(window.Stichblock);
