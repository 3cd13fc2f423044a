// What the outbox holds, drawn: the counts in the line at the top (net.js) on every page, and
// on the scorer's sheet the list above it ("Noch nicht gesendet": round, author, typed values; a
// conflict with both versions, a refusal with the server's reason) with its buttons (send now,
// edit, open in the form, discard), and the form of the round this phone enters next (sheet.js).
(function (ns) {
  "use strict";
  var state = ns.state;
  var make = ns.make;
  var t = ns.t;

  // Draws everything the outbox decides; resolves with all its entries.
  function refresh() {
    return ns.outbox.all().then(function (entries) {
      state.unsent = entries.filter(ns.unsent).length;
      state.stuck = entries.filter(ns.stuck).length;
      ns.net.render();
      var sheet = ns.sheet;
      if (!sheet) return entries;
      var mine = entries.filter(function (entry) { return entry.table === sheet.table; });
      draw(mine);
      var next = ns.forms.nextRound(mine);
      if (next !== null && next !== sheet.shownRound && !sheet.dirty && !sheet.editing) ns.forms.showRound(next);
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

  // "Spiel 3": what the phone noted, else the round its save URL names (a post the service
  // worker kept has no labels).
  function whatOf(entry) {
    return entry.what || ns.roundName(entry.round);
  }

  // The values as posted, for an entry kept without its labels: what was typed, not the
  // form's own bookkeeping.
  var BOOKKEEPING = ["submission", "base", "author", "next_base", "replace_base"];
  function fieldPairs(fields) {
    return (fields || []).filter(function (pair) {
      return BOOKKEEPING.indexOf(pair[0]) < 0 && pair[1] !== "";
    });
  }

  function button(label, action, submission, className) {
    var node = make("button", className || "", label);
    node.type = "button";
    node.dataset.action = action;
    node.dataset.submission = submission;
    return node;
  }

  function conflictVersions(entry, typed) {
    var problem = entry.problem;
    var versions = make("div", "outbox-versions");
    var theirs = make("div", "outbox-version");
    if (problem.current) {
      theirs.appendChild(make("p", "", t("otherVersion", { who: problem.current.author || "–", time: problem.current.time })));
      theirs.appendChild(pairList(problem.current.values));
    }
    var yours = make("div", "outbox-version is-yours");
    yours.appendChild(make("p", "", t("yours")));
    yours.appendChild(pairList(typed));
    versions.appendChild(theirs);
    versions.appendChild(yours);
    return versions;
  }

  function draw(entries) {
    var sheet = ns.sheet;
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
      var here = entry.submission === sheet.editing; // open in the form below
      var what = whatOf(entry);
      var item = make("article", "outbox-item is-" + entry.status);
      item.dataset.submission = entry.submission;
      var title = make("p", "outbox-title");
      title.appendChild(make("strong", "", what));
      if (entry.author) title.appendChild(document.createTextNode(" · " + t("by", { author: entry.author })));
      var note = here ? (entry.status === "deciding" ? t("deciding") : t("editing"))
        : entry.status === "sending" ? t("sending")
        : entry.status === "pending" ? (stuck ? t("blocked") : t("waiting")) : "";
      if (note) title.appendChild(make("span", "outbox-state", note));
      item.appendChild(title);
      var problem = entry.problem;
      var typed = entry.pairs && entry.pairs.length ? entry.pairs : fieldPairs(entry.fields);
      if (ns.stuck(entry) && problem && problem.kind === "conflict") {
        var words = problem.this_phone ? "conflictMine" : "conflict";
        item.appendChild(make("p", "outbox-problem", t(words, { what: what })));
        if (!here) {
          item.appendChild(conflictVersions(entry, typed));
          item.appendChild(make("p", "hint", t("openFormHint")));
        }
      } else if (ns.stuck(entry) && problem) {
        item.appendChild(make("p", "outbox-problem", t("rejected", { reason: problem.message })));
        item.appendChild(pairList(typed));
      } else {
        item.appendChild(pairList(typed));
      }
      var actions = make("p", "outbox-actions");
      var formFixes = problem && (problem.kind === "conflict" || problem.kind === "invalid");
      if (ns.stuck(entry) && formFixes && state.online && !here) {
        actions.appendChild(button(t("openForm"), "open", entry.submission, "primary"));
      }
      // The sheet has forms for its next round and the rounds ahead; a correction of an
      // earlier round is made on that round's page.
      var editable = entry.round === sheet.serverRound || !!ns.ahead.round(entry.round);
      if (entry.status === "pending" && entry.submission !== sheet.editing && editable) {
        actions.appendChild(button(t("edit"), "edit", entry.submission));
      }
      if (entry.status !== "sending") actions.appendChild(button(t("discard"), "discard", entry.submission, "danger"));
      if (actions.children.length) item.appendChild(actions);
      if (ns.stuck(entry)) stuck = true;
      items.push(item);
    });
    section.replaceChildren.apply(section, items);
  }

  function onClick(event) {
    var target = event.target.closest("button[data-action]");
    if (!target) return;
    var action = target.dataset.action;
    var sheet = ns.sheet;
    if (action === "send") { ns.sync.run(); return; }
    ns.outbox.get(target.dataset.submission).then(function (entry) {
      if (!entry) return refresh();
      if (action === "discard" && entry.start) return discardTable(entry);
      if (action === "discard") {
        if (!window.confirm(t("discardConfirm"))) return null;
        var decided = sheet.editing === entry.submission && entry.status === "deciding";
        if (sheet.editing === entry.submission) sheet.editing = null;
        return ns.outbox.remove(entry.submission).then(function () {
          // The form showed it with the server's conflict: the server's page has the sheet's
          // own next form again.
          if (decided) { location.reload(); return null; }
          sheet.dirty = false;
          return refresh().then(function () { ns.sync.run(); });
        });
      }
      if (action === "edit") {
        sheet.editing = entry.submission;
        ns.forms.showRound(entry.round, entry);
        var form = document.getElementById("entry");
        if (form) form.scrollIntoView();
        return refresh();
      }
      // The server's own form for it, with what was typed and both versions, in place.
      if (action === "open") return ns.save.openInForm(entry);
      return null;
    });
  }

  // A table started on this phone while offline (evening.js) that the server has not had: its
  // start goes, the games kept behind it, its page; the phone goes back to the group's page.
  function discardTable(start) {
    if (!window.confirm(t("discardStartConfirm"))) return null;
    return ns.outbox.all().then(function (entries) {
      return Promise.all(entries.filter(function (entry) { return entry.table === start.table; })
        .map(function (entry) { return ns.outbox.remove(entry.submission); }));
    }).then(function () {
      var name = document.body.dataset.pageCache;
      var page = new URL(ns.tablePrefix + start.table + "/", location.href).href;
      return name && window.caches ? caches.open(name).then(function (cache) { return cache["delete"](page); }) : null;
    }).then(function () {
      location.href = new URL("..", new URL(start.action, location.href)).href;
    });
  }


  ns.list = { refresh: refresh, onClick: onClick };
})(window.Stichblock);
