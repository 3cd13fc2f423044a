// The name in "Eingetragen von" (an entry form's author field) is the phone's, not part of a
// game: typing it does not make a form touched (sheet.js: an untouched form moves on by itself
// when another phone saves its round), and the name typed last is kept on this phone
// (localStorage) and put into every new form: the next round's after a save, a form that moved
// on, the rounds ahead offline, the page after a reload (also the kept copy offline). The server
// puts in the name this phone saved with last; a name typed since is newer. A form that shows an
// entry's own values (a conflict, errors, a kept entry opened to edit) keeps its name.
(function (ns) {
  "use strict";
  var KEY = "stichblock-author";
  var typed = null; // typed on this page: serves when localStorage does not

  function isName(input) {
    return !!input && input.name === "author" && ns.isEntryForm(input.form);
  }

  function last() {
    if (typed !== null) return typed;
    try { return localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
  }

  function give(form) {
    var input = form && form.elements && form.elements.author;
    var name = last();
    if (input && name && input.value !== name) input.value = name;
  }

  // Forms on a page that shows no entry's own values (no conflict, no errors).
  function giveAll() {
    if (document.querySelector(".conflict, .form-errors")) return;
    Array.prototype.forEach.call(document.forms, function (form) {
      if (ns.isEntryForm(form)) give(form);
    });
  }

  document.addEventListener("input", function (event) {
    if (!isName(event.target)) return;
    typed = event.target.value;
    try { localStorage.setItem(KEY, typed); } catch (e) { /* kept for this page only */ }
  });

  ns.name = { isName: isName, give: give, giveAll: giveAll };
})(window.Stichblock);
