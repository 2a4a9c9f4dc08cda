// Hicksheet's service worker (league/webapp.py serves it at /sw.js, scope "/").
// It keeps the app shell (styles, scripts, icons) and the entry pages and game pages visited,
// so that a reload while the venue's Wi-Fi is down still shows the page. Pages, and the
// words of the pages' scripts (Django's JavaScript catalog, in the language of the page):
// network first, the kept copy when there is no network. Static files: the kept copy first (their
// names are hashed, so a kept one never goes stale). Posts are never touched: deals saved
// offline wait in the page's own queue (offline-queue.js).
{% load i18n %}"use strict";
var VERSION = "{{ version }}";
var SHELL = {{ shell|safe }};
var STATIC = "{{ static_url|escapejs }}";
var SHELL_CACHE = "hicksheet-shell-" + VERSION;
var PAGE_CACHE = "hicksheet-pages";
var PAGES = /^\/(m\/[A-Za-z0-9_-]+|games\/[0-9]+)\/$/;
// The scripts' words (/jsi18n/<language>/): kept like a page, one a language, asked for
// afresh whenever there is a network.
var CATALOG = "{{ catalog_url|escapejs }}";
function isCatalog(path) { return path.indexOf(CATALOG) === 0; }

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) {
    // One missing file must not stop the rest from being kept.
    return Promise.all(SHELL.map(function (url) { return cache.add(url).catch(function () { return null; }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf("hicksheet-shell-") === 0 && key !== SHELL_CACHE;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function pageKey(url) { return url.origin + url.pathname; }

function keepPage(url, response) {
  if (!response.ok || response.redirected) return;
  var copy = response.clone();
  caches.open(PAGE_CACHE).then(function (cache) { cache.put(pageKey(url), copy); });
}

function offline() {
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>{{ offline_title|escapejs }}</title><p>{{ offline_text|escapejs }}</p>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function page(request, url, fallback) {
  return fetch(request).then(function (response) {
    keepPage(url, response);
    return response;
  }, function () {
    return caches.open(PAGE_CACHE).then(function (cache) { return cache.match(pageKey(url)); })
      .then(function (kept) { return kept || fallback(); });
  });
}

// No network and no kept catalog: an empty one, so the page's scripts still run (in English).
function noCatalog() {
  return new Response("/* no network */", {
    status: 200, headers: { "Content-Type": "text/javascript; charset=utf-8" } });
}

function staticFile(request) {
  return caches.match(request).then(function (kept) {
    return kept || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(SHELL_CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (PAGES.test(url.pathname)) { event.respondWith(page(request, url, offline)); return; }
  if (isCatalog(url.pathname)) { event.respondWith(page(request, url, noCatalog)); return; }
  if (url.pathname.indexOf(STATIC) === 0) event.respondWith(staticFile(request));
});

// A page asks to be kept when the worker was installed after it loaded (its first visit).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!data.keep) return;
  var url = new URL(data.keep, self.location.origin);
  if (url.origin !== self.location.origin || !PAGES.test(url.pathname)) return;
  // The page, and the words of its scripts in its language (both loaded before the worker ran).
  var kept = [url];
  if (data.catalog) {
    var catalog = new URL(data.catalog, self.location.origin);
    if (catalog.origin === self.location.origin && isCatalog(catalog.pathname)) kept.push(catalog);
  }
  event.waitUntil(Promise.all(kept.map(function (kept) {
    return fetch(kept.href, { credentials: "same-origin" }).then(function (response) {
      keepPage(kept, response);
    }).catch(function () { return null; });
  })));
});
