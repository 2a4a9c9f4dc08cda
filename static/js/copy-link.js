// The director's entry links: a "Copy the link" button beside each. Without this script the
// buttons stay hidden and the address is plain text to select and copy.
(function () {
  "use strict";

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

  document.querySelectorAll("button.copy-link[data-copy]").forEach(function (button) {
    button.hidden = false;
    var done = button.parentElement.querySelector(".copy-done");
    button.addEventListener("click", function () {
      copy(button.dataset.copy).then(
        function () {
          done.textContent = "Copied.";
        },
        function () {
          done.textContent = "Could not copy: select the link and copy it.";
        }
      );
    });
  });
})();
