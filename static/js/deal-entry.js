// Deal entry: fills in the other side's card points when every card is played, adds melds
// with one tap, and shows what the deal will score before it is saved. The server decides
// everything; without this script the form still works (the Preview button asks the server).
// Offline, the preview is worked out in the browser by rules.js from the game's rules.
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  if (!form) return;
  // Words through Django's JavaScript catalog (/jsi18n/, loaded by base.html first); English
  // where a page has not got it.
  var gettext = window.gettext || function (s) { return s; };
  var pgettext = window.pgettext || function (c, s) { return s; };
  var interpolate = window.interpolate || function (fmt, obj) {
    return fmt.replace(/%\((\w+)\)[sd]/g, function (m, key) { return String(obj[key]); });
  };
  function format(fmt, params) { return interpolate(fmt, params, true); }
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
      // The hidden labels name the row's number (declared_melds.html): said again for the new.
      row.querySelectorAll("[data-meld-number]").forEach(function (span) {
        var params = { number: number + 1, side: side.dataset.sideName || "", card: span.dataset.cardLabel || "" };
        span.dataset.meldNumber = String(number + 1);
        span.textContent = span.dataset.cardLabel !== undefined
          ? format(gettext("%(card)s, meld %(number)s of %(side)s"), params)
          : format(gettext("Meld %(number)s of %(side)s"), params);
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

  // The page opened at the form (#entry: after a save, an undo, a refused deal): the cursor
  // goes into the form, so that the keyboard goes on from there, not from the top of the
  // page: into the first field with an error, else into the next deal's first field (who
  // made trump). A browser skips autofocus on an address with a fragment, so this does it.
  function openedAtForm() {
    if (location.hash === "#entry") return true;
    try { return sessionStorage.getItem("hicksheet-open-at") === "entry"; } catch (e) { return false; }
  }
  function firstWrongField() {
    var shown = Array.prototype.filter.call(form.querySelectorAll("[data-error-for]"),
      function (p) { return !p.closest("[hidden]"); });
    for (var i = 0; i < shown.length; i++) {
      var key = shown[i].dataset.errorFor;
      var named = form.querySelector("[name='" + key + "']:not([type='hidden'])");
      var group = shown[i].closest("fieldset, details, #group-void");
      var field = named || (group && group.querySelector("input:not([type='hidden']), select"));
      if (field) return field;
    }
    return null;
  }
  function focusOnOpen() {
    var focused = document.activeElement;
    if (focused && focused !== document.body && focused !== document.documentElement) return;
    if (!openedAtForm()) return;
    var field = firstWrongField() ||
      form.querySelector("input[name='makers']:checked") || form.querySelector("input[name='makers']");
    if (!field) return;
    var details = field.closest("details");
    if (details) details.open = true;
    field.focus({ preventScroll: true });
    bringIntoView(field);
    // The browser may still scroll the page after this (to the address's #entry, or back to
    // where a reloaded page was), and going to #entry takes the focus back to the page: once
    // it has, the cursor goes back into the field, in view.
    function again() {
      var now = document.activeElement;
      if (now !== field && now && now !== document.body && now !== document.documentElement) return;
      if (now !== field) field.focus({ preventScroll: true });
      bringIntoView(field);
    }
    window.addEventListener("load", function () { again(); setTimeout(again, 0); });
  }
  // The field and its message, in the part of the screen the sticky Save/Preview bar
  // (.deal-bar) does not cover; the field's top first when both do not fit.
  function bringIntoView(field) {
    var box = field.getBoundingClientRect();
    var top = box.top, bottom = box.bottom;
    var said = field.getAttribute("aria-describedby");
    var message = (said && document.getElementById(said)) ||
      form.querySelector("[data-error-for='" + field.name + "']");
    if (message && !message.closest("[hidden]")) {
      var at = message.getBoundingClientRect();
      top = Math.min(top, at.top);
      bottom = Math.max(bottom, at.bottom);
    }
    var bar = document.getElementById("deal-bar");
    var visible = window.innerHeight - (bar ? bar.offsetHeight : 0);
    // For the browser's own scrolling too (Tab, a message's link): games.css's scroll margin.
    if (bar) form.style.setProperty("--deal-bar-height", bar.offsetHeight + "px");
    var margin = 8;
    if (top >= margin && bottom <= visible - margin) return;
    var by = bottom - (visible - margin);
    if (top - by < margin) by = top - margin;  // too tall for the space: its top shows
    window.scrollBy(0, by);
  }
  focusOnOpen();

  // Tells a waiting test (or anything else) that typing now fills in and previews.
  form.dataset.ready = "1";

  // The game's rules and state (deal_form.html's json_script): with rules.js they score the
  // deal in the browser while the phone is offline.
  function gameState() {
    var script = document.getElementById("deal-state"); // live updates may replace it
    try { return JSON.parse(script.textContent); } catch (e) { return null; }
  }

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

  // Offline: the deal as the server's DealForm.clean builds it, scored by rules.js, in the
  // shape of the server's preview ({valid, summary, sides, held, melds} or {valid, errors}).
  function localPreview(data) {
    var state = gameState();
    var rules = window.HicksheetRules;
    if (!state || !rules) return null;
    // Deals waiting to be sent come before this one (offline-queue.js says where they leave
    // the game: its held points and the elder hand of this deal).
    var after = window.HicksheetQueue && state.queue ? window.HicksheetQueue.standing() : null;
    var parsed = dealFromForm(rules, state, data, after ? after.elder : state.elder);
    if (parsed.errors) return { valid: false, errors: parsed.errors };
    var held = after ? after.held : state.held;
    var scored = rules.scoreDeal(state.rules, parsed.deal, { held: held, side_names: state.side_names });
    if (!scored.valid) return { valid: false, errors: placedError(scored.error) };
    var r = scored.result;
    var melds = "";
    try { melds = parsed.deal.declared ? rules.meldsText(state.rules, parsed.deal, state.side_names) : ""; } catch (e) { melds = ""; }
    return {
      valid: true,
      summary: rules.summary(state.rules, r, parsed.deal, state.side_names),
      made: r.made,
      sides: state.side_names.map(function (name, i) { return { name: name, points: r.points[i], mark: r.marks[i] }; }),
      held: r.held,
      melds: melds
    };
  }

  // Where the server's DealForm.show_error puts an engine's message.
  function placedError(error) {
    var melds = ["declared", "elder", "meld_points"];
    var group = melds.indexOf(error.field) >= 0 ? "melds" : error.field;
    var groups = ["makers", "bid", "contre", "card_points", "all_tricks", "melds", "belle",
      "bonuses", "renege", "no_trump", "void", "game"];
    if (groups.indexOf(group) < 0) group = "game";
    var out = {};
    out[group] = engineText(error);
    return out;
  }

  // The words of the engine's refusal (rules.js), as the form shows them: the one place they
  // pass through, already in the page's language (rules.js; the server's twin: league.engine_words).
  function engineText(error) {
    return error.message;
  }

  function whole(value) {
    var text = String(value == null ? "" : value).trim();
    if (text === "") return { empty: true };
    if (!/^[-+]?\d+$/.test(text)) return { bad: true };
    return { value: parseInt(text, 10) };
  }

  // The deal the form holds, read as league/games/forms.py DealForm.clean reads it.
  function dealFromForm(rules, state, data, elder) {
    var names = state.side_names, sides = names.length, errors = {};
    var total = rules.dealTotal(state.rules, false);
    var ruleset = rules.rulesFrom(state.rules);
    var kinds = rules.MELD_KINDS.filter(function (k) { return k in ruleset.meld_values; });
    var cards = [];
    for (var i = 0; i < sides; i++) {
      var c = whole(data.get("card_points_" + i));
      if (c.bad) errors["card_points_" + i] = gettext("Card points are a whole number.");
      else if (!c.empty && c.value < 0) errors["card_points_" + i] = gettext("Card points cannot be below 0.");
      else if (!c.empty && c.value > total) errors["card_points_" + i] = format(gettext("No side takes more than %(total)s card points."), { total: total });
      cards.push(c.empty || c.bad ? null : c.value);
    }
    var melds = [], declared = [];
    var declaring = state.meld_entry === "declared";
    for (i = 0; i < sides; i++) {
      var side = [];
      if (!declaring) {
        kinds.forEach(function (kind) {
          var key = "meld_" + i + "_" + kind, n = whole(data.get(key));
          var who = { side: names[i] };
          if (n.bad) errors[key] = format(gettext("%(side)s: count each meld in whole numbers."), who);
          else if (!n.empty && n.value < 0) errors[key] = format(gettext("%(side)s: a meld count cannot be below 0."), who);
          else if (!n.empty && n.value > 4) errors[key] = format(gettext("%(side)s: at most 4 of one meld."), who);
          for (var t = 0; !n.empty && !n.bad && t < n.value; t++) side.push(kind);
        });
        melds.push(side);
        continue;
      }
      for (var row = 0; data.has("declared_" + i + "_" + row + "_meld"); row++) {
        var prefix = "declared_" + i + "_" + row;
        var kind = data.get(prefix + "_meld") || "", card = data.get(prefix + "_card") || "";
        if (!kind && !card) continue;
        var whose = { side: names[i] };
        if (!kind) { errors[prefix + "_meld"] = format(gettext("%(side)s: choose a run's length or four of a kind."), whose); continue; }
        if (!card) {
          errors[prefix + "_card"] = format(kind === "four" ? gettext("%(side)s: choose which four of a kind.")
            : gettext("%(side)s: choose the top card of the run."), whose);
          continue;
        }
        var raw = kind === "four" ? { form: "four", length: 4, top: card, trump: false }
          : { form: "run", length: parseInt(kind.slice(3), 10), top: card, trump: !!data.get(prefix + "_trump") };
        var built = rules.declared(raw);
        if (!built.valid) {
          errors[prefix + "_meld"] = format(pgettext("a side's name, then the engine's words about its meld", "%(side)s: %(message)s"),
            { side: names[i], message: engineText(built.error) });
          continue;
        }
        side.push(built.value);
      }
      declared.push(side);
    }
    // Part two (DealForm's docstring): each side's roem as a number (klaverjas).
    var roem = [];
    for (i = 0; data.has("roem_0") && i < sides; i++) {
      var r = whole(data.get("roem_" + i));
      if (r.bad) errors["roem_" + i] = gettext("Roem is a whole number.");
      else if (!r.empty && r.value < 0) errors["roem_" + i] = gettext("Roem cannot be below 0.");
      else if (!r.empty && r.value > 9999) errors["roem_" + i] = format(gettext("Roem cannot be above %(most)s."), { most: 9999 });
      roem.push(r.empty || r.bad ? 0 : r.value);
    }
    var allTricksRaw = data.get("all_tricks") || "";
    var allTricks = null;
    if (allTricksRaw !== "") {
      allTricks = /^\d+$/.test(allTricksRaw) ? parseInt(allTricksRaw, 10) : -1;
      if (allTricks < 0 || allTricks >= sides) errors.all_tricks = gettext("Choose one of the sides shown.");
    }
    if (Object.keys(errors).length) return { errors: errors };
    // The contract (coinche) and the bonuses (klebias-norm), read as DealForm._contract and
    // DealForm._bonuses read them: whether a number is a bid is the engine's to say.
    var bid = null, contre = 0;
    if (data.has("bid")) {
      var bidRaw = String(data.get("bid") || "").trim().toLowerCase();
      var contreRaw = String(data.get("contre") || "0").trim();
      if (bidRaw === "capot") bid = "capot";
      else if (/^\d{1,4}$/.test(bidRaw)) bid = parseInt(bidRaw, 10);
      else if (bidRaw) return { errors: { bid: gettext("Choose the bid from the list.") } };
      if (!/^\d{1,2}$/.test(contreRaw)) return { errors: { contre: gettext("Choose none, contrée or surcontrée.") } };
      contre = parseInt(contreRaw, 10);
    }
    var bonuses = [];
    for (i = 0; i < sides; i++) bonuses.push(data.getAll("bonuses_" + i).map(String));
    if (data.get("bimah")) {
      var taker = data.get("makers");
      if (taker === null || taker === "") {
        return { errors: { bonuses: gettext("Say which side made trump: the bimah is the makers'.") } };
      }
      bonuses[parseInt(taker, 10)].unshift("bimah");
    }
    if (!bonuses.some(function (b) { return b.length; })) bonuses = [];
    var renegeRaw = data.get("renege") || "";
    var renege = renegeRaw === "both" ? "both" : renegeRaw ? parseInt(renegeRaw, 10) : null;
    var isVoid = !!data.get("void_reason");
    var noTrump = !!data.get("no_trump");
    var cardPoints = null;
    if (!isVoid && renege === null) {
      if (allTricks !== null && cards.every(function (v) { return v === null; })) {
        // Every trick: that side holds every card point (DealForm._card_points).
        var all = rules.dealTotal(state.rules, noTrump);
        cards = cards.map(function (v, side) { return side === allTricks ? all : 0; });
      }
      var known = cards.filter(function (v) { return v !== null; });
      if (ruleset.all_cards_played && sides === 2 && known.length === 1) {
        var deck = rules.dealTotal(state.rules, noTrump);
        cards = cards.map(function (v) { return v !== null ? v : deck - known[0]; });
      }
      var missing = cards.indexOf(null);
      if (missing >= 0) {
        return { errors: { card_points: ruleset.all_cards_played
          ? gettext("Enter the card points of one side; the other is filled in.")
          : format(gettext("Enter the card points of %(side)s."), { side: names[missing] }) } };
      }
      cardPoints = cards;
    } else if (renege === "both" && cards.some(function (v) { return v !== null; })) {
      cardPoints = cards.map(function (v) { return v || 0; });
    }
    var anyDeclared = declared.some(function (d) { return d.length; });
    var makers = data.get("makers");
    var belle = data.get("belle");
    return { deal: {
      makers: makers === null || makers === "" ? null : parseInt(makers, 10),
      card_points: cardPoints,
      melds: melds.some(function (m) { return m.length; }) ? melds : [],
      declared: anyDeclared ? declared : null,
      elder: anyDeclared ? elder : null,
      belle: belle === null || belle === "" ? null : parseInt(belle, 10),
      renege: renege,
      void: isVoid,
      no_trump: noTrump,
      meld_points: roem.some(function (v) { return v; }) ? roem : null,
      all_tricks: allTricks,
      bid: bid,
      contre: contre,
      bonuses: bonuses
    } };
  }
  window.HicksheetDealForm = { dealFromForm: dealFromForm, localPreview: localPreview };

  function showLocal(data) {
    var local = localPreview(data);
    if (local) render(local);
  }

  // Set once the server says the game takes no more deals (a page left open after its end):
  // nothing more is asked, and its reason stays shown.
  var over = false;

  function preview() {
    if (over) return;
    var data = new FormData(form);
    // Only ask once the scorer has entered something worth scoring.
    var started = points.some(function (p) { return p.value !== ""; }) ||
      data.get("renege") || data.get("void_reason") || data.get("all_tricks");
    if (!started) { box.textContent = ""; showErrors({}); return; }
    // Offline, or with deals waiting to be sent (the server does not know them yet), the
    // browser scores the deal itself.
    var waiting = window.HicksheetQueue && window.HicksheetQueue.waiting() > 0;
    if (navigator.onLine === false || waiting) { showLocal(data); return; }
    fetch(url, { method: "POST", body: data, credentials: "same-origin",
                 headers: { "X-Requested-With": "fetch" } })
      .then(function (r) {
        if (r.ok) return r.json();
        // A server that cannot be reached behind the venue's Wi-Fi (a proxy's 502/504).
        if (r.status >= 500) showLocal(data);
        return null;
      })
      .then(function (json) {
        if (!json) return;
        if (json.over) over = true;
        render(json);
      })
      .catch(function () { showLocal(data); });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(preview, 200);
  }
  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
})();
