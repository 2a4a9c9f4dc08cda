// The scoring rules of one deal, in the browser: a port of scoring/deal.py, scoring/melds.py
// and the parts of scoring/rules.py, scoring/game.py and scoring/dealers.py a deal needs, so
// that the deal form's preview and the running totals keep working while the phone is offline.
//
// The Python engine is the rule; this copy must agree with it on every deal, valid or not
// (tests/browser/test_rules_js.py compares them on a table of deals per preset and on
// hundreds of random ones). Messages follow the engine's words; where they differ, only
// "refused" versus "scored" has to agree.
//
//   HicksheetRules.scoreDeal(rulesData, deal, state)
//     rulesData: a game's ruleset data ({"preset": ..., "overrides": {...}}, Game.ruleset_data)
//     deal: {makers, card_points, melds, belle, tricks, renege, void, no_trump, declared, elder}
//           (declared: one list a side of {form: "run"|"four", length, top, trump})
//     state: {held, side_names} (both optional)
//   returns {valid: true, result: {points, marks, made, combined, held, paid_held, winner,
//            void, renege, tied}} or {valid: false, error: {message, field, side}}.
(function (global) {
  "use strict";

  var MELD_KINDS = ["run3", "run4", "run5", "four_jacks", "four_9", "four_A", "four_10",
    "four_K", "four_Q"];
  var MELD_LABELS = {
    run3: "Run of 3", run4: "Run of 4", run5: "Run of 5 or more", four_jacks: "Four jacks",
    four_9: "Four nines", four_A: "Four aces", four_10: "Four tens", four_K: "Four kings",
    four_Q: "Four queens"
  };
  var MELD_CARDS = { run3: 3, run4: 4, run5: 5, four_jacks: 4, four_9: 4, four_A: 4,
    four_10: 4, four_K: 4, four_Q: 4 };
  var TRUMP_DEAL_TOTAL = 162;
  var NO_TRUMP_DEAL_TOTAL = 130;
  var RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];
  var RANK_WORDS = {
    "7": ["seven", "sevens"], "8": ["eight", "eights"], "9": ["nine", "nines"],
    "10": ["ten", "tens"], J: ["jack", "jacks"], Q: ["queen", "queens"], K: ["king", "kings"],
    A: ["ace", "aces"]
  };
  var NUMBER_WORDS = { 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
    7: "seven", 8: "eight", 9: "nine" };

  // scoring.rules.PRESETS, field for field (the test checks every preset against Python's).
  var TWO_HAND = { players: 2, sides: 2, deck_size: 32, cards_each: 9, all_cards_played: false,
    void_reasons: ["passed", "schmeiss", "misdeal"] };
  var KLABERJASS_MELDS = { run3: 20, run4: 50, run5: 50 };
  function preset(base, fields) {
    var out = { belle_value: 20, renege_award: TRUMP_DEAL_TOTAL, target: 500,
      no_trump_allowed: false, void_reasons: ["passed", "misdeal"], meld_tie: "nobody",
      renege_melds: "own", redeal_by_same_dealer: false };
    [base, fields].forEach(function (src) {
      Object.keys(src).forEach(function (k) { out[k] = src[k]; });
    });
    return out;
  }
  var PRESETS = {
    klaberjass: preset(TWO_HAND, { preset: "klaberjass", name: "Klaberjass", set_award: "all",
      tie_rule: "own", trickless_melds: "void", meld_values: KLABERJASS_MELDS }),
    "klaberjass-hang": preset(TWO_HAND, { preset: "klaberjass-hang",
      name: "Klaberjass, hanging ties", set_award: "all", tie_rule: "hang",
      trickless_melds: "void", meld_values: KLABERJASS_MELDS }),
    "klabberjass-100": preset(TWO_HAND, { preset: "klabberjass-100",
      name: "Klabberjass (runs of five: 100)", set_award: "all", tie_rule: "set",
      trickless_melds: "void", meld_values: { run3: 20, run4: 50, run5: 100 },
      meld_tie: "elder" }),
    zensa: preset(TWO_HAND, { preset: "zensa", name: "Zensa (Bavarian melds)",
      set_award: "all", tie_rule: "own", trickless_melds: "void",
      meld_values: { run3: 20, run4: 50, run5: 100, four_jacks: 200, four_A: 100,
        four_10: 100, four_K: 100, four_Q: 100 } }),
    "klaberjass-3": preset({}, { preset: "klaberjass-3", name: "Three-hand Klaberjass",
      players: 3, sides: 3, deck_size: 32, cards_each: 9, all_cards_played: false,
      set_award: "own", tie_rule: "set", trickless_melds: "void",
      meld_values: KLABERJASS_MELDS }),
    "klaberjass-4": preset({}, { preset: "klaberjass-4",
      name: "Four-hand Klaberjass (South African)", players: 4, sides: 2, deck_size: 32,
      cards_each: 8, all_cards_played: true, set_award: "all", tie_rule: "own",
      trickless_melds: "void", meld_values: KLABERJASS_MELDS, no_trump_allowed: true }),
    clabber: preset({}, { preset: "clabber", name: "Evansville Clabber", players: 4, sides: 2,
      deck_size: 24, cards_each: 6, all_cards_played: true, set_award: "own",
      tie_rule: "set", trickless_melds: "kept",
      meld_values: { run3: 20, run4: 50, run5: 100, four_jacks: 200, four_9: 100, four_A: 100,
        four_10: 100, four_K: 100, four_Q: 100 }, redeal_by_same_dealer: true })
  };

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

  // A game's ruleset data as a ruleset: its preset with its overrides (meld values merged,
  // a kind given as null no longer paid), as scoring.rules.ruleset_from_data does.
  function rulesFrom(data) {
    if (data && data.players) return data; // already whole
    var base = PRESETS[data && data.preset];
    if (!base) throw new Error("Unknown preset " + (data && data.preset));
    var rules = {};
    Object.keys(base).forEach(function (k) { rules[k] = base[k]; });
    var overrides = (data && data.overrides) || {};
    Object.keys(overrides).forEach(function (k) {
      if (k !== "meld_values") { rules[k] = overrides[k]; return; }
      var merged = {};
      Object.keys(base.meld_values).forEach(function (kind) { merged[kind] = base.meld_values[kind]; });
      Object.keys(overrides.meld_values || {}).forEach(function (kind) {
        var value = overrides.meld_values[kind];
        if (value === null || value === undefined) delete merged[kind]; else merged[kind] = value;
      });
      var ordered = {};
      MELD_KINDS.forEach(function (kind) { if (kind in merged) ordered[kind] = merged[kind]; });
      rules.meld_values = ordered;
    });
    return rules;
  }

  // -- words ---------------------------------------------------------------------------------
  function isWhole(v) { return typeof v === "number" && Number.isInteger(v); }
  function partnerships(rules) { return rules.players > rules.sides; }
  function dealTotal(rules, noTrump) { return noTrump ? NO_TRUMP_DEAL_TOTAL : TRUMP_DEAL_TOTAL; }
  function meldValue(rules, kind) {
    return Object.prototype.hasOwnProperty.call(rules.meld_values, kind) ? rules.meld_values[kind] : null;
  }
  function number(n) { return NUMBER_WORDS[n] ? T(NUMBER_WORDS[n]) : String(n); }
  function Number_(n) { return NUMBER_WORDS[n] ? T(capital(NUMBER_WORDS[n])) : String(n); }
  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  // scoring/melds.py RANK_WORDS: "the king", "a king" / "an ace", "kings".
  function rankThe(rank) { return T("the " + RANK_WORDS[rank][0]); }
  function rankA(rank) {
    return T((rank === "8" || rank === "A" ? "an " : "a ") + RANK_WORDS[rank][0]);
  }
  function rankPlural(rank) { return T(RANK_WORDS[rank][1]); }
  function meldWords(kind) { return T(MELD_LABELS[kind].toLowerCase()); } // scoring.rules.MELD_WORDS
  function gameName(rules) { return T(rules.name); }
  // scoring/words.py whose, both, and_list; scoring/errors.py side_name, side_who.
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

  // -- declared melds (scoring/melds.py) -----------------------------------------------------
  function rankOf(value) {
    if (isWhole(value)) value = String(value);
    if (typeof value === "string" && RANKS.indexOf(value.trim().toUpperCase()) >= 0) {
      return value.trim().toUpperCase();
    }
    throw new InvalidDeal(T("%(value)s is not a card rank; the ranks are %(ranks)s.",
      { value: JSON.stringify(value), ranks: RANKS.join(", ") }), "declared");
  }

  // A declared meld checked as scoring.melds.Declared checks it when it is made.
  function declared(raw) {
    var form = raw.form, length = raw.length, trump = raw.trump === undefined ? false : raw.trump;
    if (form !== "run" && form !== "four") {
      throw new InvalidDeal(T("%(form)s is not a meld; a meld is a run or a four of a kind.",
        { form: JSON.stringify(form) }), "declared");
    }
    var top = rankOf(raw.top);
    if (typeof trump !== "boolean") {
      throw new InvalidDeal(T("Say whether the run is in trumps: yes or no."), "declared");
    }
    if (form === "four") {
      if (length !== 4 || trump) throw new InvalidDeal(T("A four of a kind is four cards of one rank."), "declared");
      if (top === "7" || top === "8") {
        throw new InvalidDeal(T("Four %(ranks)s are not a meld.", { ranks: rankPlural(top) }), "declared");
      }
    } else {
      if (!isWhole(length) || length < 3 || length > 8) {
        throw new InvalidDeal(T("A run is 3 to 8 cards in a row, not %(length)s.", { length: length }), "declared");
      }
      if (RANKS.indexOf(top) - length + 1 < 0) {
        throw new InvalidDeal(T("A run of %(length)s cannot end at %(top)s: runs go 7 8 9 10 J Q K A, and " +
          "nothing is below the seven.", { length: number(length), top: rankThe(top) }), "declared");
      }
    }
    return { form: form, length: length, top: top, trump: trump };
  }
  function meldRanks(m) {
    if (m.form === "four") return [m.top];
    var high = RANKS.indexOf(m.top);
    return RANKS.slice(high - m.length + 1, high + 1);
  }
  function meldKind(m) {
    if (m.form === "run") return "run" + Math.min(m.length, 5);
    return m.top === "J" ? "four_jacks" : "four_" + m.top;
  }
  // Declared.describe (as words), and at the start of a sentence; describe() is the English.
  function describeT(m, capitalised) {
    if (m.form === "four") return T(capitalised ? "Four %(ranks)s" : "four %(ranks)s", { ranks: rankPlural(m.top) });
    var words = (capitalised ? "Run" : "run") + " of %(length)s to %(top)s" + (m.trump ? " in trumps" : "");
    return T(words, { length: number(m.length), top: rankThe(m.top) });
  }
  function describe(m) { return english(describeT(m)); }
  // A meld in a list of melds a hand cannot hold: {form, length, single, many, params}.
  function declaredWords(m) {
    if (m.form === "four") {
      return { form: "four", length: 4, single: describeT(m), many: "%(count)s %(meld)s", params: { meld: describeT(m) } };
    }
    var tail = " of %(length)s to %(top)s" + (m.trump ? " in trumps" : "");
    var params = { length: number(m.length), top: rankThe(m.top) };
    return { form: "run", length: m.length, single: T("a run" + tail, params), many: "%(count)s runs" + tail, params: params };
  }
  function sameMeld(a, b) {
    return !!a && !!b && a.form === b.form && a.length === b.length && a.top === b.top && a.trump === b.trump;
  }
  function meldKey(rules, m) {
    var value = meldValue(rules, meldKind(m)) || 0;
    if (m.form === "four") return [value, 1, 0, RANKS.indexOf(m.top), 0];
    return [value, 0, m.length, RANKS.indexOf(m.top), m.trump ? 1 : 0];
  }
  function compareKeys(a, b) {
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
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
            { meld: JSON.stringify(m) }), "declared", side);
        }
        return declared(m);
      });
    });
  }

  function checkElder(rules, elder) {
    if (elder === null || elder === undefined) return;
    if (!isWhole(elder) || elder < 0 || elder >= rules.sides) {
      throw new InvalidDeal(T("The elder hand's side is one of the %(sides)d sides, numbered 0 to %(last)d: " +
        "%(value)s is not one of them.", { sides: rules.sides, last: rules.sides - 1, value: elder }), "elder");
    }
  }

  function bestOf(rules, melds) {
    var best = null;
    melds.forEach(function (m) {
      if (best === null || compareKeys(meldKey(rules, m), meldKey(rules, best)) > 0) best = m;
    });
    return best;
  }

  function meldComparison(rules, given, elder, names, noTrump) {
    var sides = checkDeclared(rules, given, names, noTrump);
    checkElder(rules, elder);
    var best = sides.map(function (melds) { return melds.length ? bestOf(rules, melds) : null; });
    var present = range(rules.sides).filter(function (s) { return best[s] !== null; });
    if (!present.length) return { winner: null, reason: T("nobody declared a meld"), best: best };
    var top = present.reduce(function (acc, s) {
      var key = meldKey(rules, best[s]);
      return acc === null || compareKeys(key, acc) > 0 ? key : acc;
    }, null);
    var leaders = present.filter(function (s) { return compareKeys(meldKey(rules, best[s]), top) === 0; });
    var reason;
    if (leaders.length === 1) {
      var winner = leaders[0];
      var others = present.filter(function (s) { return s !== winner; });
      if (!others.length) {
        reason = T("%(meld)s: only %(side)s declared melds",
          { meld: describeT(best[winner]), side: sideName(rules, winner, names) });
      } else {
        var second = others.reduce(function (acc, s) {
          return acc === null || compareKeys(meldKey(rules, best[s]), meldKey(rules, best[acc])) > 0 ? s : acc;
        }, null);
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
        "melds: say who the elder hand is (the player to the dealer's left).",
        { each: T("%(meld)s each", { meld: describeT(equal) }) }), "elder");
    }
    var order = range(rules.sides).map(function (step) { return (elder + step) % rules.sides; });
    var first = order.filter(function (s) { return leaders.indexOf(s) >= 0; })[0];
    return { winner: first, reason: T("%(what)s: the elder hand's side, %(side)s, scores melds (%(each)s)",
      { what: what, side: sideName(rules, first, names), each: each }), best: best };
  }

  function handsWords(rules) {
    var hands = rules.players / rules.sides;
    var cards = number(rules.cards_each);
    if (hands === 1) return T("A hand of %(cards)s cards", { cards: cards });
    return T("%(hands)s hands of %(cards)s cards", { hands: Number_(hands), cards: cards });
  }

  // melds: {form, length, single, many, params} a meld (declaredWords, checkHands).
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
      var params = { count: number(times) };
      Object.keys(m.params).forEach(function (k) { params[k] = m.params[k]; });
      return T(m.many, params);
    }));
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

  function checkHands(rules, kinds, names) {
    kinds.forEach(function (sideKinds, side) {
      checkSideHands(rules, side, sideKinds.map(function (kind) {
        if (kind.indexOf("four_") === 0) {
          return { form: "four", length: 4, single: meldWords(kind), many: "%(count)s %(meld)s",
            params: { meld: meldWords(kind) } };
        }
        var length = number(MELD_CARDS[kind]);
        return { form: "run", length: MELD_CARDS[kind], single: T("a run of %(length)s", { length: length }),
          many: "%(count)s runs of %(length)s", params: { length: length } };
      }), names);
    });
  }

  function checkDeclared(rules, given, names, noTrump) {
    var sides = declaredSides(rules, given);
    var lowest = rules.deck_size === 24 ? RANKS.indexOf("9") : 0;
    sides.forEach(function (melds, side) {
      melds.forEach(function (m) {
        var kind = meldKind(m);
        if (meldValue(rules, kind) === null) {
          throw new InvalidDeal(T(kind === "run5" ? "%(game)s does not pay for %(meld)s (a run of five or more)."
            : "%(game)s does not pay for %(meld)s.", { game: gameName(rules), meld: describeT(m) }), "declared", side);
        }
        var low = meldRanks(m)[0];
        if (RANKS.indexOf(low) < lowest) {
          throw new InvalidDeal(T("%(game)s is played without sevens and eights: a %(meld)s would need %(card)s.",
            { game: gameName(rules), meld: describeT(m), card: rankA(low) }), "declared", side);
        }
        if (m.trump && noTrump) {
          throw new InvalidDeal(T("A no-trump deal has no trumps: a %(meld)s cannot be.", { meld: describeT(m) }),
            "declared", side);
        }
      });
    });
    sides.forEach(function (melds, side) {
      try {
        checkSideHands(rules, side, melds.map(declaredWords), names);
      } catch (error) {
        if (error instanceof InvalidDeal) throw new InvalidDeal(error.term, "declared", side);
        throw error;
      }
    });
    checkCards(rules, sides, noTrump);
    return sides;
  }

  function checkCards(rules, sides, noTrump) {
    var everyone = [];
    sides.forEach(function (melds, side) { melds.forEach(function (m) { everyone.push([side, m]); }); });
    var fours = {};
    everyone.forEach(function (e) {
      var m = e[1];
      if (m.form !== "four") return;
      if (m.top in fours) {
        throw new InvalidDeal(T("There is only one set of four %(ranks)s in the deck.", { ranks: rankPlural(m.top) }),
          "declared", e[0]);
      }
      fours[m.top] = e[0];
    });
    var runs = everyone.filter(function (e) { return e[1].form === "run"; });
    runs.forEach(function (e) {
      meldRanks(e[1]).forEach(function (rank) {
        if (rank in fours) {
          throw new InvalidDeal(T("%(meld)s needs %(card)s, but all four %(ranks)s are declared as four of a " +
            "kind, and a card counts in one meld only.",
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

  // -- one deal (scoring/deal.py) ------------------------------------------------------------
  function normalDeal(deal) {
    var out = {
      makers: deal.makers === undefined ? null : deal.makers,
      card_points: deal.card_points === undefined ? null : deal.card_points,
      melds: deal.melds || [],
      belle: deal.belle === undefined ? null : deal.belle,
      tricks: deal.tricks === undefined ? null : deal.tricks,
      renege: deal.renege === undefined ? null : deal.renege,
      void: !!deal.void,
      no_trump: !!deal.no_trump,
      declared: deal.declared === undefined ? null : deal.declared,
      elder: deal.elder === undefined ? null : deal.elder
    };
    return out;
  }

  function checkSide(rules, value, field) {
    if (value === null) return;
    if (!isWhole(value) || value < 0 || value >= rules.sides) {
      throw new InvalidDeal(T("%(game)s has %(sides)d sides, numbered 0 to %(last)d: %(value)s is not one of them.",
        { game: gameName(rules), sides: rules.sides, last: rules.sides - 1, value: JSON.stringify(value) }), field);
    }
  }

  function perSide(rules, values, field, what, names) {
    if (!Array.isArray(values) || values.length !== rules.sides) {
      throw new InvalidDeal(T("Give %(what)s for each of the %(sides)d sides.", { what: T(what), sides: rules.sides }),
        field);
    }
    values.forEach(function (value, side) {
      if (!isWhole(value)) {
        throw new InvalidDeal(T("%(what)s must be whole numbers; %(side)s has %(value)s.",
          { what: T(capital(what)), side: sideName(rules, side, names), value: JSON.stringify(value) }), field, side);
      }
    });
    return values;
  }

  function hasDeclared(deal) {
    return Array.isArray(deal.declared) && deal.declared.some(function (m) { return m && m.length; });
  }
  function anyMelds(melds) { return melds.some(function (kinds) { return kinds && kinds.length; }); }

  function validate(rules, deal, names) {
    checkSide(rules, deal.makers, "makers");
    checkSide(rules, deal.belle, "belle");
    checkElder(rules, deal.elder);
    if (deal.renege !== null && deal.renege !== "both") checkSide(rules, deal.renege, "renege");
    if (deal.no_trump && !rules.no_trump_allowed) {
      throw new InvalidDeal(T("%(game)s has no no-trump deals.", { game: gameName(rules) }), "no_trump");
    }
    if (deal.void && deal.renege !== null && deal.renege !== "both") {
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
    if (deal.renege !== null) return;
    if (deal.makers === null) throw new InvalidDeal(T("Say which side made trump."), "makers");
    if (deal.card_points === null) throw new InvalidDeal(T("Enter the card points each side took."), "card_points");
    checkCardPoints(rules, deal, names);
  }

  function checkCardPoints(rules, deal, names) {
    var points = perSide(rules, deal.card_points, "card_points", "card points", names);
    var total = dealTotal(rules, deal.no_trump);
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
    var tricks = perSide(rules, deal.tricks, "tricks", "tricks", names);
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

  function checkMelds(rules, deal, names) {
    var melds = deal.melds;
    if (hasDeclared(deal) || (deal.declared !== null && melds.length === 0)) {
      if (melds.length && anyMelds(melds)) {
        throw new InvalidDeal(T("Enter either the melds each side declared or the melds scored, not both."), "melds");
      }
      var sides = checkDeclared(rules, deal.declared, names, deal.no_trump);
      if (deal.renege === null || rules.renege_melds === "scored") {
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
      var who = sideWho(rules, side, names);
      if (!Array.isArray(kinds)) {
        throw new InvalidDeal(T("%(whose)s melds must be a list of meld kinds.", { whose: whose(who) }), "melds", side);
      }
      kinds.forEach(function (kind) {
        if (MELD_KINDS.indexOf(kind) < 0) {
          throw new InvalidDeal(T("%(kind)s is not a meld; the melds are %(kinds)s.",
            { kind: JSON.stringify(kind), kinds: MELD_KINDS.join(", ") }), "melds", side);
        }
        if (meldValue(rules, kind) === null) {
          throw new InvalidDeal(T("%(game)s does not pay for %(meld)s.", { game: gameName(rules), meld: meldWords(kind) }),
            "melds", side);
        }
        if (kind.indexOf("four_") === 0) {
          if (foursSeen[kind]) {
            throw new InvalidDeal(T("There is only one set of %(ranks)s in the deck.",
              { ranks: rankPlural(kind === "four_jacks" ? "J" : kind.slice(5)) }), "melds", side);
          }
          foursSeen[kind] = true;
        }
      });
    });
    checkHands(rules, melds, names);
    var scoring = range(rules.sides).filter(function (s) { return melds[s].length; });
    if (scoring.length > 1 && deal.renege === null) {
      throw new InvalidDeal(T("Only the side with the best meld scores melds: %(sides)s cannot both score " +
        "them (belle is scored apart).", { sides: both(scoring.map(function (s) { return sideName(rules, s, names); })) }),
        "melds");
    }
  }

  function scoredMelds(rules, deal, names) {
    var nothing = [];
    var renege = deal.renege !== "both" ? deal.renege : null;
    var sides = range(rules.sides);
    if (hasDeclared(deal)) {
      var declaredSides = checkDeclared(rules, deal.declared, names, deal.no_trump);
      var kinds = declaredSides.map(function (melds) { return melds.map(meldKind); });
      if (renege !== null && rules.renege_melds === "own") {
        return sides.map(function (s) { return s === renege ? nothing : kinds[s]; });
      }
      var winner = meldComparison(rules, declaredSides, deal.elder, names, deal.no_trump).winner;
      return sides.map(function (s) { return s === winner && s !== renege ? kinds[s] : nothing; });
    }
    if (!deal.melds.length) return sides.map(function () { return nothing; });
    var melds = deal.melds;
    if (renege === null) return melds;
    if (rules.renege_melds === "own") {
      return sides.map(function (s) { return s === renege ? nothing : melds[s]; });
    }
    var melders = sides.filter(function (s) { return melds[s].length; });
    return sides.map(function (s) {
      return melders.length === 1 && melders[0] === s && s !== renege ? melds[s] : nothing;
    });
  }

  function meldsOf(rules, scored, side) {
    if (!scored.length) return 0;
    return sum(scored[side].map(function (kind) { return rules.meld_values[kind]; }));
  }
  function belleOf(rules, deal, side) { return deal.belle === side ? rules.belle_value : 0; }
  function tookNoTrick(deal, side) {
    return deal.tricks !== null ? deal.tricks[side] === 0 : deal.card_points[side] === 0;
  }

  function combinedPoints(rules, deal, scored) {
    return range(rules.sides).map(function (side) {
      var melds = meldsOf(rules, scored, side);
      if (rules.trickless_melds === "void" && tookNoTrick(deal, side)) melds = 0;
      return deal.card_points[side] + melds + belleOf(rules, deal, side);
    });
  }

  function marks(points, setSide) {
    return points.map(function (p, side) { return side === setSide ? "XX" : (p ? String(p) : "-"); });
  }

  function result(fields) {
    var out = { points: null, marks: null, made: null, combined: null, held: 0, paid_held: 0,
      winner: null, void: false, renege: null, tied: false };
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

  function score(rules, deal, held, names) {
    buildDeclared(deal);
    validate(rules, deal, names);
    if (!isWhole(held) || held < 0 || (held && rules.sides !== 2)) {
      throw new Error("held points must be a whole number of at least 0, not " + held);
    }
    var sides = range(rules.sides);
    var zeros = sides.map(function () { return 0; });
    if (deal.void || deal.renege === "both") {
      return result({ points: zeros, marks: marks(zeros), made: null, combined: zeros, held: held,
        void: true, renege: deal.renege });
    }
    if (deal.renege !== null) {
      var scored = scoredMelds(rules, deal, names);
      var combined = sides.map(function (s) { return meldsOf(rules, scored, s) + belleOf(rules, deal, s); });
      var points = sides.map(function (s) { return s === deal.renege ? 0 : rules.renege_award + combined[s]; });
      var winner = rules.sides === 2 ? 1 - deal.renege : null;
      if (winner !== null) points[winner] += held;
      return result({ points: points, marks: marks(points), made: null, combined: combined,
        paid_held: held, winner: winner, renege: deal.renege });
    }
    var makers = deal.makers;
    var comb = combinedPoints(rules, deal, scoredMelds(rules, deal, names));
    var opponents = sides.filter(function (s) { return s !== makers; });
    var best = opponents.reduce(function (acc, s) { return acc === null || comb[s] > comb[acc] ? s : acc; }, null);
    var made = opponents.every(function (s) { return comb[makers] > comb[s]; });
    var tied = !made && comb[makers] === comb[best];
    if (made) {
      var madePoints = comb.slice();
      madePoints[makers] += held;
      return result({ points: madePoints, marks: marks(madePoints), made: true, combined: comb,
        paid_held: held, winner: makers });
    }
    if (tied && rules.tie_rule === "hang") {
      return result({ points: zeros, marks: marks(zeros), made: false, combined: comb,
        held: held + sum(comb), tied: true });
    }
    var award = !tied || rules.tie_rule === "set" ? rules.set_award : "own";
    var setPoints = sides.map(function (s) { return s === makers ? 0 : comb[s]; });
    if (award === "all") setPoints[best] = sum(comb);
    setPoints[best] += held;
    return result({ points: setPoints, marks: marks(setPoints, makers), made: false, combined: comb,
      paid_held: held, winner: best, tied: tied });
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
    var reached = range(totals.length).filter(function (s) { return totals[s] >= target; });
    if (!reached.length) return null;
    var best = Math.max.apply(null, reached.map(function (s) { return totals[s]; }));
    var leaders = reached.filter(function (s) { return totals[s] === best; });
    return leaders.length === 1 ? leaders[0] : null;
  }

  // Deals added to a game standing at ``state`` ({totals, held, side_names}): each deal's
  // result and the running totals, or the first refusal ("Deal <n>: ..." as play_game says).
  function playOn(rulesData, deals, state) {
    state = state || {};
    var rules = rulesFrom(rulesData);
    var names = state.side_names || null;
    var totals = (state.totals || range(rules.sides).map(function () { return 0; })).slice();
    var held = state.held || 0;
    var first = state.first_number || 1;
    var winner = gameWinner(totals, rules.target);
    var results = [], running = [];
    for (var i = 0; i < deals.length; i++) {
      if (winner !== null) {
        return { valid: false, error: { message: say(T("The game is over: %(who)s won with %(total)d. Deal " +
          "%(number)d cannot be added.", { who: names ? names[winner] : T("side %(number)d", { number: winner + 1 }),
            total: totals[winner], number: first + i })), field: "game", side: null } };
      }
      var out = attempt(function () { return score(rules, normalDeal(deals[i]), held, names); });
      if (!out.valid) {
        out.error.message = say(T("Deal %(number)d: %(message)s", { number: first + i, message: out.error.term }));
        return out;
      }
      held = out.value.held;
      totals = totals.map(function (t, s) { return t + out.value.points[s]; });
      results.push(out.value);
      running.push(totals.slice());
      winner = gameWinner(totals, rules.target);
    }
    return { valid: true, totals: totals, running: running, results: results, held: held, winner: winner };
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

  function summary(rulesData, r) {
    var rules = rulesFrom(rulesData);
    if (r.void) return gettext("Void deal: nobody scores.");
    if (r.renege !== null) return gettext("Renege: play stops.");
    if (r.made) return pgettext("the makers made it", "Made.");
    if (r.tied && rules.tie_rule === "hang") {
      return sentence(gettext("Tie: nobody scores now; %(held)s held for the next winner."), { held: r.held });
    }
    if (r.tied && rules.tie_rule === "own") return gettext("Tie: the makers score nothing.");
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
    PRESETS: PRESETS,
    MELD_KINDS: MELD_KINDS,
    MELD_LABELS: MELD_LABELS,
    describe: describe,
    rulesFrom: rulesFrom,
    dealTotal: function (rulesData, noTrump) { return dealTotal(rulesFrom(rulesData), noTrump); },
    scoreDeal: scoreDeal,
    playOn: playOn,
    gameWinner: gameWinner,
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
