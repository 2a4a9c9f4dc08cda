// The round clock on the director's (or a league's) page counts down as the room's screen
// does, from when it runs out by the server's clock; "Time is up." at nought. Without this
// script the page says how long was left when it was shown.
(function () {
  "use strict";
  var skew = null; // the server's clock minus this browser's, from the page

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function text(left) {
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  function tick() {
    var now = document.getElementById("clock-now");
    if (!now || !now.dataset.ends) return;
    if (now.dataset.now) {
      skew = Number(now.dataset.now) - Date.now();
      delete now.dataset.now; // read once a page (a live swap brings a fresh one)
    }
    var left = Math.max(0, Math.round((Number(now.dataset.ends) - Date.now() - (skew || 0)) / 1000));
    now.textContent = left > 0 ? "Running: " + text(left) + " left." : "Time is up.";
  }

  document.addEventListener("live:updated", tick);
  setInterval(tick, 1000);
  tick();
})();
