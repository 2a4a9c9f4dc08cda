// Deal entry through a Wi-Fi drop. A deal saved while the phone cannot reach the server is
// kept on the phone (IndexedDB) and sent, in order, when the network returns; each exactly
// once, since every form carries its own entry key and the server never adds a key twice.
//
// - Save: the form is sent by fetch, asking for a short JSON answer (league/games/answers.py).
//   Saved: the page reloads, as after a plain Save. No answer (offline, Wi-Fi gone): the deal
//   waits on the phone, the form moves on to the next deal, and the sheet shows the waiting
//   deals and the totals with them (scored by rules.js). Any other answer (a mistake in the
//   deal, the game over): the form is sent again the plain way, so the server's page says it.
// - Waiting deals go out one at a time, oldest first, on the "online" event, every few
//   seconds, and with the "Send now" button; after the last one the page's parts are fetched
//   afresh so each deal shows as the server scored it.
// - Conflict: when the server refuses a waiting deal because the sheet changed meanwhile
//   (somebody else entered that deal, or deals were taken off), nothing more is sent; the page
//   shows the deal and asks: send it as the next deal, or discard it. Never silently.
//
// Without IndexedDB (or without this script) the form posts as before. Service workers are
// not needed: this works on plain http over the club's Wi-Fi too.
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  var stateScript = document.getElementById("deal-state");
  if (!form || !stateScript || !window.indexedDB || !window.fetch) return;
  var state;
  try { state = JSON.parse(stateScript.textContent); } catch (e) { return; }
  if (!state || !state.queue) return;
  // Words through Django's JavaScript catalog (/jsi18n/, loaded by base.html first); English
  // where a page has not got it.
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
  var pgettext = window.pgettext || function (c, s) { return s; };
  var npgettext = window.npgettext || function (c, s, p, n) { return n === 1 ? s : p; };
  var interpolate = window.interpolate || function (fmt, obj) {
    return fmt.replace(/%\((\w+)\)[sd]/g, function (m, key) { return String(obj[key]); });
  };
  function format(fmt, params) { return interpolate(fmt, params, true); }

  var RETRY_MS = 4000;
  var action = form.getAttribute("action").split("#")[0];
  // One queue a form's address (a game's, a side's entry link's): the same whether the page
  // is shown at its own address or at the one a refused Save left in the address bar.
  var pageKey = action.split("?")[0];
  var pageUrl = null; // the page's own address, as the server names it in a saved answer
  var items = []; // waiting deals, oldest first: {id, page, action, number, entry_key, fields, state, ...}
  var sending = false;
  var unreachable = false; // the last attempt to reach the server failed
  var landed = 0; // sent since the page was drawn: the page's parts are fetched afresh after
  var db = null;

  // -- storage -------------------------------------------------------------------------------
  function openDb() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("hicksheet-offline", 1);
      request.onupgradeneeded = function () {
        var store = request.result.createObjectStore("deals", { keyPath: "id", autoIncrement: true });
        store.createIndex("page", "page");
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function tx(mode, work) {
    return new Promise(function (resolve, reject) {
      var t = db.transaction("deals", mode);
      var out = work(t.objectStore("deals"));
      t.oncomplete = function () { resolve(out && "result" in out ? out.result : undefined); };
      t.onerror = function () { reject(t.error); };
      t.onabort = function () { reject(t.error); };
    });
  }
  function loadItems() {
    return tx("readonly", function (store) { return store.index("page").getAll(pageKey); })
      .then(function (found) {
        items = (found || []).sort(function (a, b) { return a.id - b.id; });
      });
  }
  function put(item) {
    return tx("readwrite", function (store) { return store.put(item); })
      .then(function (id) { item.id = id; return item; });
  }
  function remove(item) { return tx("readwrite", function (store) { store.delete(item.id); }); }

  // -- the page's parts ----------------------------------------------------------------------
  var entry = form.closest("section") || form.parentNode;
  var status = document.createElement("div");
  status.id = "offline-status";
  status.className = "offline-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  status.hidden = true;
  var conflictBox = document.createElement("div");
  conflictBox.id = "offline-conflict";
  conflictBox.className = "banner warning offline-conflict";
  conflictBox.setAttribute("role", "alert");
  conflictBox.hidden = true;
  var heading = entry.querySelector("h2");
  if (heading) heading.after(status, conflictBox); else form.before(status, conflictBox);

  function numberInput() { return form.querySelector("input[name='number']"); }
  function keyInput() { return form.querySelector("input[name='entry_key']"); }
  function formNumber() { return parseInt((numberInput() || {}).value, 10) || state.number; }

  function uuid4() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b); // crypto.randomUUID needs https; this does not
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  // The CSRF token as it is now, not as it was when the deal was queued: signing in again
  // (after a session ran out, say) gives a new one and the kept one would be refused forever.
  // Django's cookie holds a valid token; the form on the page one as fresh as the page.
  function currentToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) return decodeURIComponent(match[1]);
    var field = form.querySelector("input[name='csrfmiddlewaretoken']");
    return field ? field.value : null;
  }

  function fieldsData(fields) {
    var data = new FormData();
    var token = currentToken();
    fields.forEach(function (pair) {
      data.append(pair[0], pair[0] === "csrfmiddlewaretoken" && token ? token : pair[1]);
    });
    return data;
  }

  // The waiting deals scored one after another from the game as the page was drawn: their
  // results, and where they leave the game (totals, held points, the next deal's elder hand).
  function standing() {
    var rules = window.HicksheetRules, parse = window.HicksheetDealForm;
    var dealer = state.dealer;
    var deals = [];
    items.forEach(function (item) {
      var elder = dealer === null || dealer === undefined ? state.elder : rules.elderSide(state.rules, dealer);
      var parsed = parse ? parse.dealFromForm(rules, state, fieldsData(item.fields), elder) : {};
      deals.push(parsed.deal || null);
      if (parsed.deal && dealer !== null && dealer !== undefined) dealer = rules.nextDealer(state.rules, dealer, parsed.deal);
    });
    var nextElder = dealer === null || dealer === undefined ? state.elder : rules.elderSide(state.rules, dealer);
    var scorable = deals.every(function (d) { return d !== null; });
    var played = scorable && rules ? rules.playOn(state.rules, deals, { totals: state.totals, held: state.held,
      side_names: state.side_names, first_number: state.number }) : { valid: false };
    return {
      count: items.length,
      deals: deals,
      results: played.valid ? played.results : null,
      running: played.valid ? played.running : null,
      totals: played.valid ? played.totals : state.totals,
      held: played.valid ? played.held : state.held,
      elder: nextElder
    };
  }

  function scoreLine(totals, held) {
    var line = state.side_names.map(function (name, i) { return name + " " + totals[i]; }).join(" · ");
    return held ? format(gettext("%(line)s (%(held)s held)"), { line: line, held: held }) : line;
  }

  function describe(item, index, now) {
    var deal = now.deals[index];
    var names = state.side_names;
    if (!deal) return "";
    var parts = [];
    // One phrase a part of the deal, "; " between them (as the sheet's notes).
    if (deal.void) parts.push(pgettext("a waiting deal, in words", "void deal"));
    else if (deal.renege === "both") parts.push(pgettext("a waiting deal, in words", "both reneged"));
    else if (deal.renege !== null) parts.push(format(pgettext("a waiting deal, in words", "%(side)s reneged"), { side: names[deal.renege] }));
    else {
      if (deal.makers !== null) parts.push(format(pgettext("a waiting deal, in words", "%(side)s made trump"), { side: names[deal.makers] }));
      if (deal.card_points) parts.push(format(pgettext("a waiting deal, in words", "card points %(points)s"), { points: deal.card_points.join(" – ") }));
    }
    var rules = window.HicksheetRules;
    // The verb agrees with the people on a side: "Anna melds", "Anna & Ben meld".
    var people = 1;
    try {
      var whole = rules.rulesFrom(state.rules);
      people = whole.players / whole.sides;
    } catch (e) { /* one, as the English singular */ }
    (deal.melds || []).forEach(function (kinds, side) {
      if (kinds.length) {
        parts.push(format(npgettext("a waiting deal, in words", "%(side)s melds %(melds)s",
          "%(side)s meld %(melds)s", people), { side: names[side],
          melds: kinds.map(function (k) { return rules.MELD_LABELS[k].toLowerCase(); }).join(", ") }));
      }
    });
    (deal.declared || []).forEach(function (melds, side) {
      if (melds.length) parts.push(format(pgettext("a waiting deal, in words", "%(side)s declared %(melds)s"), { side: names[side], melds: melds.map(rules.describe).join(", ") }));
    });
    if (deal.belle !== null) parts.push(format(pgettext("a waiting deal, in words", "belle %(side)s"), { side: names[deal.belle] }));
    if (deal.no_trump) parts.push(pgettext("a waiting deal, in words", "no trump"));
    var result = now.results && now.results[index];
    if (result) {
      parts.push(format(pgettext("a waiting deal, in words", "scores %(marks)s"),
        { marks: names.map(function (n, i) { return n + " " + result.marks[i]; }).join(", ") }));
    }
    return parts.join("; ");
  }

  function showWaitingRows(now) {
    var sheet = document.getElementById("sheet");
    if (!sheet) return;
    var body = sheet.tBodies[0];
    Array.prototype.slice.call(body.querySelectorAll("tr.waiting")).forEach(function (tr) { tr.remove(); });
    var empty = body.querySelector("td.empty");
    if (empty) empty.closest("tr").hidden = items.length > 0;
    items.forEach(function (item, index) {
      var tr = document.createElement("tr");
      tr.className = "waiting";
      tr.id = "waiting-" + item.number;
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = String(item.number);
      tr.appendChild(th);
      state.side_names.forEach(function (name, side) {
        var mark = document.createElement("td"), total = document.createElement("td");
        mark.className = "mark";
        total.className = "running";
        if (now.results) {
          mark.textContent = now.results[index].marks[side];
          if (mark.textContent === "XX") mark.className += " mark-set";
          total.textContent = String(now.running[index][side]);
        }
        tr.appendChild(mark);
        tr.appendChild(total);
      });
      var dealer = document.createElement("td");
      dealer.className = "dealer";
      var note = document.createElement("td");
      note.className = "note";
      note.textContent = item.state === "conflict" ? gettext("Not sent: your answer is needed at the deal form") : gettext("Waiting to send");
      tr.appendChild(dealer);
      tr.appendChild(note);
      body.appendChild(tr);
    });
  }

  function draw() {
    var now = standing();
    var offline = navigator.onLine === false || unreachable;
    status.hidden = !offline && items.length === 0;
    status.textContent = "";
    var what = document.createElement("strong");
    what.id = "offline-state";
    what.textContent = offline ? gettext("Offline") : gettext("Online");
    status.appendChild(what);
    var waiting = document.createElement("span");
    waiting.id = "offline-waiting";
    var blocked = items.length && items[0].state === "conflict";
    var count = { count: items.length };
    var said = "";
    if (items.length && blocked) {
      said = format(ngettext("%(count)s deal waiting to send: the first needs your answer below",
        "%(count)s deals waiting to send: the first needs your answer below", items.length), count);
    } else if (items.length && offline) {
      said = format(ngettext("%(count)s deal waiting to send; it goes when the Wi-Fi is back",
        "%(count)s deals waiting to send; they go when the Wi-Fi is back", items.length), count);
    } else if (items.length) {
      said = format(ngettext("%(count)s deal waiting to send", "%(count)s deals waiting to send", items.length), count);
    } else if (offline) {
      said = gettext("deals you save are kept on this phone until the Wi-Fi is back");
    }
    waiting.textContent = said ? " · " + said : "";
    status.appendChild(waiting);
    if (items.length && !blocked) {
      var now_ = document.createElement("button");
      now_.type = "button";
      now_.className = "secondary offline-send";
      now_.id = "offline-send";
      now_.textContent = gettext("Send now");
      now_.addEventListener("click", function () { unreachable = false; trySend(); });
      status.appendChild(now_);
    }
    status.dataset.waiting = String(items.length);
    // The form's deal follows the waiting ones.
    var next = formNumber();
    // The heading that names the form's deal (marked data-deal-heading; an unmarked one that
    // reads "Deal 3" in English too).
    if (heading && (heading.hasAttribute("data-deal-heading") || /^Deal \d+/.test(heading.textContent.trim()))) {
      heading.textContent = format(gettext("Deal %(number)s"), { number: next });
    }
    var score = document.getElementById("entry-score");
    if (score) {
      var line = { score: scoreLine(now.totals, now.held), count: items.length };
      score.textContent = items.length
        ? format(ngettext("Score: %(score)s (with %(count)s waiting deal)",
          "Score: %(score)s (with %(count)s waiting deals)", items.length), line)
        : format(gettext("Score: %(score)s"), line);
    }
    showWaitingRows(now);
    showWaitingTotals(now);
    holdUndo();
    drawConflict(now);
  }

  // The sheet's Total row counts the waiting deals too, as the rows above it and the score do
  // (the server's figures are kept on each cell, and shown again once nothing waits).
  function showWaitingTotals(now) {
    var sheet = document.getElementById("sheet");
    var row = sheet && sheet.querySelector("tfoot tr.totals");
    if (!row) return;
    row.classList.toggle("with-waiting", items.length > 0);
    row.querySelectorAll("td[colspan]").forEach(function (cell, side) {
      if (!("saved" in cell.dataset)) cell.dataset.saved = cell.textContent;
      cell.textContent = items.length && now.totals ? String(now.totals[side]) : cell.dataset.saved;
    });
  }

  // Undo takes off the last deal the server has: while deals wait on the phone that is not
  // the last deal of the sheet, so the button is hidden until they are sent.
  function holdUndo() {
    var undo = document.getElementById("undo");
    if (undo) undo.hidden = items.length > 0;
  }

  function drawConflict(now) {
    var item = items[0];
    conflictBox.textContent = "";
    conflictBox.hidden = !(item && item.state === "conflict");
    if (conflictBox.hidden) return;
    var head = document.createElement("p");
    var strong = document.createElement("strong");
    var which = { number: item.number };
    strong.textContent = format(item.closed ? gettext("Deal %(number)s was not sent: this game takes no more deals.")
      : item.conflict ? gettext("Deal %(number)s was not sent: the sheet changed while it was waiting.")
        : gettext("Deal %(number)s was not sent: the server did not take it."), which);
    head.appendChild(strong);
    if (item.message) head.append(" " + item.message);
    conflictBox.appendChild(head);
    var values = document.createElement("p");
    values.id = "offline-conflict-deal";
    var described = describe(item, 0, now);
    values.textContent = described
      ? format(gettext("The deal waiting on this phone: %(deal)s."), { deal: described })
      : gettext("The deal waiting on this phone: as you typed it.");
    conflictBox.appendChild(values);
    var ask = document.createElement("p");
    ask.textContent = item.closed ? gettext("It cannot be sent here. Check the sheet, then discard it.")
      : gettext("Check the sheet above. What should happen to your deal?");
    conflictBox.appendChild(ask);
    var buttons = document.createElement("div");
    buttons.className = "actions";
    if (!item.closed && item.next_number) {
      var send = document.createElement("button");
      send.type = "button";
      send.className = "primary";
      send.id = "conflict-send-next";
      send.textContent = format(gettext("Send it as the next deal (deal %(number)s)"), { number: item.next_number });
      send.addEventListener("click", function () { resolve(true); });
      buttons.appendChild(send);
    }
    if (!item.closed && !item.next_number) {
      var again = document.createElement("button");
      again.type = "button";
      again.className = "primary";
      again.id = "conflict-try-again";
      again.textContent = gettext("Try sending it again");
      again.addEventListener("click", function () {
        item.state = "waiting";
        put(item).then(function () { draw(); trySend(); });
      });
      buttons.appendChild(again);
    }
    var discard = document.createElement("button");
    discard.type = "button";
    discard.className = "secondary";
    discard.id = "conflict-discard";
    discard.textContent = gettext("Discard it");
    discard.addEventListener("click", function () { resolve(false); });
    buttons.appendChild(discard);
    conflictBox.appendChild(buttons);
  }

  // The user's answer to a conflict: the waiting deals follow on from the sheet as it is now.
  function resolve(sendIt) {
    var item = items[0];
    if (!item || item.state !== "conflict") return;
    var next = item.next_number || formNumber();
    var done = sendIt ? Promise.resolve() : remove(item).then(function () { items.shift(); });
    done.then(function () {
      var saves = items.map(function (it, i) {
        it.number = next + i;
        it.state = "waiting";
        it.message = "";
        it.fields = it.fields.map(function (pair) { return pair[0] === "number" ? ["number", String(it.number)] : pair; });
        return put(it);
      });
      return Promise.all(saves);
    }).then(function () {
      if (numberInput()) numberInput().value = String(next + items.length);
      unreachable = false;
      draw();
      if (items.length) trySend(); else refresh();
    });
  }

  // -- sending -------------------------------------------------------------------------------
  function post(target, data) {
    return fetch(target, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-Requested-With": "fetch" }
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") < 0) return { response: response, json: null };
      return response.json().then(function (json) { return { response: response, json: json }; });
    });
  }

  function trySend() {
    if (sending || !items.length || items[0].state === "conflict") return;
    if (navigator.onLine === false) { unreachable = true; draw(); return; }
    sending = true;
    var item = items[0];
    post(item.action, fieldsData(item.fields)).then(function (answer) {
      var json = answer.json, code = answer.response.status;
      if (json && json.saved) {
        if (json.page) pageUrl = json.page.split("#")[0];
        return remove(item).then(function () {
          items.shift();
          landed += 1;
          unreachable = false;
          sending = false;
          draw();
          if (items.length) trySend(); else refresh();
        });
      }
      sending = false;
      // A proxy's or a restarting server's 502/503: not there yet; try again later.
      if (code >= 500) { unreachable = true; draw(); return null; }
      // Refused: the sheet moved on, the game is over, the deal is wrong, or a page came back
      // instead of an answer (signed out, say). Stop and ask.
      unreachable = false;
      item.state = "conflict";
      item.conflict = !!(json && json.conflict);
      item.message = json ? json.message || "" : answer.response.redirected || code === 403
        ? gettext("You were signed out meanwhile. Sign in again in another tab, then press Try again: the deal is still kept here.")
        : format(gettext("The server answered with a page instead (error %(code)s). Try again, or reload the page."), { code: code });
      item.next_number = json && json.conflict ? json.next_number || null : null;
      item.closed = !!(json && json.closed);
      return put(item).then(draw);
    }, function () {
      sending = false;
      unreachable = true;
      draw();
    });
  }

  // After the queue drained: the page's parts as the server has them now, keeping the form
  // and whatever is typed in it (the parts around the entry section are replaced).
  function refresh() {
    if (!landed) return;
    landed = 0;
    fetch(pageUrl || location.pathname + location.search, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var main = document.getElementById("content"), freshMain = fresh.getElementById("content");
        var freshForm = fresh.getElementById("deal-form");
        if (!main || !freshMain || !freshForm) { goTo(pageUrl || location.pathname); return; }
        var freshEntry = freshForm.closest("section") || freshForm.parentNode;
        var freshState = fresh.getElementById("deal-state");
        state = JSON.parse(freshState.textContent);
        stateScript.textContent = freshState.textContent;
        if (numberInput()) numberInput().value = String(state.number + items.length);
        var score = entry.querySelector("#entry-score"), freshScore = freshEntry.querySelector("#entry-score");
        if (score && freshScore) score.replaceWith(freshScore);
        freshEntry.replaceWith(entry);
        // The page's scripts run already: the fresh copies must not run again.
        freshMain.querySelectorAll("script:not([type='application/json'])").forEach(function (el) { el.remove(); });
        Array.prototype.slice.call(main.childNodes).forEach(function (n) { n.remove(); });
        Array.prototype.slice.call(freshMain.childNodes).forEach(function (n) { main.appendChild(document.adoptNode(n)); });
        draw();
        document.dispatchEvent(new CustomEvent("offline:landed"));
      })
      .catch(function () { /* the next reload shows it */ });
  }

  // On to the page, as a plain Save's redirect goes: its own address, opened at the form.
  function goTo(page) {
    var path = page.split("#")[0];
    if (path !== location.pathname + location.search) { location.assign(path + "#entry"); return; }
    // The same address: a new hash alone would not load it again.
    try { sessionStorage.setItem("hicksheet-open-at", "entry"); } catch (e) { /* fine */ }
    // A reload would put the page back where it was scrolled to, after the form is shown:
    // the page opens at the form instead (below), with the cursor in it (deal-entry.js).
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    location.reload();
  }
  try {
    if (sessionStorage.getItem("hicksheet-open-at") === "entry") {
      sessionStorage.removeItem("hicksheet-open-at");
      if (location.hash !== "#entry" && entry.id) entry.scrollIntoView();
    }
  } catch (e) { /* fine */ }

  // -- saving the form -----------------------------------------------------------------------
  function clearForm() {
    form.querySelectorAll("input, select").forEach(function (input) {
      if (input.type === "hidden") return;
      if (input.type === "radio") { input.checked = input.value === "" ; return; }
      if (input.type === "checkbox") { input.checked = false; return; }
      if (input.tagName === "SELECT") { input.selectedIndex = 0; return; }
      input.value = "";
      delete input.dataset.auto;
    });
    var box = document.getElementById("preview");
    if (box) box.textContent = "";
  }

  function enqueue(data) {
    var number = formNumber();
    data.set("number", String(number));
    var fields = [];
    data.forEach(function (value, key) { if (typeof value === "string") fields.push([key, value]); });
    var item = { page: pageKey, action: action, number: number, entry_key: data.get("entry_key"),
      fields: fields, state: "waiting", saved_at: Date.now() };
    return put(item).then(function () {
      items.push(item);
      if (numberInput()) numberInput().value = String(number + 1);
      if (keyInput()) keyInput().value = uuid4();
      clearForm();
      draw();
      var first = form.querySelector("input[name='makers']");
      if (first) first.focus();
    });
  }

  function localCheck(data) {
    var preview = window.HicksheetDealForm && window.HicksheetDealForm.localPreview(data);
    return preview || { valid: true };
  }

  function showInvalid(preview) {
    // deal-entry.js shows the errors as it shows the server's: dispatch a change to re-preview.
    form.dispatchEvent(new Event("change", { bubbles: true }));
    var box = document.getElementById("preview");
    if (box) box.textContent = "";
    var note = document.createElement("p");
    note.className = "error live";
    note.setAttribute("role", "alert");
    note.dataset.errorFor = "queue";
    var first = Object.keys(preview.errors || {}).map(function (k) { return preview.errors[k]; })[0];
    note.textContent = first
      ? format(gettext("Not kept yet: put right what is marked. %(error)s"), { error: first })
      : gettext("Not kept yet: put right what is marked.");
    form.querySelectorAll("[data-error-for='queue']").forEach(function (p) { p.remove(); });
    form.prepend(note);
  }

  form.addEventListener("submit", function (event) {
    var submitter = event.submitter;
    var offline = navigator.onLine === false || unreachable || items.length > 0;
    if (submitter && submitter.name === "preview" && offline) {
      // The Preview button asks the server; offline the browser answers it (deal-entry.js).
      event.preventDefault();
      form.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    if (submitter && submitter.name) return; // Preview, "Add another meld": the server's page
    if (!db) return;
    event.preventDefault();
    var data = new FormData(form);
    if (offline) {
      var check = localCheck(data);
      if (!check.valid) { showInvalid(check); return; }
      enqueue(data).then(trySend);
      return;
    }
    var save = document.getElementById("save-deal");
    if (save) save.disabled = true;
    post(action, data).then(function (answer) {
      if (answer.json && answer.json.saved) {
        goTo(answer.json.page || location.pathname);
        return;
      }
      // The server refused it: its page says why, next to the field (the plain way).
      if (save) save.disabled = false;
      HTMLFormElement.prototype.submit.call(form);
    }, function () {
      // No answer: the Wi-Fi dropped. Keep the deal on the phone, if it is a deal.
      if (save) save.disabled = false;
      unreachable = true;
      var check = localCheck(data);
      if (!check.valid) { draw(); showInvalid(check); return; }
      enqueue(data).then(trySend);
    });
  });

  window.addEventListener("online", function () { unreachable = false; draw(); trySend(); });
  // The page's parts were fetched afresh by the live updates (live.js): read the game's state
  // again, and show the waiting deals on the new sheet.
  document.addEventListener("live:updated", function () {
    var fresh = document.getElementById("deal-state");
    if (fresh) {
      stateScript = fresh;
      try { state = JSON.parse(fresh.textContent) || state; } catch (e) { /* keep the old */ }
    }
    // A form nobody is filling in moves on with the game (another phone saved a deal): the
    // deal it now enters is the next one. One being filled in keeps its number, and the server
    // says so if that deal was entered meanwhile.
    var busy = window.HicksheetLive && window.HicksheetLive.inUse(form);
    if (numberInput() && !busy && typeof state.number === "number") {
      numberInput().value = String(state.number + items.length);
    }
    draw();
  });
  window.addEventListener("offline", function () { draw(); });
  setInterval(function () { if (items.length) trySend(); }, RETRY_MS);

  window.HicksheetQueue = {
    waiting: function () { return items.length; },
    standing: standing
  };

  openDb().then(function (opened) {
    db = opened;
    return loadItems();
  }).then(function () {
    // A fresh key for the form's deal: a page the service worker kept may carry the key of a
    // deal already sent from it, and the server would take this deal for that one.
    if (keyInput()) keyInput().value = uuid4();
    // Deals kept from before a reload come before the form's.
    if (items.length && numberInput()) numberInput().value = String(state.number + items.length);
    form.dataset.queueReady = "1";
    draw();
    trySend();
  }).catch(function () { db = null; form.dataset.queueReady = "0"; });
})();
