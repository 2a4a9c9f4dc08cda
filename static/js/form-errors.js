// A form that came back with errors (templates/includes/error_summary.html): the page opens
// at the error summary, with the cursor in the first wrong field (the field the server gave
// `autofocus`), in view. Without this script the browser's autofocus puts the cursor there
// and scrolls to it; this brings the summary into view above it too, and focuses the field
// where the browser skips autofocus (a page whose address has a fragment). A link of the
// summary puts the cursor in its field, not only scrolls to it.
(function () {
  "use strict";

  function inView(el) {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }

  function firstWrong(summary) {
    const scope = summary.closest("form") || summary.parentElement || document;
    return scope.querySelector("[autofocus]:not([data-error-summary])") ||
      scope.querySelector("[aria-invalid='true']");
  }

  function focusField(field) {
    field.focus({ preventScroll: true });
    if (!inView(field)) field.scrollIntoView({ block: "center" });
  }

  function open() {
    const summary = document.querySelector("[data-error-summary]");
    if (!summary) return;
    summary.scrollIntoView({ block: "start" });
    const field = firstWrong(summary);
    if (field) focusField(field);
    else summary.focus({ preventScroll: true });
    summary.addEventListener("click", function (event) {
      const link = event.target.closest("a[href^='#']");
      const target = link && document.getElementById(link.getAttribute("href").slice(1));
      if (!target) return;
      event.preventDefault();
      const details = target.closest("details");
      if (details) details.open = true;
      focusField(target);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", open);
  else open();
})();
