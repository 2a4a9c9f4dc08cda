// Klaverjas roem with one tap: "+20", "+50", "+100", "+200" add to a side's roem box, and
// "stuk" ticks (or, tapped again, unticks) that side's stuk (the belle field). Without this
// script the buttons stay hidden: the box takes any number and the stuk is ticked below it
// (templates/includes/roem_boxes.html). deal-entry.js previews the deal on every change.
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  if (!form) return;
  var stukRadios = Array.prototype.slice.call(form.querySelectorAll("input[name='belle']"));

  function showStuk() {
    form.querySelectorAll("button.roem-stuk").forEach(function (button) {
      var radio = stukRadios.filter(function (r) { return r.value === button.dataset.side; })[0];
      button.setAttribute("aria-pressed", radio && radio.checked ? "true" : "false");
    });
  }

  form.querySelectorAll(".roem-buttons").forEach(function (group) {
    var input = document.getElementById(group.dataset.roemFor);
    if (!input) return;
    group.hidden = false;
    group.querySelectorAll("button.roem-add").forEach(function (button) {
      button.addEventListener("click", function () {
        var value = parseInt(input.value, 10);
        input.value = String((isNaN(value) || value < 0 ? 0 : value) + Number(button.dataset.add));
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    });
    group.querySelectorAll("button.roem-stuk").forEach(function (button) {
      button.addEventListener("click", function () {
        var pressed = button.getAttribute("aria-pressed") === "true";
        var value = pressed ? "" : button.dataset.side;
        var radio = stukRadios.filter(function (r) { return r.value === value; })[0];
        if (!radio) return;
        radio.checked = true;
        radio.dispatchEvent(new Event("change", { bubbles: true }));
        showStuk();
      });
    });
  });
  stukRadios.forEach(function (radio) { radio.addEventListener("change", showStuk); });
  showStuk();
})();
