// The director's entry links: a "Copy the link" button beside each. Without this script the
// buttons stay hidden and the address is plain text to select and copy.
(function () {
  "use strict";
  var gettext = window.gettext || function (s) { return s; };

  // navigator.clipboard needs a secure page (https, or localhost); a club's own server on its
  // Wi-Fi is often plain http, where the older way of copying a selection still works.
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "copy-buffer";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try {
        ok = document.execCommand("copy");
      } catch (error) {
        ok = false;
      }
      document.body.removeChild(area);
      if (ok) {
        resolve();
      } else {
        reject(new Error("copy refused"));
      }
    });
  }

  function show() {
    document.querySelectorAll("button.copy-link[data-copy]").forEach(function (button) {
      button.hidden = false;
    });
  }

  // One listener for the page, so that buttons swapped in by js/live.js work too.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.copy-link[data-copy]");
    if (!button) return;
    var done = button.parentElement.querySelector(".copy-done");
    copy(button.dataset.copy).then(
      function () {
        done.textContent = gettext("Copied.");
      },
      function () {
        done.textContent = gettext("Could not copy: select the link and copy it.");
      }
    );
  });
  document.addEventListener("live:updated", show);
  show();
})();
