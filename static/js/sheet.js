// The scorer's sheet (the table page with #outbox): which round's form it shows — the server's
// own, a blank one of the rounds ahead while entries wait on this phone (ahead.js), or a kept
// entry to edit — and the server's forms that replace it: the answer to a save (save.js), and,
// for a form nobody has typed into, the next round's form when another phone saved its round
// (scoring.views.next_form_answer, recognised by its Stichblock-Entry: moved-on header).
(function (ns) {
  "use strict";
  var make = ns.make;
  var body = document.body;

  function setUp(section) {
    var form = document.getElementById("entry");
    var sheet = ns.sheet = {
      section: section,
      table: section.dataset.table,
      aheadUrl: section.dataset.ahead,
      serverRound: ns.roundOf(form),
      serverBase: form && form.elements.base ? form.elements.base.value : "0",
      original: form ? form.cloneNode(true) : null, // the server's form, for showing it again
      shownRound: ns.roundOf(form),
      editing: null, // the submission of a kept entry open in the form
      dirty: false // typed into (the name aside)
    };
    if (form) watchTyping(form);
    watchMovingOn();
    section.addEventListener("click", ns.list.onClick);
    return ns.ahead.start(sheet).then(ns.list.refresh);
  }

  function watchTyping(form) {
    var mark = function (event) { if (!ns.name.isName(event.target)) ns.sheet.dirty = true; };
    form.addEventListener("input", mark);
    form.addEventListener("change", mark);
  }

  // The form for round ``number``: the server's own, or a blank one from the rounds ahead;
  // ``entry``: a kept entry to edit (its token, base and values).
  function showRound(number, entry) {
    var sheet = ns.sheet;
    var current = document.getElementById("entry");
    var slot = document.getElementById("ahead-slot");
    if (!slot) {
      slot = make("div");
      slot.id = "ahead-slot";
      var info = document.getElementById("round-info");
      if (info) info.after(slot); else if (current) current.before(slot);
    }
    // A conflict's words above a form to decide on go with that form (its entry was saved, kept
    // for later or discarded): they must not stand above a blank form.
    document.querySelectorAll("#entry-area > .conflict").forEach(function (node) { node.remove(); });
    var source = number === sheet.serverRound ? { form: sheet.original, info: null } : ns.ahead.round(number);
    sheet.shownRound = number;
    sheet.dirty = false;
    body.classList.toggle("offline-ahead", number !== sheet.serverRound);
    if (!source || !source.form) {
      if (current) current.hidden = true;
      slot.replaceChildren(make("p", "msg msg-warning", ns.t("noForm", { what: ((body.dataset.noun || "") + " " + number).trim() })));
      return;
    }
    var form = document.importNode(source.form, true);
    slot.replaceChildren.apply(slot, source.info ? [document.importNode(source.info, true)] : []);
    prepareForm(form, number, entry, current);
    markBock(form, number);
    if (current) current.replaceWith(form); else slot.after(form);
    watchTyping(form);
    pollFor(number, form.elements.base ? form.elements.base.value : "0");
    if (window.htmx) window.htmx.process(form);
    ns.emit("stichblock:entry-form", { form: form });
  }

  // A round ahead the latest fragment of the sheet knows to be a Bock game: its mark says so
  // (templates/scoring/schafkopf/_entry.html, like the server's form: "×4" when more than 2).
  function markBock(form, number) {
    var mark = form.querySelector("[data-bock-mark]");
    if (!mark) return;
    var factor = ns.ahead.factor(number);
    mark.hidden = !factor;
    mark.querySelector("[data-bock-times]").textContent = factor > 2 ? " ×" + factor : "";
    mark.querySelector("[data-bock-factor]").textContent = factor;
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
    form.querySelector("input[name=csrfmiddlewaretoken]").value = ns.csrfToken();
    if (!entry) {
      form.elements.submission.value = ns.newToken();
      form.elements.base.value = number === ns.sheet.serverRound ? ns.sheet.serverBase : "0";
      var author = current && current.elements.author ? current.elements.author.value : "";
      if (form.elements.author && author) form.elements.author.value = author;
      ns.name.give(form);
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
    ns.ahead.know(entries); // the forms and Bock games ahead follow what was typed into them
    var next = ns.sheet.serverRound;
    if (next === null) return null;
    entries.forEach(function (entry) {
      if (ns.unsent(entry) && entry.submission !== ns.sheet.editing) next = Math.max(next, entry.round + 1);
    });
    return next;
  }

  // The server's form is in the page now (``kind``: the Stichblock-Entry header of the answer
  // that brought it): the sheet goes on from it. A conflict or a mistake shows what was typed.
  function adopt(kind) {
    var sheet = ns.sheet;
    var slot = document.getElementById("ahead-slot");
    if (slot) slot.replaceChildren();
    body.classList.remove("offline-ahead");
    var form = document.getElementById("entry");
    if (kind === "conflict" || kind === "invalid") {
      // A form to decide on (an entry of the outbox, sheet.editing): the sheet's own next form
      // stays what it was, and whatever the outbox shows next replaces this one only once the
      // entry is saved or discarded.
      sheet.shownRound = null;
      sheet.dirty = true;
      if (form) {
        watchTyping(form);
        ns.emit("stichblock:entry-form", { form: form });
      }
      ns.ahead.changed();
      return;
    }
    if (form) ns.name.give(form);
    sheet.serverRound = ns.roundOf(form);
    sheet.serverBase = form && form.elements.base ? form.elements.base.value : "0";
    sheet.original = form ? form.cloneNode(true) : null;
    sheet.shownRound = sheet.serverRound;
    sheet.dirty = false;
    if (form) {
      watchTyping(form);
      ns.emit("stichblock:entry-form", { form: form });
    }
    ns.ahead.changed();
  }

  // Nobody has typed into or tapped the sheet's form (its name aside), and it is the server's own
  // (not a round ahead, nothing waiting to be sent): if another phone saves its round, the live
  // fetch may bring the next form instead of a warning (scoring.views.next_form_answer).
  function untouched() {
    var sheet = ns.sheet;
    var state = ns.state;
    if (!sheet || !sheet.original || sheet.dirty || sheet.editing) return false;
    if (state.unsent || state.stuck || state.copy === "cache") return false;
    var form = document.getElementById("entry");
    if (!form || sheet.shownRound !== sheet.serverRound) return false;
    var active = document.activeElement;
    return !form.contains(active) || ns.name.isName(active);
  }

  // The next form that another phone's save brought with its event (live.js, ``event: moved``,
  // scoring.events.MovedOnEvents) for a page whose untouched form is of the round just saved:
  // its HTML with this phone's CSRF token, a new submission and its name put in; null when it
  // does not apply to this page (it fetches then, as before).
  function movedOnHtml(moved) {
    var form = document.getElementById("entry");
    if (!moved || !moved.parts || !form || !untouched() || ns.roundOf(form) !== moved.from) return null;
    var author = form.elements.author ? form.elements.author.value : "";
    var own = { csrf: ns.csrfToken(), submission: ns.newToken(), author: ns.escapeHtml(author) };
    var html = moved.html;
    Object.keys(own).forEach(function (part) {
      if (moved.parts[part]) html = html.split(moved.parts[part]).join(own[part]);
    });
    return html;
  }

  function movedOn(detail) {
    return ns.net.isLive(detail) && detail.xhr.getResponseHeader("Stichblock-Entry") === "moved-on";
  }

  function watchMovingOn() {
    document.addEventListener("htmx:configRequest", function (event) {
      var path = event.detail && event.detail.path;
      if (path && path.indexOf("/live/") >= 0 && event.detail.verb === "get" && untouched()) {
        event.detail.parameters.untouched = "1";
      }
    });
    // Typed into while the fetch was on its way: keep what was typed (nothing swapped, nothing
    // kept in the page's copy), and ask again as a touched form, which gets the warning instead.
    document.addEventListener("htmx:beforeSwap", function (event) {
      if (!movedOn(event.detail) || untouched()) return;
      event.detail.shouldSwap = false;
      var box = document.querySelector("[data-live-version]");
      if (box && window.htmx) window.htmx.trigger(box, "live:refresh");
    });
    // htmx swapped it: the live part, the round's facts and #entry-area (out of band).
    document.addEventListener("htmx:afterSwap", function (event) {
      if (event.target.id === "live" && movedOn(event.detail)) adopt("moved-on");
    });
  }

  // A newer fragment of the sheet may name more Bock games: the round ahead shown says so.
  function remark() {
    var sheet = ns.sheet;
    var form = document.getElementById("entry");
    if (sheet && form && sheet.shownRound !== sheet.serverRound) markBock(form, sheet.shownRound);
  }
  document.addEventListener("live:shown", remark);
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target.id === "live") remark();
  });

  ns.forms = {
    setUp: setUp,
    showRound: showRound,
    nextRound: nextRound,
    adopt: adopt,
    movedOnHtml: movedOnHtml
  };
})(window.Stichblock);
