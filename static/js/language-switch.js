// The menu's language switcher (templates/base.html): with JavaScript the page switches as soon
// as a language is chosen and the "Go" button is hidden; without it, the button sends the form.
(function () {
  "use strict";
  var form = document.querySelector("form.language-switch");
  if (!form) return;
  var menu = form.querySelector("select");
  var go = form.querySelector("button[type=submit]");
  if (!menu) return;
  if (go) go.hidden = true;
  menu.addEventListener("change", function () {
    form.submit();
  });
})();
