// Boxes that scroll sideways (class "scroll", the bracket's and the sheet's): the hint
// just before a box ("Swipe sideways to see more") shows only while the box is narrower than
// what it holds, and the box is a keyboard stop (to scroll with the arrow keys) only then.
// Without this script the hint shows on every narrow screen (static/css/base.css).
(function () {
  "use strict";

  const BOXES = ".scroll, .bracket-scroll, .sheet-wrap, .table-wrap";

  function hintOf(box) {
    const before = box.previousElementSibling;
    return before && before.classList.contains("scroll-hint") ? before : null;
  }

  function update(box) {
    if (!box) return; // swapped out of the page by js/live.js meanwhile
    const overflows = box.scrollWidth > box.clientWidth + 1;
    const hint = hintOf(box);
    if (hint) {
      hint.dataset.show = overflows ? "1" : "0";
    }
    if (overflows) {
      box.setAttribute("tabindex", "0");
    } else {
      box.removeAttribute("tabindex");
    }
  }

  function start() {
    const boxes = document.querySelectorAll(BOXES);
    if ("ResizeObserver" in window) {
      const observer = new ResizeObserver(function (entries) {
        entries.forEach(function (entry) {
          update(entry.target.closest(BOXES));
        });
      });
      boxes.forEach(function (box) {
        observer.observe(box);
        // What it holds may grow without the box changing size (a table filled in later).
        if (box.firstElementChild) {
          observer.observe(box.firstElementChild);
        }
      });
    }
    boxes.forEach(update);
  }

  // Tables swapped in by js/live.js are new boxes to watch.
  document.addEventListener("live:updated", start);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
