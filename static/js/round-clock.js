// The round clock on the director's (or a league's) page counts down as the room's screen
// does, from when it runs out by the server's clock; "Time is up." at nought. Without this
// script the page says how long was left when it was shown. Its words come from the page's
// JavaScript catalog (base.html loads it first); English without one.
(function () {
  "use strict";
  var skew = null; // the server's clock minus this browser's, from the page
  var gettext = window.gettext || function (words) { return words; };
  var interpolate = window.interpolate || function (words, values) {
    return words.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  };

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
    now.textContent = left > 0
      ? interpolate(gettext("Running: %(time)s left."), { time: text(left) }, true)
      : gettext("Time is up.");
  }

  document.addEventListener("live:updated", tick);
  setInterval(tick, 1000);
  tick();
})();
