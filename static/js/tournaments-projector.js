// The public lists on a projector (the standings, "Wer sitzt wo?", a series' ranking: the
// element marked data-projector) show every player without anybody at the keyboard: on a
// wide screen the table is cut into columns across the width in the largest type that fits
// the screen, and a list longer than one screen at the smallest type shows page by page,
// turning by itself.
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
    copy.hidden = false; // the sent table is hidden while its columns show
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

  // The type fills the screen: the largest size at which every row fits in columns across
  // the width, never below the screen's height / MIN_LINES (28 px at 1080 lines, 19 px at 720)
  // nor above height / MAX_LINES. A list that does not fit at the smallest size is shown page
  // by page at that size. Cells are sized in em (tournaments.css), so a table measured at one
  // size scales with the type.
  var MIN_LINES = 38.5;
  var MAX_LINES = 16;

  function fit(table, count, room, width, gap) {
    var size = measure(table);
    var base = parseFloat(getComputedStyle(table).fontSize);
    var best = { font: 0, columns: 1, perColumn: count };
    for (var columns = 1; columns <= count; columns++) {
      var perColumn = Math.ceil(count / columns);
      var across = (width - (columns - 1) * gap) / (columns * size.width);
      var down = room / (size.head + perColumn * size.row);
      var font = base * Math.min(across, down);
      if (font > best.font) best = { font: font, columns: columns, perColumn: perColumn };
      if (perColumn === 1) break;
    }
    best.size = size;
    best.base = base;
    return best;
  }

  function build(table, rows, perColumn, columns) {
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
    return container;
  }

  // Whether the page shown ends above the screen's bottom and no name is cut.
  function fits(container, bottom) {
    var page = container.querySelector(".projector-page:not([hidden])") || container;
    if (page.getBoundingClientRect().bottom > bottom + 0.5) return false;
    return !Array.prototype.some.call(page.querySelectorAll("td, th"), cut);
  }

  // Whether a name is shortened with "…": its text, set on one line in the cell's type, is
  // wider than the cell's inside (only the names may shorten; other cells widen the table).
  function cut(cell) {
    if (!cell.getClientRects().length) return false; // a column left out
    var style = getComputedStyle(cell);
    if (style.textOverflow !== "ellipsis") return false;
    var line = document.createElement("span");
    line.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
    line.style.fontFamily = style.fontFamily;
    line.style.fontSize = style.fontSize;
    line.style.fontWeight = style.fontWeight;
    line.textContent = cell.innerText;
    document.body.appendChild(line);
    var width = line.getBoundingClientRect().width;
    line.remove();
    var inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return width > inner - 1; // a hair of room: the browser shortens what just fits
  }

  function layout() {
    var box = document.querySelector("[data-projector]");
    var wrap = box && box.querySelector(".grid-wrap");
    var table = wrap && sent(wrap);
    if (!table) return;
    var built = wrap.querySelector(".projector-pages");
    if (built) built.remove();
    table.hidden = false;
    box.style.removeProperty("--projector-font");
    box.classList.remove("projector-totals");
    pages = 1;
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    pager(box);
    if (!wide.matches || rows.length < 1) {
      show(box);
      keepTurning(false);
      return;
    }
    var gap = parseFloat(getComputedStyle(document.documentElement).fontSize) * 2;
    var top = wrap.getBoundingClientRect().top + window.scrollY;
    // What follows the table (the legend, the language choice) stays on the screen too.
    var below = document.body.getBoundingClientRect().bottom - table.getBoundingClientRect().bottom;
    var bottom = window.innerHeight - below - gap / 2;
    var room = bottom - top;
    var width = wrap.clientWidth;
    var smallest = window.innerHeight / MIN_LINES;
    var best = fit(table, rows.length, room, width, gap);
    if (best.font < smallest && table.querySelector(".round-col")) {
      // The points of each round are the first to go: the totals in readable type matter more.
      box.classList.add("projector-totals");
      best = fit(table, rows.length, room, width, gap);
    }
    var font = Math.min(best.font, window.innerHeight / MAX_LINES);
    var perColumn = best.perColumn;
    var columns = best.columns;
    if (font < smallest) {
      font = smallest;
      var scale = font / best.base;
      perColumn = Math.max(1, Math.floor((room - best.size.head * scale) / (best.size.row * scale)));
      columns = Math.max(1, Math.floor((width + gap) / (best.size.width * scale + gap)));
      pages = Math.ceil(rows.length / (perColumn * columns));
      if (pages === 1) {
        columns = Math.ceil(rows.length / perColumn);
        perColumn = Math.ceil(rows.length / columns);
      }
    }
    table.hidden = true;
    var container;
    // Rounding (borders, whole pixels) can leave the measured size a hair too large.
    for (var tries = 0; tries < 12; tries++) {
      box.style.setProperty("--projector-font", font.toFixed(2) + "px");
      if (container) container.remove();
      container = build(table, rows, perColumn, columns);
      wrap.appendChild(container);
      shown = Math.min(shown, pages - 1);
      show(box);
      if (fits(container, bottom) || font <= smallest) break;
      font = Math.max(smallest, font * 0.97);
    }
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
