// Stichblock's service worker, served at /sw.js (stichblock/pwa.py puts self.STICHBLOCK, its
// configuration, in front of this file). Docs: docs/scorepad.md, "Offline".
//
// - Static files: kept at install, answered from the phone. Their names change with their
//   content in production, so all versions share one cache: a new version fetches only the
//   files it does not have, and drops only the files no kept page names any more (a page kept
//   under the old version keeps the old scripts and styles it loads, offline too).
// - Pages (the home page and every page of a table link): network first; the answer is kept,
//   and when the network fails (or takes too long) the kept copy is shown, marked as a copy
//   (data-copy="cache", which the page turns into "offline – last known state from …", net.js);
//   a page it did not serve is kept when it installs (keepOpenPages, below).
// - A round entry posted while the network fails is kept in the outbox (IndexedDB, outbox.js)
//   instead of ending on the browser's error page; the phone goes to the table's page, which
//   lists it and sends it later with the same one-time submission token.
"use strict";

var CONFIG = self.STICHBLOCK;
self.Stichblock = { tablePrefix: CONFIG.tablePrefix }; // outbox.js reads save URLs with it
importScripts(CONFIG.outboxScript);
var Outbox = self.Stichblock.outbox;

var STATIC_CACHE = "stichblock-static";
// Before 2026-11-29 each version had its own cache, dropped with the version: the page kept
// under it then found neither its scripts nor its styles offline.
var OLD_STATIC_CACHES = "stichblock-static-";
var PAGE_CACHE = CONFIG.pageCache;
var PAGE_LIMIT = 60; // pages kept; the oldest go first
var PAGE_TIMEOUT = 8000; // ms a page may take before the kept copy is shown
var SAVE_TIMEOUT = 15000; // ms a save may take before it is kept for later

self.addEventListener("install", function (event) {
  event.waitUntil(Promise.all([
    keepStaticFiles(),
    caches.open(PAGE_CACHE).then(function (cache) {
      return cache.add(CONFIG.offlinePage)["catch"](function () { return null; });
    }),
    keepOpenPages()
  ]).then(function () { return self.skipWaiting(); }));
});

// Once active: the open pages are this version's (clients.claim), and the static files no
// longer named by this version or any kept page go.
self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim().then(dropOldStaticCaches).then(dropUnusedStaticFiles)["catch"](function () {
    return null;
  }));
});

function keepStaticFiles() {
  return caches.open(STATIC_CACHE).then(function (cache) {
    return adoptOldStaticCaches(cache).then(function () { return cache.keys(); }).then(function (kept) {
      var have = {};
      kept.forEach(function (request) { have[new URL(request.url).pathname] = true; });
      // A hashed name is its content: one the phone has is not fetched again.
      var wanted = CONFIG["static"].filter(function (url) { return !(CONFIG.hashedStatic && have[url]); });
      // One missing file must not stop the others from being kept.
      return Promise.all(wanted.map(function (url) {
        return cache.add(url)["catch"](function () { return null; });
      }));
    });
  });
}

function adoptOldStaticCaches(cache) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf(OLD_STATIC_CACHES) === 0; }).map(function (name) {
      return caches.open(name).then(function (old) {
        return old.keys().then(function (requests) {
          return Promise.all(requests.map(function (request) {
            return old.match(request).then(function (response) { return response && cache.put(request, response); });
          }));
        });
      });
    }));
  });
}

function dropOldStaticCaches() {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf(OLD_STATIC_CACHES) === 0; }).map(function (name) {
      return caches["delete"](name);
    }));
  });
}

// The static files (paths) a kept page loads: its scripts, styles, icons.
function namedBy(html) {
  var found = [];
  var pattern = /(?:src|href)="([^"]+)"/g;
  var match;
  while ((match = pattern.exec(html))) {
    var path = new URL(match[1].replace(/&amp;/g, "&"), self.location.href).pathname;
    if (path.indexOf(CONFIG.staticPrefix) === 0) found.push(path);
  }
  return found;
}

function dropUnusedStaticFiles() {
  var used = {};
  CONFIG["static"].forEach(function (url) { used[url] = true; });
  return caches.open(PAGE_CACHE).then(function (pages) {
    return pages.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        return pages.match(request).then(function (page) { return page ? page.text() : ""; }).then(function (html) {
          namedBy(html).forEach(function (path) { used[path] = true; });
        });
      }));
    });
  }).then(function () { return caches.open(STATIC_CACHE); }).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (request) {
        return !used[new URL(request.url).pathname];
      }).map(function (request) { return cache["delete"](request); }));
    });
  });
}

function isPage(url) {
  return url.pathname === CONFIG.home || url.pathname.indexOf(CONFIG.tablePrefix) === 0 ||
    url.pathname.indexOf(CONFIG.groupPrefix) === 0;
}

function withTimeout(promise, ms) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, ms);
    promise.then(function (value) { clearTimeout(timer); resolve(value); },
      function (error) { clearTimeout(timer); reject(error); });
  });
}

function keepable(response) {
  var type = response.headers.get("Content-Type") || "";
  return response.status === 200 && type.indexOf("text/html") === 0 && !response.redirected &&
    !response.headers.get("Content-Disposition") &&
    (response.headers.get("Cache-Control") || "").indexOf("no-store") < 0;
}

function keepPage(url, response) {
  return caches.open(PAGE_CACHE).then(function (cache) {
    return cache.put(url, response).then(function () { return cache.keys(); }).then(function (keys) {
      var old = keys.filter(function (request) { return !request.url.endsWith(CONFIG.offlinePage); });
      return Promise.all(old.slice(0, Math.max(0, old.length - PAGE_LIMIT)).map(function (request) {
        return cache["delete"](request);
      }));
    });
  });
}

// A kept copy, marked so the page says it is one.
function markedCopy(response) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.set("X-Stichblock-Copy", "cache");
    return new Response(html.replace('data-copy="network"', 'data-copy="cache"'), {
      status: 200, statusText: "OK", headers: headers
    });
  });
}

function copyOf(url) {
  return caches.open(PAGE_CACHE).then(function (cache) { return cache.match(url); });
}

function pageNetworkFirst(event) {
  var request = event.request;
  var url = request.url.split("#")[0];
  var network = fetch(request).then(function (response) {
    if (keepable(response)) {
      var kept = remember(url, keepPage(url, response.clone()));
      try { event.waitUntil(kept); } catch (e) { /* answered after the wait below ended */ }
    }
    return response;
  });
  // A late answer is still kept, but a network that hangs must not hold this worker's events
  // open for long: a new version of the worker waits for them before it takes over.
  event.waitUntil(withTimeout(network, SAVE_TIMEOUT)["catch"](function () { return null; }));
  return withTimeout(network, PAGE_TIMEOUT).then(function (response) {
    // A table this phone started offline (evening.js) is unknown until its start is sent.
    if (response.status === 404) {
      return copyOf(url).then(function (copy) {
        return copy && copy.headers.get("Stichblock-Pending") ? markedCopy(copy) : response;
      });
    }
    // The server's own trouble (a 503 while the database restarts): the kept copy is better.
    if (response.status < 500) return response;
    return copyOf(url).then(function (copy) { return copy ? markedCopy(copy) : response; });
  }, function () {
    return copyOf(url).then(function (copy) {
      if (copy) return markedCopy(copy);
      return copyOf(CONFIG.offlinePage).then(function (page) {
        return page ? markedCopy(page) : Response.error();
      });
    });
  });
}

function staticCacheFirst(event) {
  var request = event.request;
  return caches.open(STATIC_CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        // A hashed file the phone lacked (a page of another version): kept for offline too.
        if (CONFIG.hashedStatic && response.status === 200) {
          event.waitUntil(cache.put(request, response.clone())["catch"](function () { return null; }));
        }
        return response;
      });
    });
  });
}

function formFields(request) {
  return request.formData().then(function (data) {
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    return fields;
  });
}

// Post a round entry; if the network fails (or the server is down), keep it in the outbox and
// show the table's page. Whatever the server answered otherwise is its answer, shown as it came
// (a redirect once saved, or a conflict or error page with the typed values in the form); the
// entry stays in the outbox, noted as answered, until sync.js has the server confirm its token
// stored (an entry leaves only then, or when the person discards it: outbox.js).
function saveOrKeep(event, tablePath) {
  var request = event.request;
  var fields = formFields(request.clone());
  var submissionOf = fields.then(function (list) {
    var found = list.filter(function (pair) { return pair[0] === "submission"; })[0];
    return found ? found[1] : "";
  });
  var keep = function () {
    return fields.then(function (list) {
      var entry = Outbox.fromFields(request.url, list);
      if (!entry.submission) return null;
      return Outbox.get(entry.submission).then(function (stored) {
        if (stored) {
          return Outbox.update(entry.submission, function (kept) {
            kept.status = "pending";
            kept.fields = entry.fields;
          });
        }
        return Outbox.put(entry);
      });
    })["catch"](function () { return null; }).then(function () {
      return Response.redirect(tablePath + "#outbox", 303);
    });
  };
  return withTimeout(fetch(request), SAVE_TIMEOUT).then(function (response) {
    if (response.type === "opaqueredirect" || (response.status < 500 && response.status !== 429)) {
      return submissionOf.then(function (submission) {
        return submission ? Outbox.update(submission, function (kept) {
          kept.status = "pending";
          kept.answered = true;
        }) : null;
      })["catch"](function () { return null; }).then(function () { return response; });
    }
    return keep();
  }, keep);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET") {
    if (url.pathname.indexOf(CONFIG.staticPrefix) === 0) {
      event.respondWith(staticCacheFirst(event));
    } else if (request.mode === "navigate" && isPage(url)) {
      event.respondWith(pageNetworkFirst(event));
    }
    return; // polls, the ahead forms and everything else: the network, as without a worker
  }
  var save = request.method === "POST" && request.mode === "navigate" && self.Stichblock.saveTarget(url.href);
  if (save) event.respondWith(saveOrKeep(event, save.tablePath));
});

// Every page asks to be kept ("keep", page-copy.js): one that came through this worker is kept
// already or being kept, and a page this worker did not serve (the phone's first visit, or one
// loaded while it was installing) it fetches and keeps. The pages open when it installs it keeps
// at once, while the static files are fetched, rather than once it is active and they ask.
// What changes on a page later page-copy.js puts into the kept copy itself.
var KEEP_FRESH_MS = 30000; // a page kept this recently is not fetched again when it asks
var keeping = {}; // url → {at, done: promise of true once kept}

function remember(key, kept) {
  var done = kept.then(function () { return true; }, function () { return false; });
  keeping[key] = { at: Date.now(), done: done };
  return done;
}

function keepFromNetwork(key) {
  return remember(key, fetch(key, { credentials: "same-origin" }).then(function (response) {
    if (!keepable(response)) throw new Error("not kept");
    return keepPage(key, response);
  }));
}

// A copy at least as new as the page that asks (data-rendered: when the server made it; the
// parts page-copy.js puts in later move it on).
function keptSince(key, rendered) {
  return copyOf(key).then(function (copy) {
    if (!copy) return false;
    return copy.text().then(function (html) {
      var made = /data-rendered="([^"]+)"/.exec(html);
      return !!made && Date.parse(made[1]) >= Date.parse(rendered);
    });
  });
}

function keep(href, rendered) {
  var url = new URL(href, self.location.href);
  if (url.origin !== self.location.origin || !isPage(url)) return Promise.resolve(false);
  var key = url.href.split("#")[0];
  var known = keeping[key];
  if (known && Date.now() - known.at < KEEP_FRESH_MS) return known.done;
  return keptSince(key, rendered).then(function (kept) { return kept || keepFromNetwork(key); });
}

// Only pages not kept yet: a new version of this worker fetches no page the old one kept.
function keepOpenPages() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    return Promise.all(windows.map(function (client) {
      var key = client.url.split("#")[0];
      return copyOf(key).then(function (copy) { return copy || keep(key, ""); });
    }));
  })["catch"](function () { return null; });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep") return;
  var reply = function (ok) { if (event.ports[0]) event.ports[0].postMessage({ ok: ok }); };
  event.waitUntil(keep(data.url, data.rendered || "")["catch"](function () { return false; }).then(reply));
});
