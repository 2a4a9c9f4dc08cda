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
    button.hidden = false; // without this script a "+" would do nothing: it is hidden then
    button.addEventListener("click", function () {
      var input = document.getElementById(button.dataset.for);
      var value = (parseInt(input.value, 10) || 0) + 1;
      input.value = String(Math.min(value, 4));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });

  // "Add another meld" adds a row in place (without this script it asks the server for one).
  form.querySelectorAll("button.declared-add").forEach(function (button) {
    button.addEventListener("click", function (event) {
      var side = button.closest(".declared-side");
      var rows = side.querySelectorAll(".declared-row");
      var last = rows[rows.length - 1];
      if (!last) return;
      event.preventDefault();
      var row = last.cloneNode(true);
      var number = rows.length; // rows are numbered from 0 in the field names
      row.dataset.row = String(number + 1);
      row.querySelectorAll(".error").forEach(function (p) { p.remove(); });
      row.querySelectorAll("select, input").forEach(function (input) {
        input.name = input.name.replace(/^(declared_\d+_)\d+_/, "$1" + number + "_");
        input.id = "id_" + input.name;
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
        if (input.tagName === "SELECT") input.selectedIndex = 0; else input.checked = false;
      });
      row.querySelectorAll(".visually-hidden").forEach(function (span) {
        span.textContent = span.textContent.replace(/meld \d+/i, function (m) {
          return m.charAt(0) + "eld " + (number + 1);
        });
      });
      last.after(row);
      if (number + 1 >= 6) button.hidden = true;
      row.querySelector("select").focus();
    });
  });

  // Enter saves the deal from anywhere in the form, as it does from a card-points box: a "+"
  // (focused after a tap) or a choice would otherwise take it, and add a meld or do nothing.
  // The other buttons (Preview) and a "More melds" heading keep their own Enter.
  var save = document.getElementById("save-deal");
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || !save) return;
    var target = event.target;
    var isPlus = target.classList && target.classList.contains("meld-add");
    var isBox = target.tagName === "INPUT" || target.tagName === "SELECT";
    if (!isPlus && !isBox) return;
    event.preventDefault();
    if (form.requestSubmit) form.requestSubmit(save); else save.click();
  });

  // Tells a waiting test (or anything else) that typing now fills in and previews.
  form.dataset.ready = "1";

  // A correction's preview URL names its deal (?deal=<number>): the server then scores it
  // with the points held before that deal, as saving will. Keep the query when posting.
  var url = form.dataset.previewUrl;
  var box = document.getElementById("preview");
  if (!url || !box) return;
  var timer = null;

  // Each message goes where the server puts it (deal_form.html): beside a card-point or meld
  // box (keyed by its name), else at the end of its group. The server's own messages are
  // updated or hidden as the deal is corrected; "game" ones (from saving) stay.
  function placeError(key, p) {
    var input = document.getElementById("id_" + key);
    if (input && input.closest("table.melds")) {
      var row = document.createElement("tr");
      var cell = document.createElement("td");
      row.className = "meld-error live";
      cell.colSpan = input.closest("tr").children.length;
      cell.appendChild(p);
      row.appendChild(cell);
      input.closest("tr").after(row);
    } else if (input) {
      input.after(p);
    } else {
      (document.getElementById("group-" + key) || form).appendChild(p);
    }
    if (input) {
      p.id = "id_" + key + "_error";
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", p.id);
    }
  }

  function showErrors(errors) {
    errors = errors || {};
    form.querySelectorAll(".live").forEach(function (el) { el.remove(); });
    form.querySelectorAll("[aria-invalid]").forEach(function (input) {
      input.removeAttribute("aria-invalid");
    });
    form.querySelectorAll("[data-error-for]").forEach(function (p) {
      var key = p.dataset.errorFor;
      if (key === "game") return;
      var shown = key in errors;
      var input = document.getElementById("id_" + key);
      (p.closest("tr.meld-error") || p).hidden = !shown;
      if (shown) p.textContent = errors[key];
      if (shown && input) input.setAttribute("aria-invalid", "true");
    });
    Object.keys(errors).forEach(function (key) {
      if (form.querySelector("[data-error-for='" + key + "']")) return;
      var p = document.createElement("p");
      p.className = "error live";
      p.dataset.errorFor = key;
      p.textContent = errors[key];
      placeError(key, p);
    });
    // A message about a rarer meld opens "More melds", so it is not hidden.
    var more = document.getElementById("more-melds");
    if (more && Array.prototype.some.call(
      more.querySelectorAll("[data-error-for]"), function (p) { return !p.closest("[hidden]"); })) more.open = true;
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
    if (data.melds) {
      var melds = document.createElement("span");
      melds.className = "preview-melds";
      melds.textContent = data.melds;
      box.appendChild(melds);
    }
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
