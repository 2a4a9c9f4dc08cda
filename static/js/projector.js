// The bracket on a projector (?projector=1) reloads itself, so the room sees results as they
// are confirmed. A file rather than an inline script: the site's Content-Security-Policy runs
// scripts from static/ only.
(function () {
  "use strict";
  var script = document.currentScript;
  var seconds = Number((script && script.dataset.reloadSeconds) || 30);
  setTimeout(function () { location.reload(); }, seconds * 1000);
})();
