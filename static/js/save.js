// Saving an entry form (the sheet's, or a correction on a round's page). The entry is noted in
// the outbox first, with its one-time submission token, so that nothing typed is lost:
// - offline, or while other entries of the table still wait: kept ("pending"), no request; the
//   sheet lists it and goes on with the next round (sheet.js), sync.js sends it later;
// - online, on the sheet: sent from here (HX-Request) and the server's answer swapped in with
//   htmx.swap (scoring/_entry_answer.html: the next round's form or the conflict or the errors,
//   the messages, the sheet; what became of the entry in its Stichblock-Entry header): no new
//   page, the event stream stays. Stored: the outbox lets it go. A conflict or a mistake: it stays
//   ("deciding") while the form shows it, until it is stored or discarded. No answer: kept;
// - online, elsewhere: posted as a page; the service worker keeps it if that post fails (sw.js),
//   and sync.js confirms it once the server answered.
// The outbox's states: outbox.js.
(function (ns) {
  "use strict";
  var state = ns.state;
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
    entry.what = ns.roundName(entry.round);
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
    var submission = fieldOf(out.fields, "submission");
    ns.outbox.all().then(function (entries) {
      // Entries of this table kept before it wait: it goes behind them. A kept entry saved again
      // (being decided, or edited) keeps its place: at the head of the queue it goes now.
      var itself = entries.filter(function (entry) { return entry.submission === submission; })[0];
      var waiting = entries.some(function (entry) {
        return entry.table === target.table && entry.submission !== submission &&
          (ns.unsent(entry) || ns.stuck(entry)) && (!itself || entry.created < itself.created);
      });
      var offline = !navigator.onLine || state.copy === "cache" || !state.online;
      if (!offline && !waiting && sheet && window.htmx) {
        return keep(out, "sending", false).then(function (entry) { saveInPlace(entry, form); });
      }
      if (!offline && !waiting) {
        // A round's page: the server answers with a page; sync.js confirms the entry stored.
        return keep(out, "sending").then(function () { post(out.action, out.fields); });
      }
      return keep(out, "pending").then(function (entry) { kept(form, entry); });
    })["catch"](function () {
      post(out.action, out.fields); // no IndexedDB (private mode): as without these files
    });
  }

  function fieldOf(fields, name) {
    var found = fields.filter(function (pair) { return pair[0] === name; })[0];
    return found ? found[1] : "";
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
    if (form) {
      form.dataset.sent = "";
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.removeAttribute("aria-busy"); });
    }
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
  // What the Stichblock-Entry header of an answer in place means for the entry it answers.
  var DECIDE = { conflict: "conflict", invalid: "invalid" }; // shown in the form: the person decides
  var REFUSED = { locked: "locked", refused: "refused" }; // kept with the server's reason

  // Send ``entry`` from the sheet page and swap the server's answer in. ``form``: the form it
  // was typed into (a save); none when a kept entry is opened in the form (``opening``), whose
  // state stays as it was when no answer comes.
  function saveInPlace(entry, form, opening) {
    var token = ns.csrfToken();
    ns.emit("live:leaving"); // its own change is no news
    sending[entry.submission] = true;
    var settled = function () { delete sending[entry.submission]; };
    return fetch(entry.action, {
      method: "POST",
      body: new URLSearchParams(entry.fields.concat([["csrfmiddlewaretoken", token]])),
      credentials: "same-origin",
      cache: "no-store",
      redirect: "manual",
      headers: { "HX-Request": "true", "X-CSRFToken": token }
    }).then(function (response) {
      settled();
      var kind = response.headers.get("Stichblock-Entry");
      // Not the sheet's answer (a 5xx, a 429, a redirect or a refusal of the link itself): kept,
      // and sync.js asks the server in JSON what became of it.
      if (!kind) return noAnswer(entry, form, opening, false);
      return response.text().then(function (html) { return answered(entry, kind, html); });
    }, function () {
      settled();
      return noAnswer(entry, form, opening, true);
    });
  }

  // The server answered with the sheet's parts: the entry is stored, or the form shows it to
  // decide on, or it is refused with a reason; the outbox notes which.
  function answered(entry, kind, html) {
    var sheet = ns.sheet;
    var note;
    if (sheet.editing === entry.submission) sheet.editing = null;
    if (DECIDE[kind]) {
      sheet.editing = entry.submission;
      var parts = answerParts(html);
      var conflict = parts.querySelector(".conflict");
      note = ns.outbox.update(entry.submission, function (stored) {
        stored.status = "deciding";
        stored.problem = {
          kind: DECIDE[kind],
          message: textOf(parts, ".conflict strong, .form-errors"),
          this_phone: !!(conflict && conflict.hasAttribute("data-this-phone"))
        };
      });
    } else if (REFUSED[kind]) {
      note = ns.outbox.update(entry.submission, function (stored) {
        stored.status = "rejected";
        stored.problem = { kind: REFUSED[kind], message: textOf(answerParts(html), "ul.messages .error, ul.messages li") };
      });
    } else {
      note = ns.outbox.remove(entry.submission); // stored: its token is the server's now
    }
    return note["catch"](function () { return null; }).then(function () {
      swapAnswer(html, kind, entry.round);
      ns.net.setOnline(true);
      return ns.list.refresh();
    }).then(function () {
      if (!DECIDE[kind]) ns.sync.run(); // anything queued behind it goes on
    });
  }

  function answerParts(html) {
    var parts = document.createElement("template");
    parts.innerHTML = html;
    return parts.content;
  }

  function textOf(parts, selector) {
    var node = parts.querySelector(selector);
    return node ? node.textContent.trim() : "";
  }

  // No answer from the server (no network, a 5xx or a 429, or an answer that is not the
  // sheet's): a save is kept for later like one made offline; an entry being opened keeps its
  // state, and the phone says why nothing happened.
  function noAnswer(entry, form, opening, noNetwork) {
    ns.emit("live:back");
    if (noNetwork) ns.net.setOnline(false);
    if (opening) {
      ns.net.flash(ns.t("retrying"), "warning");
      return ns.list.refresh();
    }
    return ns.outbox.update(entry.submission, function (stored) { stored.status = "pending"; }).then(function () {
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
    // The kept copy of the page shows a form to decide on never: a copy shown again gives its
    // forms new tokens, and the entry's identity would be lost with it. The outbox keeps it.
    ns.pageCopy.keepParts(html, DECIDE[kind] ? ["live", "round-info", "downloads"] : ANSWER_PARTS.concat(["round-info"]));
    ns.forms.adopt(kind);
    ns.emit("live:back");
    var saved = kind === "saved" || kind === "unchanged";
    var shown = document.getElementById(saved ? "round-" + round : "entry-area");
    if (shown) shown.scrollIntoView({ block: "center" });
  }

  // A kept entry the server answered with a conflict or a refusal ("Im Formular öffnen"): the
  // server's own form for it, with what was typed and both versions, in place.
  function openInForm(entry) {
    if (sending[entry.submission]) return Promise.resolve();
    return saveInPlace(entry, null, true);
  }

  // "Meine Eingabe verwerfen" in a conflict's form: the person decided to drop the entry.
  function onDiscardLink(event) {
    var link = event.target.closest && event.target.closest("a[data-discard-entry]");
    if (!link) return;
    var form = link.closest("form");
    var submission = form && form.elements.submission ? form.elements.submission.value : "";
    if (!submission) return;
    event.preventDefault();
    if (!window.confirm(ns.t("discardConfirm"))) return;
    if (ns.sheet && ns.sheet.editing === submission) ns.sheet.editing = null;
    ns.outbox.remove(submission)["catch"](function () { return null; }).then(function () {
      location.href = link.href;
    });
  }

  ns.save = {
    onSubmit: onSubmit,
    onDiscardLink: onDiscardLink,
    openInForm: openInForm,
    post: post,
    sending: sending
  };
})(window.Stichblock);
