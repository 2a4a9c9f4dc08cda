// Makes an entry page (or a game's page) an installable web app: the manifest, whose start
// page is this one, and the service worker that keeps the page for a reload offline
// (league/webapp.py). Service workers need a secure page (https or localhost); on plain http
// over the club's Wi-Fi this does nothing, and the deal queue (offline-queue.js) still works.
(function () {
  "use strict";
  var head = document.head;
  if (!head.querySelector("link[rel='manifest']")) {
    var link = document.createElement("link");
    link.rel = "manifest";
    link.href = "/manifest.webmanifest?start=" + encodeURIComponent(location.pathname);
    head.appendChild(link);
    var theme = document.createElement("meta");
    theme.name = "theme-color";
    theme.content = "#1f5c3f";
    head.appendChild(theme);
    var icon = document.createElement("link");
    icon.rel = "apple-touch-icon";
    icon.href = document.currentScript ? new URL("../icons/icon-192.png", document.currentScript.src).pathname : "";
    if (icon.href) head.appendChild(icon);
  }
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    // The first visit loaded before the worker ran: ask it to keep this page now.
    if (registration.active) {
      // The page's catalog of words (base.html's /jsi18n/<language>/ script), kept with it.
      var words = document.querySelector("script[src*='/jsi18n/']");
      registration.active.postMessage({
        keep: location.pathname, catalog: words ? words.getAttribute("src") : null });
    }
    document.documentElement.dataset.offlineReady = "1";
  }).catch(function () { /* the page works without it */ });
})();
