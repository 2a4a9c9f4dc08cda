// The new competition and new tournament forms. Without this script they work as they are:
// each tie-break menu is chosen on its own, and the game menu starts at the club's usual game.
// With it: each numbered tie-break menu gets "up" and "down" buttons that move its tie-break
// in the order (the menus keep posting tiebreaks_0, tiebreaks_1 ... as before), and choosing
// another club chooses that club's usual game, unless the game was chosen by hand.
(function () {
  "use strict";

  function enhanceChain(chain) {
    var slots = Array.prototype.slice.call(chain.querySelectorAll(".chain-slot"));
    var status = chain.querySelector(".chain-status");
    var selects = slots.map(function (slot) { return slot.querySelector("select"); });
    var labels = slots.map(function (slot) { return slot.querySelector("label").textContent; });

    function chosenWords(select) {
      var option = select.options[select.selectedIndex];
      return select.value ? option.textContent : pgettext("no tie-break chosen", "None");
    }

    function move(from, to, button) {
      var moving = selects[from].value;
      selects[from].value = selects[to].value;
      selects[to].value = moving;
      var where = labels[to].replace(/ tie-break$/, "");
      if (status) {
        status.textContent = interpolate(
          gettext("%(tiebreak)s is now %(place)s."),
          { tiebreak: chosenWords(selects[to]), place: where },
          true
        );
      }
      // Focus follows the tie-break, so that pressing again moves it on.
      var next = slots[to].querySelector("button[data-move='" + button.dataset.move + "']");
      (next && !next.disabled ? next : selects[to]).focus();
    }

    slots.forEach(function (slot, index) {
      var moves = document.createElement("div");
      moves.className = "chain-moves";
      [["up", "\u2191", index - 1], ["down", "\u2193", index + 1]].forEach(function (spec) {
        var button = document.createElement("button");
        button.type = "button";
        button.dataset.move = spec[0];
        button.textContent = spec[1];
        var up = spec[0] === "up";
        button.setAttribute("aria-label", interpolate(
          up ? gettext("Move the %(slot)s up") : gettext("Move the %(slot)s down"),
          { slot: labels[index] },
          true
        ));
        button.title = up ? gettext("Move up") : gettext("Move down");
        if (spec[2] < 0 || spec[2] >= slots.length) button.disabled = true;
        button.addEventListener("click", function () { move(index, spec[2], button); });
        moves.appendChild(button);
      });
      slot.appendChild(moves);
    });
    chain.dataset.ready = "1";
  }

  function followClub(form) {
    var club = form.querySelector("select[name='club']");
    var preset = form.querySelector("select[name='preset'][data-usual-games]");
    if (!club || !preset) return;
    var usual = JSON.parse(preset.dataset.usualGames || "{}");
    var byHand = false;
    preset.addEventListener("change", function () { byHand = true; });
    club.addEventListener("change", function () {
      if (!byHand && usual[club.value]) preset.value = usual[club.value];
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-tiebreak-chain]"), enhanceChain);
  Array.prototype.forEach.call(document.querySelectorAll("form.competition-form"), followClub);
})();
