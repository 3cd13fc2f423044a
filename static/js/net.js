// The line at the top of every page (#net): a small "● online" while the server answers,
// "Offline – letzter bekannter Stand von 21:04" when not, and how many entries the outbox holds;
// and the phone's own messages below it (#offline-flash). Whether the server answers it learns
// from the live part's fetches, its stream (live.js: live:shown) and the browser's online
// events; the server answering again starts sending the outbox (sync.js).
(function (ns) {
  "use strict";
  var FLASH_KEY = "stichblock-flash";
  var state = ns.state;
  var make = ns.make;
  var line = null;

  function render() {
    if (!line) return;
    line.hidden = false;
    line.classList.toggle("is-offline", !state.online);
    var now = make("span", "net-state");
    now.appendChild(make("span", "net-dot"));
    now.appendChild(document.createTextNode(
      state.online ? ns.t("online") : ns.t("offlineNote", { time: ns.timeText(state.stateAt) })
    ));
    var parts = [now];
    [["pending", state.unsent], ["stuck", state.stuck]].forEach(function (count) {
      if (!count[1]) return;
      var forms = ns.texts[count[0]] || {};
      var words = (count[1] === 1 ? forms.one : forms.other) || "%(count)s";
      parts.push(make("span", "net-count", words.split("%(count)s").join(String(count[1]))));
    });
    line.replaceChildren.apply(line, parts);
  }

  function setOnline(online) {
    if (online) state.stateAt = new Date();
    if (state.online === online) { render(); return; }
    state.online = online;
    render();
    if (online) ns.sync.run();
  }

  function heardFromServer() {
    setOnline(true);
    if (state.unsent) ns.sync.run();
  }

  function flash(text, kind) {
    var list = document.getElementById("offline-flash");
    if (!list) {
      list = make("ul", "messages");
      list.id = "offline-flash";
      list.setAttribute("role", "status");
      line.after(list);
    }
    if (kind === "info") {
      // "Kept on this phone: …" is about the latest entry; the list below has them all.
      list.querySelectorAll(".msg-info").forEach(function (old) { old.remove(); });
    }
    list.appendChild(make("li", "msg msg-" + (kind || "success"), text));
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

  // The server's messages of an earlier moment ("Round 2 saved.") are old news now.
  function dropServerMessages() {
    document.querySelectorAll("main > ul.messages:not(#offline-flash)").forEach(function (list) { list.remove(); });
  }

  function isLive(detail) {
    var path = detail && detail.pathInfo && detail.pathInfo.requestPath;
    return !!(detail && detail.xhr && path && path.indexOf("/live/") >= 0);
  }

  function start(element) {
    line = element;
    render();
    showKeptFlashes();
    document.addEventListener("htmx:afterRequest", function (event) {
      if (!isLive(event.detail)) return;
      var status = event.detail.xhr.status;
      if (status === 0) setOnline(false);
      else if (status < 500) heardFromServer();
    });
    document.addEventListener("live:shown", heardFromServer);
    document.addEventListener("htmx:sendError", function () { setOnline(false); });
    document.addEventListener("htmx:timeout", function () { setOnline(false); });
    window.addEventListener("online", function () { setOnline(true); });
    window.addEventListener("offline", function () { setOnline(false); });
  }

  ns.net = {
    start: start,
    render: render,
    setOnline: setOnline,
    flash: flash,
    flashLater: flashLater,
    dropServerMessages: dropServerMessages,
    isLive: isLive
  };
})(window.Stichblock);
