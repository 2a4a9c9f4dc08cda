// Deal entry: fills in the other side's card points when every card is played, adds melds
// with one tap, and shows what the deal will score before it is saved. The server decides
// everything; without this script the form still works (the Preview button asks the server).
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  if (!form) return;
  var points = Array.prototype.slice.call(form.querySelectorAll("input[name^='card_points_']"));
  var allPlayed = form.dataset.allPlayed === "1" && points.length === 2;
  var noTrump = form.querySelector("input[name='no_trump']");

  function total() {
    return Number(noTrump && noTrump.checked ? form.dataset.noTrumpTotal : form.dataset.total);
  }

  // A correction's form arrives with both sides filled in: either may then follow the other.
  if (allPlayed && points.every(function (p) { return p.value !== ""; })) {
    points.forEach(function (p) { p.dataset.auto = "1"; });
  }

  // The other field is filled only while the scorer has not typed in it themselves.
  points.forEach(function (input, index) {
    var other = points[1 - index];
    input.addEventListener("input", function () {
      input.dataset.auto = "";
      if (!allPlayed || (other.value !== "" && other.dataset.auto !== "1")) return;
      var value = parseInt(input.value, 10);
      if (isNaN(value) || value < 0 || value > total()) {
        other.value = "";
      } else {
        other.value = String(total() - value);
      }
      other.dataset.auto = "1";
    });
  });
  if (noTrump) {
    noTrump.addEventListener("change", function () {
      var typed = points.filter(function (p) { return p.dataset.auto !== "1" && p.value !== ""; });
      if (typed.length === 1) typed[0].dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  form.querySelectorAll("button.meld-add").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = document.getElementById(button.dataset.for);
      var value = (parseInt(input.value, 10) || 0) + 1;
      input.value = String(Math.min(value, 4));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });

  // Tells a waiting test (or anything else) that typing now fills in and previews.
  form.dataset.ready = "1";

  // A correction's preview URL names its deal (?deal=<number>): the server then scores it
  // with the points held before that deal, as saving will. Keep the query when posting.
  var url = form.dataset.previewUrl;
  var box = document.getElementById("preview");
  if (!url || !box) return;
  var timer = null;

  function showErrors(errors) {
    form.querySelectorAll("p.error.live").forEach(function (p) { p.remove(); });
    Object.keys(errors || {}).forEach(function (group) {
      var anchor = document.getElementById("group-" + group) || form;
      if (document.getElementById("error-" + group)) return;
      var p = document.createElement("p");
      p.className = "error live";
      p.textContent = errors[group];
      anchor.appendChild(p);
    });
  }

  function render(data) {
    box.textContent = "";
    if (!data.valid) {
      showErrors(data.errors);
      return;
    }
    showErrors({});
    var summary = document.createElement("strong");
    summary.className = "preview-summary";
    summary.textContent = data.summary;
    box.appendChild(summary);
    data.sides.forEach(function (side) {
      var span = document.createElement("span");
      span.className = "preview-side";
      span.append(side.name + ": ");
      var mark = document.createElement("b");
      mark.textContent = side.mark;
      if (side.mark === "XX") mark.className = "mark-set";
      span.appendChild(mark);
      box.appendChild(span);
    });
  }

  function preview() {
    var data = new FormData(form);
    // Only ask once the scorer has entered something worth scoring.
    var started = points.some(function (p) { return p.value !== ""; }) ||
      data.get("renege") || data.get("void_reason");
    if (!started) { box.textContent = ""; showErrors({}); return; }
    fetch(url, { method: "POST", body: data, credentials: "same-origin",
                 headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (json) { if (json) render(json); })
      .catch(function () { /* the Preview button still works */ });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(preview, 200);
  }
  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
})();
