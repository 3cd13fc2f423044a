// The public lists on a projector (the standings, "Wer sitzt wo?", a series' ranking: the
// element marked data-projector) show every player without anybody at the keyboard: on a
// wide screen the table is cut into columns across the width, as many rows to a column as fit
// the screen's height, and a list longer than one screen shows page by page, turning by itself.
// The table the server sent stays in the page (hidden) and is cut again whenever a new one comes
// in over the live stream or the window changes size. Without this file, and on a phone, the
// page is the one table, which scrolls.
(function () {
  "use strict";
  var TURN_MS = 10000;
  var wide = window.matchMedia("(min-width: 50rem)");
  var shown = 0; // the page on the screen, kept when the standings come in again
  var pages = 1;
  var timer = null;

  function sent(wrap) {
    return wrap.querySelector(":scope > table");
  }

  // The table's natural width and its tallest row, measured with every cell on one line (the
  // columns keep them on one line, so every row of a column is as tall as this one).
  function measure(table) {
    table.classList.add("measuring");
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var size = {
      width: table.getBoundingClientRect().width,
      head: table.tHead.getBoundingClientRect().height,
      row: Math.max.apply(null, rows.map(function (row) { return row.getBoundingClientRect().height; })),
    };
    table.classList.remove("measuring");
    return size;
  }

  function column(table, rows) {
    var copy = table.cloneNode(false);
    copy.appendChild(table.tHead.cloneNode(true));
    var body = document.createElement("tbody");
    rows.forEach(function (row) { body.appendChild(row.cloneNode(true)); });
    copy.appendChild(body);
    return copy;
  }

  function pager(box) {
    var heading = box.querySelector("h2");
    var label = heading && heading.querySelector(".pager");
    if (heading && !label) {
      label = document.createElement("span");
      label.className = "pager";
      heading.appendChild(label);
    }
    return label;
  }

  function show(box) {
    box.querySelectorAll(".projector-page").forEach(function (page, number) {
      page.hidden = number !== shown;
    });
    var label = pager(box);
    if (label) {
      label.textContent = pages > 1
        ? box.getAttribute("data-page-label").replace("{page}", shown + 1).replace("{pages}", pages)
        : "";
    }
  }

  function turn() {
    var box = document.querySelector("[data-projector]");
    if (!box || pages < 2) return;
    shown = (shown + 1) % pages;
    show(box);
  }

  function keepTurning(on) {
    if (on && timer === null) timer = window.setInterval(turn, TURN_MS);
    if (!on && timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
  }

  function layout() {
    var box = document.querySelector("[data-projector]");
    var wrap = box && box.querySelector(".grid-wrap");
    var table = wrap && sent(wrap);
    if (!table) return;
    var built = wrap.querySelector(".projector-pages");
    if (built) built.remove();
    table.hidden = false;
    pages = 1;
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    pager(box);
    if (!wide.matches || rows.length < 2) {
      show(box);
      keepTurning(false);
      return;
    }
    var size = measure(table);
    var gap = parseFloat(getComputedStyle(document.documentElement).fontSize) * 2;
    var top = wrap.getBoundingClientRect().top + window.scrollY;
    // What follows the table (the legend, the language choice) stays on the screen too.
    var below = document.body.getBoundingClientRect().bottom - table.getBoundingClientRect().bottom;
    var room = window.innerHeight - top - below - gap / 2;
    var perColumn = Math.max(1, Math.floor((room - size.head) / size.row));
    var columns = Math.max(1, Math.floor((wrap.clientWidth + gap) / (size.width + gap)));
    if (rows.length <= perColumn) {
      show(box);
      keepTurning(false);
      return;
    }
    pages = Math.ceil(rows.length / (perColumn * columns));
    if (pages === 1) {
      // All on one screen: columns of equal length rather than a full one and a short one.
      columns = Math.ceil(rows.length / perColumn);
      perColumn = Math.ceil(rows.length / columns);
    }
    var container = document.createElement("div");
    container.className = "projector-pages";
    for (var first = 0; first < rows.length; first += perColumn * columns) {
      var page = document.createElement("div");
      page.className = "projector-page";
      for (var start = first; start < Math.min(rows.length, first + perColumn * columns); start += perColumn) {
        page.appendChild(column(table, rows.slice(start, start + perColumn)));
      }
      container.appendChild(page);
    }
    table.hidden = true;
    wrap.appendChild(container);
    shown = Math.min(shown, pages - 1);
    show(box);
    keepTurning(pages > 1);
  }

  var pending = false;
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      layout();
    });
  }

  layout();
  window.addEventListener("resize", soon);
  // New standings over the live stream: cut the new table at once, before it shows.
  document.addEventListener("htmx:afterSwap", layout);
})();
