// The house options and meld values of the new-game, new competition, new tournament and
// edit forms (templates/includes/rule_options.html, meld_values.html). Without this script
// every option shows, each saying which games it is for, and the server refuses an option of
// another game beside it. With it: only the chosen game's options show (the others are hidden
// and disabled, so they are not sent), and the meld value boxes of the kinds the chosen game
// pays come first, the others folded away; a field of some presets only (data-presets) shows
// for those alone.
(function () {
  "use strict";

  function enhance(form) {
    var preset = form.querySelector("select[name='preset'][data-families]");
    if (!preset) return;
    var families = JSON.parse(preset.dataset.families || "{}");
    var options = Array.prototype.slice.call(form.querySelectorAll("[data-families]"))
      .filter(function (el) { return el !== preset; });
    var box = form.querySelector("[data-rule-options]");
    // Only the chosen game's options show: the words for a page without script are not needed.
    Array.prototype.forEach.call(form.querySelectorAll("[data-without-script]"), function (el) {
      el.hidden = true;
    });
    var paid = form.querySelector("[data-melds-paid]");
    var unpaid = form.querySelector("[data-melds-unpaid]");
    var melds = Array.prototype.slice.call(form.querySelectorAll("[data-paid-by]"));
    var presetOnly = Array.prototype.slice.call(form.querySelectorAll("[data-presets]"));

    function hasValue(el) {
      return Array.prototype.some.call(el.querySelectorAll("input, select"), function (input) {
        return input.value !== "";
      });
    }

    function show() {
      var family = families[preset.value] || "";
      var any = false;
      options.forEach(function (el) {
        var fits = family !== "" && el.dataset.families.split(" ").indexOf(family) !== -1;
        el.hidden = !fits;
        Array.prototype.forEach.call(el.querySelectorAll("input, select"), function (input) {
          input.disabled = !fits;
        });
        any = any || fits;
      });
      if (box) box.hidden = !any;
      // A field of some presets only (game_new.html: a third side's name, how melds are
      // entered): hidden and disabled, so not sent, for the others.
      presetOnly.forEach(function (el) {
        var fits = el.dataset.presets.split(" ").indexOf(preset.value) !== -1;
        el.hidden = !fits;
        Array.prototype.forEach.call(el.querySelectorAll("input, select"), function (input) {
          input.disabled = !fits;
        });
      });
      if (paid && unpaid) {
        // Re-append in the page's order, each box where the chosen game puts it.
        melds.forEach(function (el) {
          var pays = el.dataset.paidBy.split(" ").indexOf(preset.value) !== -1;
          (pays || hasValue(el) ? paid : unpaid).appendChild(el);
        });
      }
    }

    // The form, not the menu: a club chosen elsewhere may choose its usual game by script
    // (competition-form.js), which fires no change on the menu itself.
    form.addEventListener("change", show);
    show();
  }

  Array.prototype.forEach.call(document.querySelectorAll("form"), enhance);
})();
