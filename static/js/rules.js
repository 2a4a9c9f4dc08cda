// The scoring rules of one deal, in the browser: a port of scoring/deal.py, scoring/melds.py
// and the parts of scoring/rules.py, scoring/game.py and scoring/dealers.py a deal needs, so
// that the deal form's preview and the running totals keep working while the phone is offline.
//
// The Python engine is the rule; this copy must agree with it on every deal, valid or not,
// refusals in the same words (tests/browser/test_rules_js.py compares them on every preset:
// worked examples, hand-picked and seeded-random deals, whole games). It holds no presets:
// the page gives it the game's whole ruleset (league/games/ruleset_data.py, every field of
// scoring.Ruleset), so what the engine plays is what the browser scores.
//
//   HicksheetRules.scoreDeal(rules, deal, state)
//     rules: a game's resolved ruleset data (the deal form's "deal-state" .rules)
//     deal: {makers, card_points, melds, belle, tricks, renege, void, no_trump, declared, elder,
//            meld_points, all_tricks, bid, contre, bonuses}
//           (declared: one list a side of {form: "run"|"four"|"three", length, top, trump})
//     state: {held, side_names} (both optional)
//   returns {valid: true, result: {points, marks, made, combined, held, paid_held, winner,
//            void, renege, tied, meld_points, meld_side, all_tricks, contract, factor,
//            scored_meld_points}} or {valid: false, error: {message, field, side}}.
(function (global) {
  "use strict";

  // scoring.rules: MELD_KINDS, MELD_LABELS, MELD_WORDS, MELD_CARDS, BONUS_*, the bids.
  var MELD_KINDS = ["run3", "run4", "run5", "four_jacks", "four_9", "four_A", "four_10",
    "four_K", "four_Q", "four_8", "four_7", "three_A", "three_K", "three_Q", "three_J",
    "three_10", "three_9", "three_8", "three_7", "menage"];
  var MELD_LABELS = {
    run3: "Run of 3", run4: "Run of 4", run5: "Run of 5 or more", four_jacks: "Four jacks",
    four_9: "Four nines", four_A: "Four aces", four_10: "Four tens", four_K: "Four kings",
    four_Q: "Four queens", four_8: "Four eights", four_7: "Four sevens", three_A: "Three aces",
    three_K: "Three kings", three_Q: "Three queens", three_J: "Three jacks", three_10: "Three tens",
    three_9: "Three nines", three_8: "Three eights", three_7: "Three sevens",
    menage: "Ménage (K-Q-J of trumps)"
  };
  var MELD_WORD_TEXT = {
    run3: "run of 3", run4: "run of 4", run5: "run of 5 or more", four_jacks: "four jacks",
    four_9: "four nines", four_A: "four aces", four_10: "four tens", four_K: "four kings",
    four_Q: "four queens", four_8: "four eights", four_7: "four sevens", three_A: "three aces",
    three_K: "three kings", three_Q: "three queens", three_J: "three jacks", three_10: "three tens",
    three_9: "three nines", three_8: "three eights", three_7: "three sevens",
    menage: "ménage (king, queen and jack of trumps)"
  };
  var MELD_CARDS = { run3: 3, run4: 4, run5: 5, menage: 3 };
  var BONUS_KINDS = ["bimah", "shlomo", "cleopatra"];
  var BONUS_LABELS = { bimah: "Bimah", shlomo: "Shlomo HaMelech", cleopatra: "Cleopatra" };
  var CAPOT = "capot", CAPOT_BID = 250, LOWEST_BID = 80;
  var NO_TRUMP_DEAL_TOTAL = 130;
  var RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];
  var RANK_WORDS = {
    "7": ["seven", "sevens"], "8": ["eight", "eights"], "9": ["nine", "nines"],
    "10": ["ten", "tens"], J: ["jack", "jacks"], Q: ["queen", "queens"], K: ["king", "kings"],
    A: ["ace", "aces"]
  };
  var NUMBER_WORDS = { 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
    7: "seven", 8: "eight", 9: "nine" };
  // Each four's and three's rank (scoring.melds _FOUR_KIND_RANKS, _THREE_KIND_RANKS).
  var FOUR_RANK = {}, THREE_RANK = {};
  RANKS.forEach(function (rank) {
    FOUR_RANK[rank === "J" ? "four_jacks" : "four_" + rank] = rank;
    THREE_RANK["three_" + rank] = rank;
    MELD_CARDS[rank === "J" ? "four_jacks" : "four_" + rank] = 4;
    MELD_CARDS["three_" + rank] = 3;
  });

  // A refusal: ``message`` is words (T below) or a plain string; the page's language is used.
  function InvalidDeal(message, field, side) {
    this.term = message;
    this.message = say(message);
    this.field = field === undefined ? null : field;
    this.side = side === undefined ? null : side;
  }

  // -- the engine's words in the page's language (scoring/errors.py Term; league/engine_words.py)
  // T(template, params, context): English words with named placeholders, as the engine marks
  // them. say() gives them in the page's language from the catalog the page carries ("words"
  // in the deal form's json_script "deal-state": {msgid or context\u0004msgid: translation}),
  // English where it has none, so the preview refuses in the same words as the server.
  function T(template, params, context) {
    return { template: template, params: params || {}, context: context || null };
  }
  var WORDS = null;
  function catalog() {
    if (WORDS === null) {
      WORDS = {};
      try {
        var script = global.document && global.document.getElementById("deal-state");
        if (script) WORDS = JSON.parse(script.textContent).words || {};
      } catch (e) { WORDS = {}; }
    }
    return WORDS;
  }
  function fill(text, params, words) {
    var lost = false;
    var out = text.replace(/%\((\w+)\)[sd]|%%/g, function (whole, name) {
      if (whole === "%%") return "%";
      if (!Object.prototype.hasOwnProperty.call(params, name)) { lost = true; return whole; }
      return render(params[name], words);
    });
    return lost ? null : out;
  }
  function render(x, words) {
    if (x === null || typeof x !== "object" || !("template" in x)) return String(x);
    var key = x.context ? x.context + "\u0004" + x.template : x.template;
    var text = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : x.template;
    if (!Object.keys(x.params).length) return text;
    var out = fill(text, x.params, words);
    return out === null ? fill(x.template, x.params, words) : out; // a translation that lost a placeholder
  }
  function say(x) { return render(x, catalog()); }
  function english(x) { return render(x, {}); }

  // Python's repr() of a value the scorer gave, as the engine's messages quote it.
  function pyRepr(value) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "number") return String(value);
    if (typeof value === "string") {
      var quote = value.indexOf("'") >= 0 && value.indexOf('"') < 0 ? '"' : "'";
      var body = value.replace(/\\/g, "\\\\");
      if (quote === "'") body = body.replace(/'/g, "\\'");
      return quote + body + quote;
    }
    if (Array.isArray(value)) return "[" + value.map(pyRepr).join(", ") + "]";
    return JSON.stringify(value);
  }

  // A game's ruleset: the page gives every field (league/games/ruleset_data.py), so there is
  // nothing to resolve; a preset's name and overrides alone cannot be scored here.
  function rulesFrom(data) {
    if (data && data.players && data.meld_values) return data;
    throw new Error("rules.js needs the whole ruleset (every field), not " + JSON.stringify(data));
  }

  // -- words (scoring/words.py, scoring/errors.py, scoring/melds.py) ---------------------------
  function isWhole(v) { return typeof v === "number" && Number.isInteger(v); }
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function partnerships(rules) { return rules.players > rules.sides; }
  function cardTotal(rules, noTrump) { return noTrump ? NO_TRUMP_DEAL_TOTAL : rules.deal_total; }
  function meldValue(rules, kind) { return has(rules.meld_values, kind) ? rules.meld_values[kind] : null; }
  function bonusValue(rules, kind) {
    return rules.bonus_values && has(rules.bonus_values, kind) ? rules.bonus_values[kind] : null;
  }
  function contreFactor(rules, contre) { return !contre ? 1 : rules.contre_factors[contre - 1]; }
  function number(n) { return NUMBER_WORDS[n] ? T(NUMBER_WORDS[n]) : String(n); }
  function Number_(n) { return NUMBER_WORDS[n] ? T(capital(NUMBER_WORDS[n])) : String(n); }
  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  function rankThe(rank) { return T("the " + RANK_WORDS[rank][0]); }
  function rankA(rank) {
    return T((rank === "8" || rank === "A" ? "an " : "a ") + RANK_WORDS[rank][0]);
  }
  function rankPlural(rank) { return T(RANK_WORDS[rank][1]); }
  function meldWords(kind) { return T(MELD_WORD_TEXT[kind]); } // scoring.rules.MELD_WORDS
  function gameName(rules) { return T(rules.name); }
  function whose(name) {
    return T(/[sS]$/.test(english(name)) ? "%(name)s'" : "%(name)s's", { name: name });
  }
  function both(words) {
    return words.length === 1 ? words[0]
      : T("%(first)s and %(second)s", { first: words[0], second: both(words.slice(1)) });
  }
  function andList(words) {
    if (words.length === 1) return words[0];
    if (words.length === 2) return T("%(first)s and %(second)s", { first: words[0], second: words[1] });
    return T("%(first)s, %(rest)s", { first: words[0], rest: andList(words.slice(1)) });
  }
  function orList(words) {
    if (words.length === 1) return words[0];
    return T("%(first)s or %(rest)s", { first: words[0], rest: orList(words.slice(1)) });
  }
  function sideName(rules, side, names) {
    if (names) return names[side];
    return T(partnerships(rules) ? "partnership %(number)d" : "player %(number)d", { number: side + 1 });
  }
  function sideWho(rules, side, names) {
    if (names) return names[side];
    return T(partnerships(rules) ? "Partnership %(number)d" : "Player %(number)d", { number: side + 1 });
  }
  function everybody(rules) { return T(rules.sides === 2 ? "both sides" : "every player"); }
  function range(n) { var out = []; for (var i = 0; i < n; i++) out.push(i); return out; }
  function sum(values) { return values.reduce(function (a, b) { return a + b; }, 0); }
  function zerosOf(rules) { return range(rules.sides).map(function () { return 0; }); }
  function compareKeys(a, b) {
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  }
  function maxBy(items, key) {
    var best = null, bestKey = null;
    items.forEach(function (item) {
      var k = key(item);
      if (best === null || compareKeys(k, bestKey) > 0) { best = item; bestKey = k; }
    });
    return best;
  }
  function popcount(x) {
    x = x >>> 0;
    var n = 0;
    while (x) { x = (x & (x - 1)) >>> 0; n++; }
    return n;
  }

  // -- declared melds (scoring/melds.py Declared) ---------------------------------------------
  function rankOf(value) {
    if (isWhole(value)) value = String(value);
    if (typeof value === "string" && RANKS.indexOf(value.trim().toUpperCase()) >= 0) {
      return value.trim().toUpperCase();
    }
    throw new InvalidDeal(T("%(value)s is not a card rank; the ranks are %(ranks)s.",
      { value: pyRepr(value), ranks: RANKS.join(", ") }), "declared");
  }

  // A declared meld checked as scoring.melds.Declared checks it when it is made.
  function declared(raw) {
    var form = raw.form, length = raw.length, trump = raw.trump === undefined ? false : raw.trump;
    if (form !== "run" && form !== "four" && form !== "three") {
      throw new InvalidDeal(T("%(form)s is not a meld; a meld is a run, a four or a three of a kind.",
        { form: pyRepr(form) }), "declared");
    }
    var top = rankOf(raw.top);
    if (typeof trump !== "boolean") {
      throw new InvalidDeal(T("Say whether the run is in trumps: yes or no."), "declared");
    }
    if (form === "four") {
      if (length !== 4 || trump) throw new InvalidDeal(T("A four of a kind is four cards of one rank."), "declared");
    } else if (form === "three") {
      if (length !== 3 || trump) throw new InvalidDeal(T("A three of a kind is three cards of one rank."), "declared");
    } else {
      if (!isWhole(length) || length < 3 || length > 8) {
        throw new InvalidDeal(T("A run is 3 to 8 cards in a row, not %(length)s.", { length: pyRepr(length) }), "declared");
      }
      if (RANKS.indexOf(top) - length + 1 < 0) {
        throw new InvalidDeal(T("A run of %(length)s cannot end at %(top)s: runs go 7 8 9 10 J Q K A, and " +
          "nothing is below the seven.", { length: number(length), top: rankThe(top) }), "declared");
      }
    }
    return { form: form, length: length, top: top, trump: trump };
  }
  function meldRanks(m) {
    if (m.form !== "run") return [m.top];
    var high = RANKS.indexOf(m.top);
    return RANKS.slice(high - m.length + 1, high + 1);
  }
  function meldKind(m) {
    if (m.form === "run") return "run" + Math.min(m.length, 5);
    if (m.form === "three") return "three_" + m.top;
    return m.top === "J" ? "four_jacks" : "four_" + m.top;
  }
  // Declared.kind_in: the ménage where the ruleset pays one.
  function kindIn(rules, m) {
    if (m.form === "run" && m.length === 3 && m.top === "K" && m.trump && has(rules.meld_values, "menage")) {
      return "menage";
    }
    return meldKind(m);
  }
  // Declared.describe (as words), and at the start of a sentence (_described).
  function describeT(m, capitalised) {
    if (m.form === "four") return T(capitalised ? "Four %(ranks)s" : "four %(ranks)s", { ranks: rankPlural(m.top) });
    if (m.form === "three") return T(capitalised ? "Three %(ranks)s" : "three %(ranks)s", { ranks: rankPlural(m.top) });
    var words = (capitalised ? "Run" : "run") + " of %(length)s to %(top)s" + (m.trump ? " in trumps" : "");
    return T(words, { length: number(m.length), top: rankThe(m.top) });
  }
  function describe(m) { return english(describeT(m)); }
  // A meld in a list of melds a hand cannot hold: {form, length, single, many, params}.
  function declaredWords(m) {
    if (m.form !== "run") {
      return { form: m.form, length: m.length, single: describeT(m), many: "%(count)s %(meld)s", params: { meld: describeT(m) } };
    }
    var tail = " of %(length)s to %(top)s" + (m.trump ? " in trumps" : "");
    var params = { length: number(m.length), top: rankThe(m.top) };
    return { form: "run", length: m.length, single: T("a run" + tail, params), many: "%(count)s runs" + tail, params: params };
  }
  // A meld kind in a list of melds (_kind_words).
  function kindWords(kind) {
    if (kind.indexOf("four_") === 0 || kind.indexOf("three_") === 0) {
      return { form: kind.indexOf("four_") === 0 ? "four" : "three", length: MELD_CARDS[kind],
        single: meldWords(kind), many: "%(count)s %(meld)s", params: { meld: meldWords(kind) } };
    }
    if (kind === "menage") {
      return { form: "run", length: 3, single: T("a ménage (king, queen and jack of trumps)"),
        many: "%(count)s ménages", params: {} };
    }
    var length = number(MELD_CARDS[kind]);
    return { form: "run", length: MELD_CARDS[kind], single: T("a run of %(length)s", { length: length }),
      many: "%(count)s runs of %(length)s", params: { length: length } };
  }
  function sameMeld(a, b) {
    return !!a && !!b && a.form === b.form && a.length === b.length && a.top === b.top && a.trump === b.trump;
  }
  function meldKey(rules, m) {
    var value = meldValue(rules, kindIn(rules, m)) || 0;
    if (m.form !== "run") return [value, 1, m.length, RANKS.indexOf(m.top), 0];
    return [value, 0, m.length, RANKS.indexOf(m.top), m.trump ? 1 : 0];
  }

  function declaredSides(rules, given) {
    if (given === null || given === undefined || (Array.isArray(given) && given.length === 0)) {
      return range(rules.sides).map(function () { return []; });
    }
    if (!Array.isArray(given) || given.length !== rules.sides) {
      throw new InvalidDeal(T("Give the melds each of the %(sides)d sides declared.", { sides: rules.sides }), "declared");
    }
    return given.map(function (melds, side) {
      if (melds === null || melds === undefined) melds = [];
      if (!Array.isArray(melds)) {
        throw new InvalidDeal(T("Each side's declared melds must be a list of melds."), "declared", side);
      }
      return melds.map(function (m) {
        if (!m || typeof m !== "object") {
          throw new InvalidDeal(T("%(meld)s is not a declared meld (a run or a four of a kind).",
            { meld: pyRepr(m) }), "declared", side);
        }
        return declared(m);
      });
    });
  }

  function checkElder(rules, elder) {
    if (elder === null || elder === undefined) return;
    if (!isWhole(elder) || elder < 0 || elder >= rules.sides) {
      throw new InvalidDeal(T("The elder hand's side is one of the %(sides)d sides, numbered 0 to %(last)d: " +
        "%(value)s is not one of them.", { sides: rules.sides, last: rules.sides - 1, value: pyRepr(elder) }), "elder");
    }
  }

  function meldComparison(rules, given, elder, names, noTrump) {
    var sides = checkDeclared(rules, given, names, noTrump, null);
    checkElder(rules, elder);
    var best = sides.map(function (melds) {
      return melds.length ? maxBy(melds, function (m) { return meldKey(rules, m); }) : null;
    });
    var present = range(rules.sides).filter(function (s) { return best[s] !== null; });
    if (!present.length) return { winner: null, reason: T("nobody declared a meld"), best: best };
    var top = meldKey(rules, best[maxBy(present, function (s) { return meldKey(rules, best[s]); })]);
    var leaders = present.filter(function (s) { return compareKeys(meldKey(rules, best[s]), top) === 0; });
    var reason;
    if (leaders.length === 1) {
      var winner = leaders[0];
      var others = present.filter(function (s) { return s !== winner; });
      if (!others.length) {
        reason = T("%(meld)s: only %(side)s declared melds",
          { meld: describeT(best[winner]), side: sideName(rules, winner, names) });
      } else {
        var second = maxBy(others, function (s) { return meldKey(rules, best[s]); });
        reason = T("%(meld)s beats %(other)s", { meld: describeT(best[winner]), other: describeT(best[second]) });
      }
      return { winner: winner, reason: reason, best: best };
    }
    var equal = best[leaders[0]];
    var what = equal.form === "run" && !equal.trump ? T("equal runs in plain suits") : T("equal melds");
    var each = T("%(meld)s each", { meld: describeT(equal) });
    if (rules.meld_tie === "nobody") {
      return { winner: null, reason: T("%(what)s: nobody scores melds (%(each)s)", { what: what, each: each }), best: best };
    }
    if (elder === null || elder === undefined) {
      throw new InvalidDeal(T("The best melds are equal (%(each)s), and then the elder hand's side scores " +
        "melds: say who the elder hand is (the player to the dealer's left).", { each: each }), "elder");
    }
    var order = range(rules.sides).map(function (step) { return (elder + step) % rules.sides; });
    var first = order.filter(function (s) { return leaders.indexOf(s) >= 0; })[0];
    return { winner: first, reason: T("%(what)s: the elder hand's side, %(side)s, scores melds (%(each)s)",
      { what: what, side: sideName(rules, first, names), each: each }), best: best };
  }

  // -- melds a hand can hold: words for refusals ---------------------------------------------
  function handsWords(rules) {
    var hands = rules.players / rules.sides;
    var cards = number(rules.cards_each);
    if (hands === 1) return T("A hand of %(cards)s cards", { cards: cards });
    return T("%(hands)s hands of %(cards)s cards", { hands: Number_(hands), cards: cards });
  }

  // melds: {form, length, single, many, params} a meld (declaredWords, kindWords).
  function meldsWords(melds) {
    var forms = {}, lengths = {}, distinct = {};
    melds.forEach(function (m) { forms[m.form] = 1; lengths[m.length] = 1; distinct[english(m.single)] = 1; });
    var count = melds.length;
    var formList = Object.keys(forms), lengthList = Object.keys(lengths);
    if (count > 1 && formList.length === 1 && formList[0] === "four") {
      return T("%(count)s fours of a kind", { count: number(count) });
    }
    if (count > 1 && formList.length === 1 && formList[0] === "run" && lengthList.length === 1 &&
        Object.keys(distinct).length > 1) {
      return T("%(count)s runs of %(length)s", { count: number(count), length: number(Number(lengthList[0])) });
    }
    var order = [], counted = {};
    melds.forEach(function (m) {
      var key = english(m.single);
      if (!(key in counted)) { counted[key] = { meld: m, times: 0 }; order.push(key); }
      counted[key].times += 1;
    });
    return andList(order.map(function (key) {
      var m = counted[key].meld, times = counted[key].times;
      if (times === 1) return m.single;
      var params = {};
      Object.keys(m.params).forEach(function (k) { params[k] = m.params[k]; });
      params.count = number(times);
      return T(m.many, params);
    }));
  }

  function everyoneWords(rules, sides, names) {
    var parts = [];
    sides.forEach(function (melds, side) {
      if (melds.length) parts.push(T("%(melds)s (%(side)s)", { melds: meldsWords(melds), side: sideName(rules, side, names) }));
    });
    var words = parts[parts.length - 1];
    for (var i = parts.length - 2; i >= 0; i--) words = T("%(first)s; %(rest)s", { first: parts[i], rest: words });
    return words;
  }

  function fits(sizes, hands, capacity) {
    var order = sizes.slice().sort(function (a, b) { return b - a; });
    var loads = range(hands).map(function () { return 0; });
    function place(index) {
      if (index === order.length) return true;
      var tried = {};
      for (var hand = 0; hand < hands; hand++) {
        var load = loads[hand];
        if (tried[load] || load + order[index] > capacity) continue;
        tried[load] = true;
        loads[hand] = load + order[index];
        if (place(index + 1)) return true;
        loads[hand] = load;
      }
      return false;
    }
    return place(0);
  }

  function checkSideHands(rules, side, melds, names) {
    var hands = rules.players / rules.sides;
    var inHands = rules.cards_each * hands;
    var cards = sum(melds.map(function (m) { return m.length; }));
    if (cards > inHands) {
      throw new InvalidDeal(T("%(whose)s melds need %(cards)d cards, but the side holds only %(held)d: a card " +
        "counts in one meld only.", { whose: whose(sideWho(rules, side, names)), cards: cards, held: inHands }),
        "melds", side);
    }
    if (!fits(melds.map(function (m) { return m.length; }), hands, rules.cards_each)) {
      throw new InvalidDeal(T("%(hands)s cannot hold %(melds)s. Each meld lies in one player's hand, and a " +
        "card counts in one meld only.", { hands: handsWords(rules), melds: meldsWords(melds) }), "melds", side);
    }
  }

  function checkBelleSide(rules, belle, noTrump) {
    if (belle === null || belle === undefined) return;
    if (!isWhole(belle) || belle < 0 || belle >= rules.sides) {
      throw new InvalidDeal(T("Belle is held by one of the %(sides)d sides, numbered 0 to %(last)d: " +
        "%(value)s is not one of them.", { sides: rules.sides, last: rules.sides - 1, value: pyRepr(belle) }), "belle");
    }
    if (noTrump) throw new InvalidDeal(T("A no-trump deal has no belle: there are no trumps."), "belle", belle);
  }
  function belleTaken(rules, belle, side, meld, rank, names) {
    return new InvalidDeal(T("Belle cannot be %(whose)s: %(card)s of trumps is in %(other)s %(meld)s, and a " +
      "card is in one hand only.", { whose: whose(sideName(rules, belle, names)), card: rankThe(rank),
      other: whose(sideName(rules, side, names)), meld: meld }), "belle", belle);
  }
  function menageBelle(rules, belle, names) {
    return new InvalidDeal(T("The ménage already counts the belle: %(whose)s king and queen of trumps score " +
      "in the ménage, not apart.", { whose: whose(sideName(rules, belle, names)) }), "belle", belle);
  }
  function cannotAllBe(rules, sides, field, names) {
    var melders = range(sides.length).filter(function (s) { return sides[s].length; });
    if (melders.length === 1) {
      return new InvalidDeal(T("%(hands)s cannot hold %(melds)s. Each meld lies in one player's hand, and a " +
        "card counts in one meld only.", { hands: handsWords(rules), melds: meldsWords(sides[melders[0]]) }),
        field, melders[0]);
    }
    return new InvalidDeal(T("These melds cannot all be held in one deal: %(melds)s. Each meld lies in one " +
      "player's hand, and a card counts in one meld only.", { melds: everyoneWords(rules, sides, names) }),
      field, melders.length ? melders[melders.length - 1] : null);
  }
  function belleCannot(rules, sides, belle, names) {
    return new InvalidDeal(T("Belle cannot be %(whose)s with these melds: %(melds)s. Its king and queen of " +
      "trumps would fit in no hand of that side: they may lie in a run in trumps or in " +
      "four kings or queens of the same hand, and in no other hand's meld.",
      { whose: whose(sideName(rules, belle, names)), melds: everyoneWords(rules, sides, names) }), "belle", belle);
  }

  // -- the exact check: concrete placements of the melds in a deck (scoring/melds.py) --------
  //
  // A card is one bit of a mask: bit ``suit * 8 + rank`` (rank: its index in RANKS). Suit 0 is
  // the trump suit when the deal has one. A meld is placed as a concrete set of cards in one
  // hand of its side; the search tries placements until every meld has one or none is left.
  // A spec: [form, cards, rank (-1 any), trump (1 trumps, 0 plain, -1 any)].
  var KING = RANKS.indexOf("K"), QUEEN = RANKS.indexOf("Q"), JACK = RANKS.indexOf("J");
  var BELLE_CARDS = (1 << KING) | (1 << QUEEN);
  var KIND_SPECS = { run3: ["run", 3, -1, -1], run4: ["run", 4, -1, -1], run5: ["run", 5, -1, -1],
    menage: ["run", 3, KING, 1] };
  RANKS.forEach(function (rank, index) {
    KIND_SPECS[rank === "J" ? "four_jacks" : "four_" + rank] = ["four", 4, index, -1];
    KIND_SPECS["three_" + rank] = ["three", 3, index, -1];
  });

  function lowestRank(rules) { return rules.deck_size === 24 ? RANKS.indexOf("9") : 0; }
  function factsOf(rules) {
    return { lowest: lowestRank(rules), sides: rules.sides,
      hands: rules.meld_scoring === "each" ? 0 : rules.players / rules.sides,
      capacity: rules.cards_each, tricks: rules.cards_each };
  }
  function rankMask(rank) {
    var mask = 0;
    for (var suit = 0; suit < 4; suit++) mask |= 1 << (suit * 8 + rank);
    return mask;
  }

  var PLACEMENTS = {};
  function placements(spec, lowest, trump) {
    var key = spec.join(",") + "|" + lowest + "|" + trump;
    if (has(PLACEMENTS, key)) return PLACEMENTS[key];
    var form = spec[0], cards = spec[1], rank = spec[2], inTrumps = spec[3];
    var found = [];
    if (form !== "run") {
      if (rank >= lowest) {
        var whole = rankMask(rank);
        if (form === "four") found.push(whole);
        else for (var s = 0; s < 4; s++) found.push(whole & ~(1 << (s * 8 + rank)));
      }
    } else {
      var suits = inTrumps === 1 ? (trump ? [0] : []) : inTrumps === 0 && trump ? [1, 2, 3] : [0, 1, 2, 3];
      var tops = rank >= 0 ? [rank] : range(RANKS.length).filter(function (t) { return t >= lowest + cards - 1; });
      tops.forEach(function (top) {
        var low = top - cards + 1;
        if (low < lowest) return;
        var run = ((1 << cards) - 1) << low;
        suits.forEach(function (suit) { found.push(run << (8 * suit)); });
      });
    }
    PLACEMENTS[key] = found;
    return found;
  }

  // Whether some deal holds every side's melds (and belle for side ``belle``): _feasible,
  // the same backtracking over placements with the same memo of failed positions.
  // Answers kept, as the engine's lru_cache keeps them (a form asks again at every key).
  var FEASIBLE = {}, FEASIBLE_KEPT = 0;
  function feasible(facts, sides, belle, noTrump) {
    var cacheKey = JSON.stringify([facts, sides, belle, noTrump]);
    if (has(FEASIBLE, cacheKey)) return FEASIBLE[cacheKey];
    var out = search(facts, sides, belle, noTrump);
    if (FEASIBLE_KEPT >= 4096) { FEASIBLE = {}; FEASIBLE_KEPT = 0; }
    FEASIBLE[cacheKey] = out;
    FEASIBLE_KEPT += 1;
    return out;
  }
  function search(facts, sides, belle, noTrump) {
    var trump = !noTrump;
    var each = facts.hands === 0;
    var melds = [];
    for (var side = 0; side < sides.length; side++) {
      for (var i = 0; i < sides[side].length; i++) {
        var spec = sides[side][i];
        var options = placements(spec, facts.lowest, trump);
        if (!options.length || (each && spec[1] > 4)) return false;
        melds.push([side, spec[1], options]);
      }
    }
    var handsOf, capacity, loads;
    if (each) {
      if (melds.length > facts.tricks) return false;
      handsOf = range(facts.sides).map(function () { return [0]; });
      capacity = 4 * RANKS.length;
      loads = [0];
    } else {
      var count = facts.hands;
      handsOf = range(facts.sides).map(function (s) { return range(count).map(function (h) { return s * count + h; }); });
      capacity = facts.capacity;
      loads = range(facts.sides * count).map(function () { return 0; });
    }
    var belleCards = belle !== null && belle !== undefined && trump && !each ? BELLE_CARDS : 0;
    var belleHand = -1;
    if (belleCards) {
      belleHand = handsOf[belle][0];
      loads[belleHand] = 2;
    }
    if (!melds.length) return true;
    if (sum(melds.map(function (m) { return m[1]; })) > 4 * (RANKS.length - facts.lowest)) return false;
    if (!each) {
      for (side = 0; side < sides.length; side++) {
        var sizes = sides[side].map(function (spec) { return spec[1]; });
        if (sizes.length && !fits(sizes, facts.hands, capacity)) return false;
      }
    }
    melds.sort(function (a, b) { return a[2].length - b[2].length || b[1] - a[1]; });
    var fixed = !!belleCards || sides.some(function (specs) { return specs.some(function (spec) { return spec[3] !== -1; }); });
    var alike = trump && fixed ? [1, 2, 3] : [0, 1, 2, 3];
    var apart = [0, 1, 2, 3].filter(function (s) { return alike.indexOf(s) < 0; });
    var total = melds.length;
    var need = [];
    need[total] = range(facts.sides).map(function () { return 0; });
    for (var index = total - 1; index >= 0; index--) {
      need[index] = need[index + 1].slice();
      need[index][melds[index][0]] += melds[index][1];
    }
    var failed = {};
    function numeric(a, b) { return a - b; }

    function position(index, used, free) {
      var suits = [0, 1, 2, 3].map(function (s) { return (used >>> (8 * s)) & 0xFF; });
      var held = handsOf.map(function (hs) {
        if (hs[0] === belleHand) {
          return [loads[hs[0]]].concat(hs.slice(1).map(function (h) { return loads[h]; }).sort(numeric)).join(",");
        }
        return hs.map(function (h) { return loads[h]; }).sort(numeric).join(",");
      });
      return index + "|" + apart.map(function (s) { return suits[s]; }).join(",") + "|" +
        alike.map(function (s) { return suits[s]; }).sort(numeric).join(",") + "|" + held.join(";") + "|" + free;
    }

    function place(index, used, free) {
      if (index === total) return true;
      var key = position(index, used, free);
      if (failed[key]) return false;
      if (!each) {
        for (var s = 0; s < handsOf.length; s++) {
          var hs = handsOf[s];
          var room = sum(hs.map(function (h) { return capacity - loads[h]; }));
          var shared = hs.indexOf(belleHand) >= 0 ? popcount(free) : 0;
          if (need[index][s] - shared > room) {
            failed[key] = true;
            return false;
          }
        }
      }
      var meld = melds[index], side = meld[0], cards = meld[1], options = meld[2];
      for (var o = 0; o < options.length; o++) {
        var option = options[o];
        if (option & used) continue;
        var tried = {};
        var hands = handsOf[side];
        for (var h = 0; h < hands.length; h++) {
          var hand = hands[h], add, left;
          if (option & belleCards) {
            if (hand !== belleHand) continue;
            add = popcount(option & ~free);
            left = free & ~option;
          } else {
            if (hand !== belleHand) {
              if (tried[loads[hand]]) continue;
              tried[loads[hand]] = true;
            }
            add = cards;
            left = free;
          }
          if (loads[hand] + add > capacity) continue;
          loads[hand] += add;
          var found = place(index + 1, used | option, left);
          loads[hand] -= add;
          if (found) return true;
        }
      }
      failed[key] = true;
      return false;
    }

    return place(0, 0, belleCards);
  }

  // -- melds entered as kinds (check_hands) ---------------------------------------------------
  function kindSides(rules, kinds) {
    if (!Array.isArray(kinds) || kinds.length !== rules.sides) {
      throw new InvalidDeal(T("Give the melds of each of the %(sides)d sides.", { sides: rules.sides }), "melds");
    }
    return kinds.map(function (sideKinds, side) {
      if (!Array.isArray(sideKinds)) {
        throw new InvalidDeal(T("Each side's melds must be a list of meld kinds."), "melds", side);
      }
      sideKinds.forEach(function (kind) {
        if (!has(KIND_SPECS, kind)) {
          throw new InvalidDeal(T("%(kind)s is not a meld; the melds are %(kinds)s.",
            { kind: pyRepr(kind), kinds: MELD_KINDS.join(", ") }), "melds", side);
        }
        if (!has(rules.meld_values, kind)) {
          if (kind === "four_7" || kind === "four_8") {
            throw new InvalidDeal(T("Four %(ranks)s score nothing in %(game)s.",
              { ranks: rankPlural(FOUR_RANK[kind]), game: gameName(rules) }), "melds", side);
          }
          throw new InvalidDeal(T("%(game)s does not pay for %(meld)s.", { game: gameName(rules), meld: meldWords(kind) }),
            "melds", side);
        }
      });
      return sideKinds;
    });
  }

  function anyMelds(sides) { return sides.some(function (kinds) { return kinds && kinds.length; }); }

  function checkHands(rules, kinds, names, belle, noTrump) {
    var sides = kindSides(rules, kinds);
    if ((belle === null || belle === undefined) && !anyMelds(sides)) return;
    checkBelleSide(rules, belle, noTrump);
    if (belle !== null && belle !== undefined && sides[belle].indexOf("menage") >= 0) throw menageBelle(rules, belle, names);
    if (!kindsFeasible(rules, sides, belle, noTrump)) throw whyNotKinds(rules, sides, names, belle, noTrump);
  }

  function kindsFeasible(rules, sides, belle, noTrump) {
    if (!anyMelds(sides)) return true;
    var specs = sides.map(function (kinds) {
      return kinds.map(function (kind) { return KIND_SPECS[kind]; });
    });
    return feasible(factsOf(rules), specs, belle === undefined ? null : belle, noTrump);
  }

  // Why meld kinds cannot be, in the most telling words: the first reason that applies.
  function whyNotKinds(rules, sides, names, belle, noTrump) {
    var facts = factsOf(rules);
    var everyone = [];
    sides.forEach(function (kinds, side) { kinds.forEach(function (kind) { everyone.push([side, kind]); }); });
    var words = sides.map(function (kinds) { return kinds.map(kindWords); });
    var i, side, kind;
    if (facts.hands === 0) {
      for (i = 0; i < everyone.length; i++) {
        if (MELD_CARDS[everyone[i][1]] > 4) {
          return new InvalidDeal(T("Melds are scored inside one trick, and a trick holds four cards: " +
            "%(meld)s cannot be scored.", { meld: meldWords(everyone[i][1]) }), "melds", everyone[i][0]);
        }
      }
      if (everyone.length > facts.tricks) {
        return new InvalidDeal(T("Melds are scored inside one trick, one a trick: a deal of %(tricks)d " +
          "tricks holds at most %(tricks)d of them, not %(count)d.", { tricks: facts.tricks, count: everyone.length }),
          "melds", everyone[everyone.length - 1][0]);
      }
    }
    for (i = 0; i < everyone.length; i++) {
      side = everyone[i][0]; kind = everyone[i][1];
      var spec = KIND_SPECS[kind];
      if (kind !== "menage" && spec[0] !== "run" && spec[2] < facts.lowest) {
        return new InvalidDeal(T("%(game)s is played without sevens and eights: %(meld)s cannot be.",
          { game: gameName(rules), meld: meldWords(kind) }), "melds", side);
      }
      if (kind === "menage" && noTrump) {
        return new InvalidDeal(T("A no-trump deal has no trumps: a ménage cannot be."), "melds", side);
      }
    }
    var taken = {}, menages = [];
    for (i = 0; i < everyone.length; i++) {
      side = everyone[i][0]; kind = everyone[i][1];
      var form = KIND_SPECS[kind][0], cards = KIND_SPECS[kind][1], rank = KIND_SPECS[kind][2];
      if (kind === "menage") {
        menages.push(side);
        if (menages.length > 1) {
          return new InvalidDeal(T("There is only one king, queen and jack of trumps: one ménage."), "melds", side);
        }
        continue;
      }
      if (form === "run") continue;
      var before = has(taken, rank) ? taken[rank][0] : 0, first = has(taken, rank) ? taken[rank][1] : kind;
      if (before + cards > 4) {
        if (form === "four" && first === kind) {
          return new InvalidDeal(T("There is only one set of %(ranks)s in the deck.", { ranks: meldWords(kind) }),
            "melds", side);
        }
        return new InvalidDeal(T("There are four %(ranks)s in the deck: %(first)s and %(second)s cannot both be.",
          { ranks: rankPlural(RANKS[rank]), first: meldWords(first), second: meldWords(kind) }), "melds", side);
      }
      taken[rank] = [before + cards, first];
    }
    var fours = Object.keys(taken).filter(function (r) { return taken[r][0] === 4; }).map(Number);
    if (menages.length) {
      var royal = [KING, QUEEN, JACK];
      for (i = 0; i < royal.length; i++) {
        if (fours.indexOf(royal[i]) >= 0) {
          return new InvalidDeal(T("A ménage and four %(ranks)s cannot both be: the ménage holds " +
            "%(card)s of trumps.", { ranks: rankPlural(RANKS[royal[i]]), card: rankThe(RANKS[royal[i]]) }),
            "melds", menages[0]);
        }
      }
    }
    if (belle !== null && belle !== undefined && facts.hands) {
      for (i = 0; i < everyone.length; i++) {
        side = everyone[i][0]; kind = everyone[i][1];
        if (kind === "menage" && side === belle) return menageBelle(rules, belle, names);
        if (side !== belle && (kind === "menage" || kind === "four_K" || kind === "four_Q")) {
          return belleTaken(rules, belle, side, meldWords(kind), kind === "four_Q" ? "Q" : "K", names);
        }
      }
    }
    if (facts.hands) {
      for (side = 0; side < words.length; side++) {
        try {
          checkSideHands(rules, side, words[side], names);
        } catch (error) {
          if (error instanceof InvalidDeal) return error;
          throw error;
        }
      }
    }
    for (i = 0; i < everyone.length; i++) {
      side = everyone[i][0]; kind = everyone[i][1];
      var runSpec = KIND_SPECS[kind];
      if (runSpec[0] !== "run" || kind === "menage") continue;
      var length = runSpec[1];
      var windows = [];
      for (var low = facts.lowest; low <= RANKS.length - length; low++) windows.push(range(length).map(function (k) { return low + k; }));
      var blocked = windows.length && windows.every(function (w) {
        return w.some(function (r) { return fours.indexOf(r) >= 0; });
      });
      if (!blocked) continue;
      var blocking = fours.filter(function (r) {
        return windows.some(function (w) { return w.indexOf(r) >= 0; });
      }).sort(function (a, b) { return a - b; });
      if (!blocking.length) continue;
      var listed = blocking.map(function (r, n) {
        return T(n === 0 ? "Four %(ranks)s" : "four %(ranks)s", { ranks: rankPlural(RANKS[r]) });
      });
      var template = blocking.length === 1
        ? "%(melds)s cannot both be: every run of %(length)s from %(lowest)s to the ace holds %(cards)s."
        : "%(melds)s cannot all be: every run of %(length)s from %(lowest)s to the ace holds %(cards)s.";
      return new InvalidDeal(T(template, { melds: andList(listed.concat([kindWords(kind).single])),
        length: number(length), lowest: rankThe(RANKS[facts.lowest]),
        cards: orList(blocking.map(function (r) { return rankA(RANKS[r]); })) }), "melds", side);
    }
    var specs = sides.map(function (kinds) { return kinds.map(function (k) { return KIND_SPECS[k]; }); });
    for (side = 0; side < specs.length; side++) {
      var only = specs.map(function (s, n) { return n === side ? s : []; });
      if (specs[side].length && !feasible(facts, only, null, noTrump)) {
        return cannotAllBe(rules, words.map(function (m, n) { return n === side ? m : []; }), "melds", names);
      }
    }
    if (belle !== null && belle !== undefined && feasible(facts, specs, null, noTrump)) {
      return belleCannot(rules, words, belle, names);
    }
    return cannotAllBe(rules, words, "melds", names);
  }

  // -- declared melds (check_declared) --------------------------------------------------------
  function declaredSpec(m) {
    if (m.form === "run") return ["run", m.length, RANKS.indexOf(m.top), m.trump ? 1 : 0];
    return [m.form, m.length, RANKS.indexOf(m.top), -1];
  }

  function checkDeclared(rules, given, names, noTrump, belle) {
    var sides = declaredSides(rules, given);
    checkBelleSide(rules, belle, noTrump);
    var facts = factsOf(rules);
    sides.forEach(function (melds, side) {
      melds.forEach(function (m) {
        var kind = kindIn(rules, m);
        if (meldValue(rules, kind) === null) {
          if (kind === "run5") {
            throw new InvalidDeal(T("%(game)s does not pay for %(meld)s (a run of five or more).",
              { game: gameName(rules), meld: describeT(m) }), "declared", side);
          }
          if (kind === "four_7" || kind === "four_8") {
            throw new InvalidDeal(T("Four %(ranks)s score nothing in %(game)s.",
              { ranks: rankPlural(m.top), game: gameName(rules) }), "declared", side);
          }
          throw new InvalidDeal(T("%(game)s does not pay for %(meld)s.", { game: gameName(rules), meld: describeT(m) }),
            "declared", side);
        }
        var low = meldRanks(m)[0];
        if (RANKS.indexOf(low) < facts.lowest) {
          throw new InvalidDeal(T("%(game)s is played without sevens and eights: a %(meld)s would need %(card)s.",
            { game: gameName(rules), meld: describeT(m), card: rankA(low) }), "declared", side);
        }
        if (m.trump && noTrump) {
          throw new InvalidDeal(T("A no-trump deal has no trumps: a %(meld)s cannot be.", { meld: describeT(m) }),
            "declared", side);
        }
        if (facts.hands === 0 && m.length > 4) {
          throw new InvalidDeal(T("Melds are scored inside one trick, and a trick holds four cards: a " +
            "%(meld)s cannot be scored.", { meld: describeT(m) }), "declared", side);
        }
      });
    });
    var count = sum(sides.map(function (melds) { return melds.length; }));
    if (facts.hands === 0 && count > facts.tricks) {
      throw new InvalidDeal(T("Melds are scored inside one trick, one a trick: a deal of %(tricks)d tricks " +
        "holds at most %(tricks)d of them, not %(count)d.", { tricks: facts.tricks, count: count }), "declared");
    }
    var withBelle = belle !== null && belle !== undefined;
    if (withBelle) {
      sides.forEach(function (melds, side) {
        melds.forEach(function (m) {
          if (side === belle && kindIn(rules, m) === "menage") throw menageBelle(rules, belle, names);
          if (side === belle || (m.form === "run" && !m.trump)) return;
          if (m.form === "three") return;
          var ranks = meldRanks(m);
          var held = ["K", "Q"].filter(function (r) { return ranks.indexOf(r) >= 0; });
          if (held.length && facts.hands) throw belleTaken(rules, belle, side, describeT(m), held[0], names);
        });
      });
    }
    var words = sides.map(function (melds) { return melds.map(declaredWords); });
    if (facts.hands) {
      words.forEach(function (sideWords, side) {
        try {
          checkSideHands(rules, side, sideWords, names);
        } catch (error) {
          if (error instanceof InvalidDeal) throw new InvalidDeal(error.term, "declared", side);
          throw error;
        }
      });
    }
    checkCards(rules, sides, noTrump);
    if (count || withBelle) {
      var specs = sides.map(function (melds) { return melds.map(declaredSpec); });
      if (!feasible(facts, specs, withBelle ? belle : null, noTrump)) {
        if (withBelle && feasible(facts, specs, null, noTrump)) throw belleCannot(rules, words, belle, names);
        throw cannotAllBe(rules, words, "declared", names);
      }
    }
    return sides;
  }

  function checkCards(rules, sides, noTrump) {
    var everyone = [];
    sides.forEach(function (melds, side) { melds.forEach(function (m) { everyone.push([side, m]); }); });
    var fours = {}, taken = {};
    everyone.forEach(function (e) {
      var side = e[0], m = e[1];
      if (m.form === "run") return;
      if (m.form === "four" && has(fours, m.top)) {
        throw new InvalidDeal(T("There is only one set of four %(ranks)s in the deck.", { ranks: rankPlural(m.top) }),
          "declared", side);
      }
      if (has(taken, m.top)) {
        throw new InvalidDeal(T("There are four %(ranks)s in the deck: %(first)s and %(second)s cannot both be.",
          { ranks: rankPlural(m.top), first: describeT(taken[m.top]), second: describeT(m) }), "declared", side);
      }
      taken[m.top] = m;
      if (m.form === "four") fours[m.top] = side;
    });
    var runs = everyone.filter(function (e) { return e[1].form === "run"; });
    runs.forEach(function (e) {
      meldRanks(e[1]).forEach(function (rank) {
        if (has(fours, rank)) {
          throw new InvalidDeal(T("%(meld)s needs %(card)s, but all four %(ranks)s are declared as four " +
            "of a kind, and a card counts in one meld only.",
            { meld: describeT(e[1], true), card: rankA(rank), ranks: rankPlural(rank) }), "declared", e[0]);
        }
      });
    });
    var trumps = runs.filter(function (e) { return e[1].trump; });
    trumps.forEach(function (e, index) {
      trumps.slice(0, index).forEach(function (o) {
        var mine = meldRanks(e[1]), theirs = meldRanks(o[1]);
        if (mine.some(function (r) { return theirs.indexOf(r) >= 0; })) {
          throw new InvalidDeal(T("Two runs in trumps cannot share a card: %(meld)s and %(other)s.",
            { meld: describeT(e[1]), other: describeT(o[1]) }), "declared", e[0]);
        }
      });
    });
    var suits = noTrump ? 4 : 3;
    var plain = runs.filter(function (e) { return !e[1].trump; });
    RANKS.forEach(function (rank) {
      var through = plain.filter(function (e) { return meldRanks(e[1]).indexOf(rank) >= 0; });
      if (through.length > suits) {
        throw new InvalidDeal(T("%(count)s runs in plain suits all need %(card)s, and only %(suits)s suits " +
          "are plain.", { count: Number_(through.length), card: rankA(rank), suits: number(suits) }), "declared",
          through[through.length - 1][0]);
      }
    });
  }

  // -- melds as a number (klaverjas roem: check_meld_points) ---------------------------------
  // Items: the kinds the ruleset pays of at most four cards (a trick holds four), fours and
  // threes of the deck's ranks only.
  function pointsFacts(rules) {
    var lowest = lowestRank(rules);
    var items = [];
    Object.keys(rules.meld_values).forEach(function (kind) {
      if (MELD_CARDS[kind] > 4) return;
      if (has(FOUR_RANK, kind) && RANKS.indexOf(FOUR_RANK[kind]) < lowest) return;
      if (has(THREE_RANK, kind) && RANKS.indexOf(THREE_RANK[kind]) < lowest) return;
      items.push([kind, rules.meld_values[kind]]);
    });
    return { items: items, tricks: rules.cards_each, lowest: lowest };
  }

  // Every number one side's items make, with the least each way of making it uses
  // (items, then per group of alike ranks the ranks used, then ménages), and the limits of a
  // whole deal (the same shape): _points_table.
  var POINTS_TABLES = {};
  function pointsTable(facts) {
    var cacheKey = JSON.stringify(facts);
    if (has(POINTS_TABLES, cacheKey)) return POINTS_TABLES[cacheKey];
    var values = {};
    facts.items.forEach(function (item) { values[item[0]] = item[1]; });
    function valueOf(kind) { return has(values, kind) ? values[kind] : null; }
    var groups = {}, shapes = [];
    RANKS.slice(facts.lowest).forEach(function (rank) {
      var shape = [valueOf(rank === "J" ? "four_jacks" : "four_" + rank), valueOf("three_" + rank)];
      if (shape[0] === null && shape[1] === null) return;
      var key = JSON.stringify(shape);
      if (!has(groups, key)) { groups[key] = 0; shapes.push(shape); }
      groups[key] += 1;
    });
    var types = [];
    ["run3", "run4"].forEach(function (kind) { if (has(values, kind)) types.push([values[kind], -1]); });
    shapes.forEach(function (shape, index) {
      shape.forEach(function (value) { if (value !== null) types.push([value, index]); });
    });
    if (has(values, "menage")) types.push([values.menage, -2]);
    var limits = [facts.tricks].concat(shapes.map(function (s) { return groups[JSON.stringify(s)]; })).concat([1]);
    var found = {}, order = [];
    var usage = limits.map(function () { return 0; });

    function walk(index, value) {
      if (index === types.length) {
        if (!has(found, value)) { found[value] = {}; order.push(value); }
        found[value][usage.join(",")] = usage.slice();
        return;
      }
      var item = types[index][0], group = types[index][1];
      var slot = group === -2 ? shapes.length + 1 : group === -1 ? 0 : group + 1;
      var times = 0;
      for (;;) {
        walk(index + 1, value + times * item);
        if (usage[0] >= limits[0] || (slot && usage[slot] >= limits[slot])) break;
        usage[0] += 1;
        if (slot) usage[slot] += 1;
        times += 1;
      }
      usage[0] -= times;
      if (slot) usage[slot] -= times;
    }
    walk(0, 0);
    var table = {};
    order.forEach(function (value) {
      var usages = Object.keys(found[value]).map(function (k) { return found[value][k]; });
      table[value] = usages.filter(function (u) {
        return !usages.some(function (o) {
          return o.join(",") !== u.join(",") && o.every(function (a, i) { return a <= u[i]; });
        });
      }).sort(compareKeys);
    });
    var out = { table: table, limits: limits };
    POINTS_TABLES[cacheKey] = out;
    return out;
  }

  // Whether some items of the game make each side's number together (``stuk``: the value of
  // the one stuk a number may include, null when none may): _points_possible.
  function pointsPossible(facts, points, stuk) {
    var made = pointsTable(facts), table = made.table, limits = made.limits;
    function fitsAll(side, wanted, used) {
      if (side === wanted.length) return true;
      var ways = has(table, wanted[side]) ? table[wanted[side]] : [];
      for (var w = 0; w < ways.length; w++) {
        var total = used.map(function (a, i) { return a + ways[w][i]; });
        if (total.every(function (t, i) { return t <= limits[i]; }) && fitsAll(side + 1, wanted, total)) return true;
      }
      return false;
    }
    var empty = limits.map(function () { return 0; });
    if (fitsAll(0, points, empty)) return true;
    if (stuk === null) return false;
    for (var side = 0; side < points.length; side++) {
      if (points[side] >= stuk) {
        var less = points.map(function (v, s) { return s === side ? v - stuk : v; });
        if (fitsAll(0, less, empty)) return true;
      }
    }
    return false;
  }

  // What the numbers come in: "20 (a run of three or stuk), 50 (a run of four), ...".
  function pointsWords(rules, facts, stuk) {
    var byValue = {}, values = {};
    facts.items.forEach(function (item) { values[item[0]] = item[1]; });
    var fours = facts.items.filter(function (item) { return has(FOUR_RANK, item[0]); }).map(function (i) { return i[0]; });
    var threes = facts.items.filter(function (item) { return has(THREE_RANK, item[0]); }).map(function (i) { return i[0]; });
    var said = {};
    function add(value, words) { (byValue[value] = byValue[value] || []).push(words); }
    facts.items.forEach(function (item) {
      var kind = item[0], value = item[1], words;
      if (kind === "run3" || kind === "run4") {
        words = kindWords(kind).single;
      } else if (kind === "menage") {
        words = T("a ménage");
      } else {
        var isFour = has(FOUR_RANK, kind);
        var alike = (isFour ? fours : threes).filter(function (k) { return values[k] === value; });
        if (alike.length > 1) {
          var key = value + (isFour ? "four" : "three");
          if (said[key]) return;
          said[key] = true;
          words = T(isFour ? "four of a kind" : "three of a kind");
        } else {
          words = meldWords(kind);
        }
      }
      add(value, words);
    });
    if (stuk) add(rules.belle_value, T(rules.meld_scoring === "each" ? "stuk" : "belle"));
    var sorted = Object.keys(byValue).map(Number).sort(function (a, b) { return a - b; });
    var listed = sorted.map(function (value) {
      return T("%(value)d (%(items)s)", { value: value, items: orList(byValue[value]) });
    });
    return andList(listed.length ? listed : [T("nothing")]);
  }

  function checkMeldPoints(rules, meldPoints, names, belle) {
    if (!Array.isArray(meldPoints) || meldPoints.length !== rules.sides) {
      throw new InvalidDeal(T("Give the roem of each of the %(sides)d sides.", { sides: rules.sides }), "meld_points");
    }
    meldPoints.forEach(function (value, side) {
      if (!isWhole(value) || value < 0) {
        throw new InvalidDeal(T("Roem is a whole number of points, 0 or more: %(value)s is not.",
          { value: pyRepr(value) }), "meld_points", side);
      }
    });
    checkBelleSide(rules, belle, false);
    var points = meldPoints.slice();
    if (!points.some(function (v) { return v; })) return;
    var facts = pointsFacts(rules);
    var stuk = belle === null || belle === undefined ? rules.belle_value : null;
    if (pointsPossible(facts, points, stuk)) return;
    for (var side = 0; side < points.length; side++) {
      var alone = points.map(function (v, s) { return s === side ? v : 0; });
      if (!pointsPossible(facts, alone, stuk)) {
        throw new InvalidDeal(T("Roem %(points)d cannot be made: roem comes in %(values)s.",
          { points: points[side], values: pointsWords(rules, facts, stuk !== null) }), "meld_points", side);
      }
    }
    var last = 0;
    points.forEach(function (v, s) { if (v) last = s; });
    throw new InvalidDeal(T("Roem %(points)s cannot be made in one deal: a deal holds at most %(tricks)d runs " +
      "or fours of a kind (one a trick), each four of a kind once, and one stuk.",
      { points: andList(points.map(String)), tricks: facts.tricks }), "meld_points", last);
  }

  // -- one deal: validation (scoring/deal.py) --------------------------------------------------
  function normalDeal(deal) {
    function given(value, otherwise) { return value === undefined ? otherwise : value; }
    return {
      makers: given(deal.makers, null),
      card_points: given(deal.card_points, null),
      melds: deal.melds || [],
      belle: given(deal.belle, null),
      tricks: given(deal.tricks, null),
      renege: given(deal.renege, null),
      void: !!deal.void,
      no_trump: !!deal.no_trump,
      declared: given(deal.declared, null),
      elder: given(deal.elder, null),
      meld_points: given(deal.meld_points, null),
      all_tricks: given(deal.all_tricks, null),
      bid: given(deal.bid, null),
      contre: given(deal.contre, 0),
      bonuses: deal.bonuses || []
    };
  }

  var CARD_POINTS = [T("card points"), T("Card points")];
  var TRICKS = [T("tricks"), T("Tricks")];
  var ROEM = [T("roem"), T("Roem")];

  function checkSide(rules, value, field) {
    if (value === null) return;
    if (!isWhole(value) || value < 0 || value >= rules.sides) {
      throw new InvalidDeal(T("%(game)s has %(sides)d sides, numbered 0 to %(last)d: %(value)s is not one of them.",
        { game: gameName(rules), sides: rules.sides, last: rules.sides - 1, value: pyRepr(value) }), field);
    }
  }

  function perSide(rules, values, field, what, names) {
    if (!Array.isArray(values) || values.length !== rules.sides) {
      throw new InvalidDeal(T("Give %(what)s for each of the %(sides)d sides.", { what: what[0], sides: rules.sides }),
        field);
    }
    values.forEach(function (value, side) {
      if (!isWhole(value)) {
        throw new InvalidDeal(T("%(what)s must be whole numbers; %(side)s has %(value)s.",
          { what: what[1], side: sideName(rules, side, names), value: pyRepr(value) }), field, side);
      }
    });
    return values;
  }

  function hasDeclared(deal) {
    return Array.isArray(deal.declared) && deal.declared.some(function (m) { return m && m.length; });
  }
  function isReneging(deal) { return deal.renege !== null && deal.renege !== "both"; }

  function validate(rules, deal, names) {
    checkSide(rules, deal.makers, "makers");
    checkSide(rules, deal.belle, "belle");
    checkSide(rules, deal.all_tricks, "all_tricks");
    checkElder(rules, deal.elder);
    checkContract(rules, deal);
    checkBonuses(rules, deal, names);
    if (isReneging(deal)) checkSide(rules, deal.renege, "renege");
    if (deal.no_trump && !rules.no_trump_allowed) {
      throw new InvalidDeal(T("%(game)s has no no-trump deals.", { game: gameName(rules) }), "no_trump");
    }
    if (deal.void && isReneging(deal)) {
      throw new InvalidDeal(T("A void deal scores nothing, so nobody reneged in it: set renege to nobody, " +
        "or to %(everybody)s if that is why the deal is void.", { everybody: everybody(rules) }), "renege");
    }
    if (deal.renege === "both" && deal.card_points && deal.card_points.length) {
      throw new InvalidDeal(T("When %(everybody)s reneged the deal is void and scores nothing: " +
        "leave the card points empty.", { everybody: everybody(rules) }), "renege");
    }
    if (deal.void || deal.renege === "both") return;
    checkMelds(rules, deal, names);
    if (deal.belle !== null && deal.no_trump) {
      throw new InvalidDeal(T("A no-trump deal has no belle: there is no trump king and queen."), "belle");
    }
    if (deal.renege !== null) {
      if (rules.bidding && deal.makers === null) {
        throw new InvalidDeal(T("Say which side took the contract."), "makers");
      }
      return;
    }
    if (deal.makers === null) throw new InvalidDeal(T("Say which side made trump."), "makers");
    if (deal.card_points === null) throw new InvalidDeal(T("Enter the card points each side took."), "card_points");
    checkCardPoints(rules, deal, names);
    checkAllTricks(rules, deal, names);
    checkTricklessMelds(rules, deal, names);
  }

  function checkCardPoints(rules, deal, names) {
    var points = perSide(rules, deal.card_points, "card_points", CARD_POINTS, names);
    var total = cardTotal(rules, deal.no_trump);
    points.forEach(function (value, side) {
      var who = sideWho(rules, side, names);
      if (value < 0 || value > total) {
        throw new InvalidDeal(T("%(who)s has %(points)d card points; a side takes from 0 to %(total)d.",
          { who: who, points: value, total: total }), "card_points", side);
      }
      if (value === 1 || value === total - 1) {
        throw new InvalidDeal(T("%(who)s has %(points)d card points, which cannot happen: no card is worth 1, " +
          "so no side ends with 1 or %(almost)d.", { who: who, points: value, almost: total - 1 }), "card_points", side);
      }
    });
    var summed = sum(points);
    if (rules.all_cards_played && summed !== total) {
      throw new InvalidDeal(T("%(game)s plays every card: card points must add up to %(total)d, these add " +
        "up to %(summed)d.", { game: gameName(rules), total: total, summed: summed }), "card_points");
    }
    if (summed > total) {
      throw new InvalidDeal(T("The whole deck holds %(total)d card points; these add up to %(summed)d.",
        { total: total, summed: summed }), "card_points");
    }
    if (summed < 10) {
      throw new InvalidDeal(T("Somebody took the last trick, worth 10: card points cannot add up to less than 10."),
        "card_points");
    }
    if (deal.tricks === null) return;
    var tricks = perSide(rules, deal.tricks, "tricks", TRICKS, names);
    if (tricks.some(function (t) { return t < 0; }) || sum(tricks) !== rules.cards_each) {
      throw new InvalidDeal(T("A deal of %(game)s has %(tricks)d tricks; these tricks add up to %(summed)d.",
        { game: gameName(rules), tricks: rules.cards_each, summed: sum(tricks) }), "tricks");
    }
    tricks.forEach(function (count, side) {
      if (count === 0 && points[side] > 0) {
        throw new InvalidDeal(T("%(who)s took no trick but has %(points)d card points.",
          { who: sideWho(rules, side, names), points: points[side] }), "card_points", side);
      }
    });
  }

  function isBid(rules, bid) {
    if (bid === CAPOT) return true;
    return isWhole(bid) && bid >= LOWEST_BID && bid <= rules.bid_max && bid % 10 === 0;
  }
  function contractPoints(bid) {
    if (bid === null) return null;
    return bid === CAPOT ? CAPOT_BID : bid;
  }

  function checkContract(rules, deal) {
    var contre = deal.contre;
    if (!isWhole(contre) || contre < 0 || contre > 2) {
      throw new InvalidDeal(T("A contract is doubled at most twice: none, contrée or surcontrée, not %(value)s.",
        { value: pyRepr(contre) }), "contre");
    }
    if (!rules.bidding) {
      if (deal.bid !== null) {
        throw new InvalidDeal(T("%(game)s has no bidding: leave the bid empty.", { game: gameName(rules) }), "bid");
      }
      if (contre) throw new InvalidDeal(T("%(game)s has no contrée: nobody doubles.", { game: gameName(rules) }), "contre");
      return;
    }
    if ((deal.void || deal.renege === "both") && deal.bid === null) return;
    if (deal.bid === null) {
      throw new InvalidDeal(T("Enter the contract: the bid the takers made (80 or more, or capot)."), "bid");
    }
    if (!isBid(rules, deal.bid)) {
      throw new InvalidDeal(T("A bid is 80 or more by tens, up to %(most)d, or capot: %(value)s is not a bid.",
        { most: rules.bid_max, value: String(deal.bid) }), "bid");
    }
  }

  function bonusesOf(rules, deal) {
    return Array.isArray(deal.bonuses) && deal.bonuses.length ? deal.bonuses : range(rules.sides).map(function () { return []; });
  }

  function checkBonuses(rules, deal, names) {
    var bonuses = deal.bonuses;
    if (!bonuses || (Array.isArray(bonuses) && !bonuses.length)) return;
    if (!Array.isArray(bonuses) || bonuses.length !== rules.sides) {
      throw new InvalidDeal(T("Give the bonuses of each of the %(sides)d sides.", { sides: rules.sides }), "bonuses");
    }
    bonuses.forEach(function (kinds, side) {
      if (!Array.isArray(kinds)) {
        throw new InvalidDeal(T("%(whose)s bonuses must be a list of bonuses.",
          { whose: whose(sideWho(rules, side, names)) }), "bonuses", side);
      }
      kinds.forEach(function (kind) {
        if (BONUS_KINDS.indexOf(kind) < 0 || bonusValue(rules, kind) === null) {
          throw new InvalidDeal(T("%(game)s knows no bonus %(kind)s.", { game: gameName(rules), kind: pyRepr(kind) }),
            "bonuses", side);
        }
        if (kinds.filter(function (k) { return k === kind; }).length > 1) {
          throw new InvalidDeal(T("%(bonus)s counts once per deal.", { bonus: T(BONUS_LABELS[kind]) }), "bonuses", side);
        }
      });
      if (kinds.indexOf("bimah") >= 0 && deal.makers !== null && side !== deal.makers) {
        throw new InvalidDeal(T("The bimah is the bonus of a dealer forced to take trump, so only the makers " +
          "score it: %(who)s did not make trump.", { who: sideWho(rules, side, names) }), "bonuses", side);
      }
    });
  }

  function checkAllTricks(rules, deal, names) {
    var side = deal.all_tricks;
    if (side === null) return;
    var total = cardTotal(rules, deal.no_trump);
    deal.card_points.forEach(function (value, other) {
      if (other !== side && value) {
        throw new InvalidDeal(T("%(who)s took every trick, so %(other)s cannot have %(points)d card points.",
          { who: sideWho(rules, side, names), other: sideName(rules, other, names), points: value }), "all_tricks", other);
      }
    });
    if (deal.card_points[side] !== total) {
      throw new InvalidDeal(T("%(who)s took every trick: that is all %(total)d card points.",
        { who: sideWho(rules, side, names), total: total }), "all_tricks", side);
    }
    if (deal.tricks !== null && deal.tricks[side] !== rules.cards_each) {
      throw new InvalidDeal(T("%(who)s took every trick: that is %(tricks)d tricks.",
        { who: sideWho(rules, side, names), tricks: rules.cards_each }), "tricks", side);
    }
  }

  function checkTricklessMelds(rules, deal, names) {
    if (rules.meld_scoring !== "each") return;
    for (var side = 0; side < rules.sides; side++) {
      if (!tookNoTrick(deal, side)) continue;
      var hasPoints = !!(deal.meld_points && deal.meld_points.length && deal.meld_points[side]);
      var hasKinds = !!(deal.melds.length && deal.melds[side] && deal.melds[side].length);
      if (hasPoints || hasKinds) {
        throw new InvalidDeal(T("%(who)s took no trick, so it has no roem: roem is scored in a trick " +
          "the side wins.", { who: sideWho(rules, side, names) }), hasPoints ? "meld_points" : "melds", side);
      }
      if (deal.belle === side) {
        throw new InvalidDeal(T("%(who)s took no trick, so it scored no stuk: it is scored in a trick the " +
          "side wins.", { who: sideWho(rules, side, names) }), "belle", side);
      }
    }
  }

  function checkMeldPointsGiven(rules, deal, names) {
    if (rules.meld_scoring !== "each") {
      throw new InvalidDeal(T("In %(game)s only the side with the best meld scores melds: enter the melds " +
        "each side declared, not a number.", { game: gameName(rules) }), "meld_points");
    }
    if (deal.melds.length || hasDeclared(deal)) {
      throw new InvalidDeal(T("Enter the roem either as a number or as melds, not both."), "meld_points");
    }
    var points = perSide(rules, deal.meld_points, "meld_points", ROEM, names);
    points.forEach(function (value, side) {
      if (value < 0) {
        throw new InvalidDeal(T("%(whose)s roem cannot be less than 0.", { whose: whose(sideWho(rules, side, names)) }),
          "meld_points", side);
      }
    });
    checkMeldPoints(rules, points, names, deal.belle);
  }

  function checkMelds(rules, deal, names) {
    var melds = deal.melds;
    if (deal.meld_points !== null) {
      checkMeldPointsGiven(rules, deal, names);
      return;
    }
    if (hasDeclared(deal) || (deal.declared !== null && melds.length === 0)) {
      if (melds.length && anyMelds(melds)) {
        throw new InvalidDeal(T("Enter either the melds each side declared or the melds scored, not both."), "melds");
      }
      var sides = checkDeclared(rules, deal.declared, names, deal.no_trump, deal.belle);
      if (rules.meld_scoring === "best" &&
          (deal.renege === null || rules.renege_melds === "scored" || rules.renege_melds === "counted")) {
        meldComparison(rules, sides, deal.elder, names, deal.no_trump);
      }
      return;
    }
    if (melds.length === 0) return;
    if (!Array.isArray(melds) || melds.length !== rules.sides) {
      throw new InvalidDeal(T("Give the melds of each of the %(sides)d sides.", { sides: rules.sides }), "melds");
    }
    var foursSeen = {};
    melds.forEach(function (kinds, side) {
      if (!Array.isArray(kinds)) {
        throw new InvalidDeal(T("%(whose)s melds must be a list of meld kinds.",
          { whose: whose(sideWho(rules, side, names)) }), "melds", side);
      }
      kinds.forEach(function (kind) {
        if (MELD_KINDS.indexOf(kind) < 0) {
          throw new InvalidDeal(T("%(kind)s is not a meld; the melds are %(kinds)s.",
            { kind: pyRepr(kind), kinds: MELD_KINDS.join(", ") }), "melds", side);
        }
        if (meldValue(rules, kind) === null) {
          throw new InvalidDeal(T("%(game)s does not pay for %(meld)s.", { game: gameName(rules), meld: meldWords(kind) }),
            "melds", side);
        }
        if (kind.indexOf("four_") === 0) {
          if (foursSeen[kind]) {
            throw new InvalidDeal(T("There is only one set of %(ranks)s in the deck.",
              { ranks: rankPlural(FOUR_RANK[kind]) }), "melds", side);
          }
          foursSeen[kind] = true;
        }
      });
    });
    checkHands(rules, melds, names, deal.belle, deal.no_trump);
    var scoring = range(rules.sides).filter(function (s) { return melds[s].length; });
    if (rules.meld_scoring === "each") return;
    if (scoring.length > 1 && rules.meld_entry === "declared") {
      if (deal.renege === null || rules.renege_melds === "scored" || rules.renege_melds === "counted") {
        kindsWinner(rules, melds, names);
      }
      return;
    }
    if (scoring.length > 1 && deal.renege === null) {
      throw new InvalidDeal(T("Only the side with the best meld scores melds: %(sides)s cannot both score " +
        "them (belle is scored apart).", { sides: both(scoring.map(function (s) { return sideName(rules, s, names); })) }),
        "melds");
    }
  }

  // _kind_key: a meld kind's place in the table's comparison, higher better.
  function kindKey(rules, kind) {
    var value = meldValue(rules, kind) || 0;
    if (kind === "four_jacks") return [value, 1, 4, RANKS.indexOf("J")];
    if (has(FOUR_RANK, kind)) return [value, 1, 4, RANKS.indexOf(FOUR_RANK[kind])];
    if (has(THREE_RANK, kind)) return [value, 1, 3, RANKS.indexOf(THREE_RANK[kind])];
    if (kind === "menage") return [value, 0, 3, KING];
    return [value, 0, MELD_CARDS[kind], -1];
  }

  function kindsWinner(rules, melds, names) {
    var present = range(melds.length).filter(function (s) { return melds[s].length; });
    if (!present.length) return null;
    var best = {};
    present.forEach(function (s) {
      best[s] = kindKey(rules, maxBy(melds[s], function (k) { return kindKey(rules, k); }));
    });
    var top = best[maxBy(present, function (s) { return best[s]; })];
    var leaders = present.filter(function (s) { return compareKeys(best[s], top) === 0; });
    if (leaders.length === 1) return leaders[0];
    throw new InvalidDeal(T("%(sides)s both declared their best meld as a run of the same length: enter only " +
      "the melds of the side that scores them (the higher run, or the one in trumps).",
      { sides: both(leaders.map(function (s, n) { return n === 0 ? sideWho(rules, s, names) : sideName(rules, s, names); })) }),
      "melds");
  }

  // -- one deal: who scores which melds (scoring/deal.py) ---------------------------------------
  function nothingEach(rules) { return range(rules.sides).map(function () { return []; }); }

  // _meld_side: each side's melds as kinds, and the side whose melds count under ``best``.
  function meldSide(rules, deal, names) {
    if (hasDeclared(deal)) {
      var sides = checkDeclared(rules, deal.declared, names, deal.no_trump, deal.belle);
      var kinds = sides.map(function (melds) { return melds.map(function (m) { return kindIn(rules, m); }); });
      if (rules.meld_scoring === "each") return { kinds: kinds, winner: null };
      if (isReneging(deal) && rules.renege_melds === "own") return { kinds: kinds, winner: null };
      return { kinds: kinds, winner: meldComparison(rules, sides, deal.elder, names, deal.no_trump).winner };
    }
    if (!deal.melds.length) return { kinds: nothingEach(rules), winner: null };
    var given = deal.melds;
    var melders = range(rules.sides).filter(function (s) { return given[s].length; });
    if (rules.meld_scoring === "each") return { kinds: given, winner: null };
    if (melders.length === 1) return { kinds: given, winner: melders[0] };
    if (rules.meld_entry === "declared" && (deal.renege === null || deal.renege === "both" ||
        rules.renege_melds === "scored" || rules.renege_melds === "counted")) {
      return { kinds: given, winner: kindsWinner(rules, given, names) };
    }
    return { kinds: given, winner: null };
  }

  // _scored_and_side: the meld kinds each side scores, and the side whose melds counted.
  function scoredAndSide(rules, deal, names) {
    var sides = range(rules.sides);
    var renege = isReneging(deal) ? deal.renege : null;
    var ms = meldSide(rules, deal, names), kinds = ms.kinds, winner = ms.winner;
    if (!anyMelds(kinds)) return { scored: nothingEach(rules), winner: null };
    var counted;
    if (rules.meld_scoring === "each") {
      counted = kinds;
    } else {
      if (renege !== null && rules.renege_melds === "own") {
        return { scored: sides.map(function (s) { return s === renege ? [] : kinds[s]; }), winner: winner };
      }
      counted = sides.map(function (s) { return s === winner ? kinds[s] : []; });
    }
    if (renege === null) return { scored: counted, winner: winner };
    if (rules.renege_melds === "none") return { scored: nothingEach(rules), winner: winner };
    if (rules.renege_melds === "counted") {
      var everything = [];
      counted.forEach(function (k) { everything = everything.concat(k); });
      return { scored: sides.map(function (s) { return s === renege ? [] : everything; }), winner: winner };
    }
    return { scored: sides.map(function (s) { return s === renege ? [] : counted[s]; }), winner: winner };
  }
  function scoredMelds(rules, deal, names) { return scoredAndSide(rules, deal, names).scored; }

  function meldsOf(rules, scored, side) {
    return sum(scored[side].map(function (kind) { return rules.meld_values[kind]; }));
  }
  function belleOf(rules, deal, side) { return deal.belle === side ? rules.belle_value : 0; }
  function tookNoTrick(deal, side) {
    if (deal.all_tricks !== null) return deal.all_tricks !== side;
    if (deal.tricks !== null) return deal.tricks[side] === 0;
    return deal.card_points[side] === 0;
  }
  // all_tricks_side: the side that took every trick, as entered, else as the trick counts
  // say, else (every card played) the one side holding every card point.
  function allTricksSide(rules, deal) {
    if (deal.all_tricks !== null) return deal.all_tricks;
    if (deal.card_points === null || deal.renege !== null || deal.void) return null;
    if (deal.tricks !== null) {
      var full = range(deal.tricks.length).filter(function (s) { return deal.tricks[s] === rules.cards_each; });
      return full.length ? full[0] : null;
    }
    if (!rules.all_cards_played) return null;
    var holders = range(deal.card_points.length).filter(function (s) { return deal.card_points[s]; });
    return holders.length === 1 ? holders[0] : null;
  }
  function earnsAllTricks(rules, deal, side) {
    return rules.all_tricks !== "none" && allTricksSide(rules, deal) === side &&
      (side === deal.makers || !!rules.all_tricks_defenders);
  }
  function cardPart(rules, deal, side) {
    if (rules.all_tricks === "capot" && earnsAllTricks(rules, deal, side)) return rules.all_tricks_value;
    return deal.card_points[side];
  }

  function sideMeldPoints(rules, deal, names) {
    if (deal.meld_points !== null) {
      var own = deal.meld_points.slice();
      var renege = isReneging(deal) ? deal.renege : null;
      if (renege !== null) {
        if (rules.renege_melds === "none") own = zerosOf(rules);
        else if (rules.renege_melds === "counted") {
          var all = sum(own);
          own = own.map(function (v, s) { return s === renege ? 0 : all; });
        } else own = own.map(function (v, s) { return s === renege ? 0 : v; });
      }
      return { points: own, side: null };
    }
    var sas = scoredAndSide(rules, deal, names);
    return { points: range(rules.sides).map(function (s) { return meldsOf(rules, sas.scored, s); }), side: sas.winner };
  }

  // _parts: a played deal's points side by side before the rules decide who keeps them.
  function parts(rules, deal, names) {
    var sides = range(rules.sides);
    var mp = sideMeldPoints(rules, deal, names);
    var bonusSets = bonusesOf(rules, deal);
    var melds = sides.map(function (side) {
      var value = mp.points[side];
      if (deal.renege === null && rules.trickless_melds === "void" && tookNoTrick(deal, side)) value = 0;
      if (deal.renege === null && rules.all_tricks === "bonus" && earnsAllTricks(rules, deal, side)) {
        value += rules.all_tricks_value;
      }
      return value;
    });
    var renege = isReneging(deal) ? deal.renege : null;
    var cards, keepBelle;
    if (renege !== null) {
      cards = sides.map(function (s) { return s === renege ? 0 : rules.renege_award; });
      keepBelle = rules.renege_melds !== "none";
    } else {
      cards = sides.map(function (s) { return cardPart(rules, deal, s); });
      keepBelle = true;
    }
    var belle = sides.map(function (s) { return keepBelle && s !== renege ? belleOf(rules, deal, s) : 0; });
    var bonuses = sides.map(function (s) {
      if (s === renege) return 0;
      return sum(bonusSets[s].filter(function (k) { return k !== "bimah"; }).map(function (k) { return rules.bonus_values[k]; }));
    });
    var bimah = sides.map(function (s) {
      return bonusSets[s].indexOf("bimah") >= 0 && s !== renege ? rules.bonus_values.bimah : 0;
    });
    return {
      cards: cards, melds: melds, belle: belle, bonuses: bonuses, bimah: bimah, meld_side: mp.side,
      combined: sides.map(function (s) { return cards[s] + melds[s] + belle[s] + bonuses[s]; }),
      worth: sides.map(function (s) { return melds[s] + belle[s] + bonuses[s] + bimah[s]; })
    };
  }

  function isMade(rules, deal, combined, contract) {
    var makers = deal.makers;
    var beats = range(rules.sides).every(function (s) { return s === makers || combined[makers] > combined[s]; });
    if (deal.bid === CAPOT) return allTricksSide(rules, deal) === makers;
    if (rules.made_when === "beat") return beats;
    var reaches = combined[makers] >= contract;
    return rules.made_when === "reach" ? reaches : reaches && beats;
  }

  function marks(points, setSide, setMark) {
    return points.map(function (p, side) {
      return side === setSide && !p ? (setMark || "XX") : (p ? String(p) : "-");
    });
  }
  // Each side's deal score to the nearest ten: 5 up (``ten``), 5 down (``ten_down``).
  function rounded(rules, points) {
    if (rules.rounding === "ten") return points.map(function (p) { return Math.floor((p + 5) / 10) * 10; });
    if (rules.rounding === "ten_down") return points.map(function (p) { return Math.floor((p + 4) / 10) * 10; });
    return points.slice();
  }

  function result(fields) {
    var out = { points: null, marks: null, made: null, combined: null, held: 0, paid_held: 0,
      winner: null, void: false, renege: null, tied: false, meld_points: [], meld_side: null,
      all_tricks: null, contract: null, factor: 1, scored_meld_points: [] };
    Object.keys(fields).forEach(function (k) { out[k] = fields[k]; });
    return out;
  }

  // A declared meld that cannot exist is refused first, as building scoring.Declared does.
  function buildDeclared(deal) {
    if (!Array.isArray(deal.declared)) return;
    deal.declared.forEach(function (melds) {
      if (Array.isArray(melds)) melds.forEach(function (m) { if (m && typeof m === "object") declared(m); });
    });
  }

  function addUp() {
    var lists = Array.prototype.slice.call(arguments);
    return lists[0].map(function (v, i) { return sum(lists.map(function (l) { return l[i]; })); });
  }

  function score(rules, deal, held, names) {
    buildDeclared(deal);
    validate(rules, deal, names);
    if (!isWhole(held) || held < 0 || (held && rules.sides !== 2)) {
      throw new Error("held points must be a whole number of at least 0, not " + held);
    }
    var sides = range(rules.sides);
    var zeros = zerosOf(rules);
    if (deal.void || deal.renege === "both") {
      return result({ points: zeros, marks: marks(zeros), made: null, combined: zeros, held: held,
        void: true, renege: deal.renege, meld_points: zeros, scored_meld_points: zeros,
        contract: contractPoints(deal.bid), factor: contreFactor(rules, deal.contre) });
    }
    var p = parts(rules, deal, names);
    var contract = rules.bidding ? contractPoints(deal.bid) : rules.contract;
    var factor = contreFactor(rules, deal.contre);
    var combined, points, final;

    if (deal.renege !== null && !rules.bidding) {
      combined = addUp(p.melds, p.belle, p.bonuses);
      points = sides.map(function (s) { return s === deal.renege ? 0 : p.cards[s] + combined[s]; });
      var renegeWinner = rules.sides === 2 ? 1 - deal.renege : null;
      if (renegeWinner !== null) points[renegeWinner] += held;
      final = rounded(rules, points);
      return result({ points: final, marks: marks(final), made: null, combined: combined, paid_held: held,
        winner: renegeWinner, renege: deal.renege, meld_points: combined.slice(), meld_side: p.meld_side,
        scored_meld_points: points.map(function (v, s) { return v === 0 ? 0 : combined[s]; }),
        contract: contract, factor: factor });
    }

    var makers = deal.makers;
    combined = p.combined;
    var opponents = sides.filter(function (s) { return s !== makers; });
    var best = opponents.reduce(function (acc, s) { return acc === null || combined[s] > combined[acc] ? s : acc; }, null);
    var made = deal.renege !== null ? deal.renege !== makers : isMade(rules, deal, combined, contract);
    if (deal.renege === null && !made && rules.tie_rule === "made" && rules.made_when === "beat" &&
        opponents.every(function (s) { return combined[makers] >= combined[s]; })) {
      made = true; // a tie counts as made (belote's "réussite"): each side scores its own
    }
    var tied = !made && deal.renege === null && rules.made_when === "beat" && combined[makers] === combined[best];
    var worth = p.worth;
    function common(fields) {
      var out = { combined: combined, meld_points: worth, meld_side: p.meld_side, all_tricks: allTricksSide(rules, deal),
        contract: rules.bidding || rules.made_when !== "beat" ? contract : null, factor: factor,
        renege: deal.renege };
      Object.keys(fields).forEach(function (k) { out[k] = fields[k]; });
      return result(out);
    }
    var base, counted;

    if (made) {
      points = combined.slice();
      var meldsScored = addUp(p.melds, p.belle, p.bonuses);
      points[makers] += p.bimah[makers];
      meldsScored[makers] += p.bimah[makers];
      if (rules.bidding) {
        if (factor > 1) {
          base = rules.set_cards !== null ? rules.set_cards : rules.deal_total;
          counted = sum(p.melds) + sum(p.bonuses);
          points = p.belle.slice();
          points[makers] = (base + contract + counted + p.belle[makers]) * factor;
          meldsScored = p.belle.slice();
          meldsScored[makers] = (counted + p.belle[makers]) * factor;
        } else if (rules.contract_scoring === "bid") {
          points[makers] = contract + p.melds[makers] + p.belle[makers];
        } else {
          points[makers] += contract;
        }
      }
      points[makers] += held;
      final = rounded(rules, points);
      return common({ points: final, marks: marks(final), made: true, paid_held: held, winner: makers,
        scored_meld_points: meldsScored });
    }

    var kept = rules.belle_on_set === "kept" ? p.belle[makers] : 0;

    if (tied && rules.tie_rule === "hang") {
      return common({ points: zeros, marks: marks(zeros), made: false, held: held + sum(combined), tied: true,
        scored_meld_points: zeros });
    }
    if (tied && rules.tie_rule === "litige") {
      points = zerosOf(rules);
      points[makers] = kept;
      points[best] = combined[best];
      final = rounded(rules, points);
      var litige = zerosOf(rules);
      litige[makers] = kept;
      litige[best] = worth[best] - p.bimah[best];
      return common({ points: final, marks: marks(final), made: false, held: held + combined[makers] - kept,
        tied: true, scored_meld_points: litige });
    }

    var award = !tied || rules.tie_rule === "set" || rules.tie_rule === "litige" ? rules.set_award : "own";
    points = sides.map(function (s) { return s === makers ? 0 : combined[s]; });
    var scored = sides.map(function (s) { return s === makers ? 0 : combined[s] - p.cards[s]; });
    points[makers] = kept;
    scored[makers] = kept;
    if (factor > 1) {
      base = rules.set_cards !== null ? rules.set_cards : rules.deal_total;
      counted = sum(p.melds) + sum(p.bonuses);
      points[best] = (base + contract + counted + p.belle[best]) * factor;
      scored[best] = (counted + p.belle[best]) * factor;
    } else if (award === "all" || award === "cards") {
      var cards = rules.set_cards === null ? sum(p.cards) : rules.set_cards;
      var melds = award === "all" ? sum(p.melds) + sum(p.belle) + sum(p.bonuses) - kept : 0;
      points[best] = cards + melds;
      scored[best] = melds;
      if (rules.bidding) points[best] += contract;
    } else if (rules.bidding) {
      points[best] += contract;
    }
    points[best] += held;
    final = rounded(rules, points);
    return common({ points: final, marks: marks(final, makers, rules.set_mark), made: false, paid_held: held,
      winner: best, tied: tied, scored_meld_points: scored });
  }

  function attempt(fn) {
    try {
      return { valid: true, value: fn() };
    } catch (error) {
      if (error instanceof InvalidDeal) {
        return { valid: false, error: { message: error.message, field: error.field, side: error.side, term: error.term } };
      }
      throw error;
    }
  }

  function scoreDeal(rulesData, deal, state) {
    state = state || {};
    var rules = rulesFrom(rulesData);
    var names = state.side_names || null;
    var out = attempt(function () { return score(rules, normalDeal(deal), state.held || 0, names); });
    return out.valid ? { valid: true, result: out.value } : out;
  }
  // -- a game (scoring/game.py, scoring/dealers.py) ------------------------------------------
  function gameWinner(totals, target) {
    if (target === null || target === undefined) return null;
    var reached = range(totals.length).filter(function (s) { return totals[s] >= target; });
    if (!reached.length) return null;
    var best = Math.max.apply(null, reached.map(function (s) { return totals[s]; }));
    var leaders = reached.filter(function (s) { return totals[s] === best; });
    return leaders.length === 1 ? leaders[0] : null;
  }

  // game_end: whether the game has ended after ``played`` deals, and its winner (null for a
  // drawn game of fixed deals).
  function gameEnd(rules, totals, played) {
    var winner = gameWinner(totals, rules.target);
    if (winner !== null) return { finished: true, winner: winner };
    if (rules.deals !== null && rules.deals !== undefined && played >= rules.deals) {
      var best = Math.max.apply(null, totals);
      var leaders = range(totals.length).filter(function (s) { return totals[s] === best; });
      return { finished: true, winner: leaders.length === 1 ? leaders[0] : null };
    }
    return { finished: false, winner: null };
  }

  // Deals added to a game standing at ``state`` ({totals, held, side_names, first_number}):
  // each deal's result and the running totals, or the first refusal ("Deal <n>: ..." as
  // play_game says).
  function playOn(rulesData, deals, state) {
    state = state || {};
    var rules = rulesFrom(rulesData);
    var names = state.side_names || null;
    var totals = (state.totals || zerosOf(rules)).slice();
    var held = state.held || 0;
    var first = state.first_number || 1;
    var end = gameEnd(rules, totals, first - 1);
    var results = [], running = [];
    for (var i = 0; i < deals.length; i++) {
      var number = first + i;
      if (end.finished && end.winner === null) {
        return { valid: false, error: { message: say(T("The game is over: it was %(deals)d deals and ended in a " +
          "draw, %(total)d each. Deal %(number)d cannot be added.", { deals: number - 1,
            total: Math.max.apply(null, totals), number: number })), field: "game", side: null } };
      }
      if (end.winner !== null) {
        return { valid: false, error: { message: say(T("The game is over: %(who)s won with %(total)d. Deal " +
          "%(number)d cannot be added.", { who: names ? names[end.winner] : T("side %(number)d", { number: end.winner + 1 }),
            total: totals[end.winner], number: number })), field: "game", side: null } };
      }
      var out = attempt(function () { return score(rules, normalDeal(deals[i]), held, names); });
      if (!out.valid) {
        out.error.message = say(T("Deal %(number)d: %(message)s", { number: number, message: out.error.term }));
        return out;
      }
      held = out.value.held;
      totals = totals.map(function (t, s) { return t + out.value.points[s]; });
      results.push(out.value);
      running.push(totals.slice());
      end = gameEnd(rules, totals, number);
    }
    return { valid: true, totals: totals, running: running, results: results, held: held, winner: end.winner,
      finished: end.finished, drawn: end.finished && end.winner === null };
  }

  function nextDealer(rulesData, dealer, deal) {
    var rules = rulesFrom(rulesData);
    deal = normalDeal(deal);
    var again = rules.redeal_by_same_dealer && (deal.void || deal.renege === "both");
    return again ? dealer : (dealer + 1) % rules.players;
  }
  function elderSide(rulesData, dealer) {
    var rules = rulesFrom(rulesData);
    return ((dealer + 1) % rules.players) % rules.sides;
  }

  // -- words for the preview (league/games/forms.py DealForm.preview, selectors) -------------
  // The sentences the deal form writes around the engine's words (league/games/forms.py and
  // selectors.py say the same), from the scripts' catalog (Django's /jsi18n/<language>/):
  // English where the page has none. Called by these names so that makemessages finds them.
  function gettext(msgid) { return global.gettext ? global.gettext(msgid) : msgid; }
  function pgettext(context, msgid) { return global.pgettext ? global.pgettext(context, msgid) : msgid; }
  function ngettext(singular, plural, count) {
    return global.ngettext ? global.ngettext(singular, plural, count) : count === 1 ? singular : plural;
  }
  function sentence(template, params) {
    var text = fill(template, params, catalog());
    return text === null ? template : text;
  }

  // What happened to the makers, in the game's own words (league/games/deal_presenter.py
  // _summary: nat in klaverjas, dedans in belote and coinche, a belote tie a litige), then,
  // given the deal and the side names, the contract and who took every trick
  // (_family_sentences).
  function summary(rulesData, r, deal, names) {
    var rules = rulesFrom(rulesData);
    var out = [outcome(rules, r, deal)];
    if (deal && names) {
      deal = normalDeal(deal);
      if (deal.bid !== null && r.void === false && r.renege === null) {
        var params = { bid: deal.bid === CAPOT ? pgettext("a bid: every trick", "capot") : String(deal.bid),
          factor: r.factor };
        if (deal.contre === 2) out.push(sentence(gettext("Contract: %(bid)s, surcontrée (×%(factor)s)."), params));
        else if (deal.contre === 1) out.push(sentence(gettext("Contract: %(bid)s, contrée (×%(factor)s)."), params));
        else out.push(sentence(gettext("Contract: %(bid)s."), params));
      }
      if (r.all_tricks !== null && r.all_tricks !== undefined) {
        var who = { side: names[r.all_tricks] };
        out.push(rules.all_tricks === "bonus" ? sentence(gettext("Pit: %(side)s took every trick."), who)
          : sentence(gettext("Capot: %(side)s took every trick."), who));
      }
    }
    return out.join(" ");
  }
  function outcome(rules, r, deal) {
    var nat = rules.set_mark === "nat", dedans = rules.meld_words === "belote";
    // The takers keep their belote-rebelote on dedans only when they have it.
    var kept = rules.belle_on_set === "kept" && !!deal && deal.belle !== null
      && deal.belle !== undefined && deal.belle === deal.makers;
    if (r.void) return gettext("Void deal: nobody scores.");
    if (r.renege !== null) return gettext("Renege: play stops.");
    if (r.made) return pgettext("the makers made it", "Made.");
    if (r.tied && rules.tie_rule === "hang") {
      return sentence(gettext("Tie: nobody scores now; %(held)s held for the next winner."), { held: r.held });
    }
    if (r.tied && rules.tie_rule === "litige") {
      var litige = gettext("Litige: the defenders score theirs; the takers' %(held)s are held for the winner of the next deal.");
      return sentence(litige, { held: r.held });
    }
    if (r.tied && rules.tie_rule === "own") return gettext("Tie: the makers score nothing.");
    if (nat) {
      return r.tied ? gettext("Tie, which is nat: the makers score nothing.")
        : gettext("Nat: the makers score nothing.");
    }
    if (dedans) {
      if (r.tied) {
        return kept ? gettext("Tie, which is dedans: the takers score only their belote-rebelote.")
          : gettext("Tie, which is dedans: the takers score nothing.");
      }
      return kept ? gettext("Dedans: the takers score only their belote-rebelote.")
        : gettext("Dedans: the takers score nothing.");
    }
    if (r.tied) return gettext("Tie, which counts as a set (XX): the makers score nothing.");
    return gettext("Set (XX): the makers score nothing.");
  }

  // Who scores the declared melds and why (selectors.declared_winner_text and
  // renege_melds_text), for a deal that scored; "" when there is nothing to say.
  function meldsText(rulesData, deal, names) {
    var rules = rulesFrom(rulesData);
    deal = normalDeal(deal);
    if (!hasDeclared(deal) || deal.renege === "both") return "";
    var sides = declaredSides(rules, deal.declared);
    if (isWhole(deal.renege)) {
      var scored = scoredMelds(rules, deal, names);
      var counted = [];
      scored.forEach(function (kinds, side) {
        if (kinds.length) {
          counted.push(sentence(pgettext("a side's name, then its melds", "%(side)s: %(melds)s"), {
            side: names[side], melds: sides[side].map(function (m) { return say(describeT(m)); }).join(", ") }));
        }
      });
      return counted.length
        ? sentence(gettext("melds that count (%(side)s's lapse): %(melds)s"),
          { side: names[deal.renege], melds: counted.join("; ") })
        : sentence(gettext("no melds count (%(side)s's lapse)"), { side: names[deal.renege] });
    }
    var comparison = meldComparison(rules, sides, deal.elder, names, deal.no_trump);
    var winner = comparison.winner;
    if (winner === null) return capital(say(comparison.reason));
    var best = comparison.best[winner];
    // The verb agrees with the people on a side (league/games/selectors.py side_size).
    var people = rules.players / rules.sides;
    if (best && comparison.best.filter(function (m) { return sameMeld(m, best); }).length > 1) {
      var params = { side: names[winner], meld: say(describeT(best)) };
      return best.form === "run" && !best.trump
        ? sentence(ngettext("%(side)s scores the melds as the elder hand's side: equal runs in plain suits (%(meld)s each)",
          "%(side)s score the melds as the elder hand's side: equal runs in plain suits (%(meld)s each)", people), params)
        : sentence(ngettext("%(side)s scores the melds as the elder hand's side: equal melds (%(meld)s each)",
          "%(side)s score the melds as the elder hand's side: equal melds (%(meld)s each)", people), params);
    }
    return sentence(ngettext("%(side)s scores the melds: %(reason)s", "%(side)s score the melds: %(reason)s", people),
      { side: names[winner], reason: say(comparison.reason) });
  }

  global.HicksheetRules = {
    MELD_KINDS: MELD_KINDS,
    MELD_LABELS: MELD_LABELS,
    BONUS_KINDS: BONUS_KINDS,
    BONUS_LABELS: BONUS_LABELS,
    describe: describe,
    rulesFrom: rulesFrom,
    dealTotal: function (rulesData, noTrump) { return cardTotal(rulesFrom(rulesData), noTrump); },
    scoreDeal: scoreDeal,
    playOn: playOn,
    gameWinner: gameWinner,
    gameEnd: function (rulesData, totals, played) { return gameEnd(rulesFrom(rulesData), totals, played); },
    nextDealer: nextDealer,
    elderSide: elderSide,
    summary: summary,
    meldsText: meldsText,
    declared: function (raw) { return attempt(function () { return declared(raw); }); },
    // The catalog of the engine's words in the page's language (tests; pages carry it in
    // "deal-state"): {msgid or context\u0004msgid: translation}.
    setWords: function (words) { WORDS = words || {}; }
  };
})(typeof window !== "undefined" ? window : this);
