// The room's screen (templates/screen/screen.html): turns its pages every data-seconds, and
// counts the round clock down from the moment it runs out (data-ends, the server's time:
// data-now says how far this computer's clock is off). When live.js swaps the pages for
// fresh ones ("live:updated"), the turning goes on from the same page. Its one word ("Time",
// the clock run out) comes from the screen's catalog, in the room's language.
(function () {
  "use strict";
  var root = document.getElementById("screen");
  if (!root) return;
  var seconds = Number(root.dataset.seconds) || 15;
  var index = Number(root.dataset.panel) || 0;
  var offset = 0;  // the server's time minus this computer's

  function pages() { return root.querySelectorAll(".screen-page"); }

  function show() {
    var all = pages();
    if (!all.length) return;
    index = ((index % all.length) + all.length) % all.length;
    for (var i = 0; i < all.length; i++) all[i].hidden = i !== index;
    root.dataset.shown = String(index);
  }

  function readNow() {
    var now = root.querySelector("[data-now]");
    if (now) offset = Number(now.dataset.now) - Date.now();
  }

  var pgettext = window.pgettext || function (context, words) { return words; };

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function text(left) {
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  function tick() {
    var clocks = root.querySelectorAll(".clock[data-ends]");
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i];
      var left = Math.ceil((Number(clock.dataset.ends) - (Date.now() + offset)) / 1000);
      var time = clock.querySelector(".clock-time");
      if (left <= 0) {
        clock.className = "clock state-over";
        clock.dataset.state = "over";
        if (time) time.textContent = pgettext("the round clock has run out", "Time");
      } else if (time) {
        time.textContent = text(left);
      }
    }
  }

  document.addEventListener("live:updated", function () { readNow(); show(); tick(); });
  readNow();
  show();
  tick();
  setInterval(tick, 250);
  setInterval(function () { index += 1; show(); }, seconds * 1000);
})();
