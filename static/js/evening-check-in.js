// The evening page's check-in list: a box that narrows the members to check in by name as one
// types. Without this script the box stays hidden and the whole list shows. The list is
// refreshed by live.js (another phone checked someone in): the filter is applied again then.
(function () {
  "use strict";
  var box = document.getElementById("check-in-filter-box");
  var input = document.getElementById("check-in-filter");
  if (!box || !input) return;
  box.hidden = false;

  function apply() {
    var list = document.getElementById("members-to-check-in");
    if (!list) return;
    var words = input.value.trim().toLowerCase();
    var rows = list.querySelectorAll("li[data-name]");
    for (var i = 0; i < rows.length; i++) {
      rows[i].hidden = words !== "" && rows[i].getAttribute("data-name").indexOf(words) === -1;
    }
  }

  input.addEventListener("input", apply);
  document.addEventListener("live:updated", apply);
})();
