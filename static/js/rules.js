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

  function InvalidDeal(message, field, side) {
    this.message = message;
    this.field = field === undefined ? null : field;
    this.side = side === undefined ? null : side;
  }

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
  function number(n) { return NUMBER_WORDS[n] || String(n); }
  function article(rank) { return rank === "8" || rank === "A" ? "an" : "a"; }
  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  function pyCapitalize(text) { return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase(); }
  function possessive(name) { return /[sS]$/.test(name) ? name + "'" : name + "'s"; }
  function sideName(rules, side, names) {
    if (names) return names[side];
    return (partnerships(rules) ? "partnership" : "player") + " " + (side + 1);
  }
  function sideWho(rules, side, names) {
    var name = sideName(rules, side, names);
    return names ? name : pyCapitalize(name);
  }
  function everybody(rules) { return rules.sides === 2 ? "both sides" : "every player"; }
  function join(words) {
    return words.length === 1 ? words[0]
      : words.slice(0, -1).join(", ") + " and " + words[words.length - 1];
  }
  function range(n) { var out = []; for (var i = 0; i < n; i++) out.push(i); return out; }
  function sum(values) { return values.reduce(function (a, b) { return a + b; }, 0); }

  // -- declared melds (scoring/melds.py) -----------------------------------------------------
  function rankOf(value) {
    if (isWhole(value)) value = String(value);
    if (typeof value === "string" && RANKS.indexOf(value.trim().toUpperCase()) >= 0) {
      return value.trim().toUpperCase();
    }
    throw new InvalidDeal(JSON.stringify(value) + " is not a card rank; the ranks are " +
      RANKS.join(", ") + ".", "declared");
  }

  // A declared meld checked as scoring.melds.Declared checks it when it is made.
  function declared(raw) {
    var form = raw.form, length = raw.length, trump = raw.trump === undefined ? false : raw.trump;
    if (form !== "run" && form !== "four") {
      throw new InvalidDeal(JSON.stringify(form) + " is not a meld; a meld is a run or a four of a kind.", "declared");
    }
    var top = rankOf(raw.top);
    if (typeof trump !== "boolean") {
      throw new InvalidDeal("Say whether the run is in trumps: yes or no.", "declared");
    }
    if (form === "four") {
      if (length !== 4 || trump) throw new InvalidDeal("A four of a kind is four cards of one rank.", "declared");
      if (top === "7" || top === "8") throw new InvalidDeal("Four " + RANK_WORDS[top][1] + " are not a meld.", "declared");
    } else {
      if (!isWhole(length) || length < 3 || length > 8) {
        throw new InvalidDeal("A run is 3 to 8 cards in a row, not " + length + ".", "declared");
      }
      if (RANKS.indexOf(top) - length + 1 < 0) {
        throw new InvalidDeal("A run of " + number(length) + " cannot end at the " + RANK_WORDS[top][0] +
          ": runs go 7 8 9 10 J Q K A, and nothing is below the seven.", "declared");
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
  function describe(m) {
    if (m.form === "four") return "four " + RANK_WORDS[m.top][1];
    var words = "run of " + number(m.length) + " to the " + RANK_WORDS[m.top][0];
    return m.trump ? words + " in trumps" : words;
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
      throw new InvalidDeal("Give the melds each of the " + rules.sides + " sides declared.", "declared");
    }
    return given.map(function (melds, side) {
      if (melds === null || melds === undefined) melds = [];
      if (!Array.isArray(melds)) {
        throw new InvalidDeal("Each side's declared melds must be a list of melds.", "declared", side);
      }
      return melds.map(function (m) {
        if (!m || typeof m !== "object") {
          throw new InvalidDeal(JSON.stringify(m) + " is not a declared meld (a run or a four of a kind).", "declared", side);
        }
        return declared(m);
      });
    });
  }

  function checkElder(rules, elder) {
    if (elder === null || elder === undefined) return;
    if (!isWhole(elder) || elder < 0 || elder >= rules.sides) {
      throw new InvalidDeal("The elder hand's side is one of the " + rules.sides + " sides, numbered 0 to " +
        (rules.sides - 1) + ": " + elder + " is not one of them.", "elder");
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
    if (!present.length) return { winner: null, reason: "nobody declared a meld", best: best };
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
        reason = describe(best[winner]) + ": only " + sideName(rules, winner, names) + " declared melds";
      } else {
        var second = others.reduce(function (acc, s) {
          return acc === null || compareKeys(meldKey(rules, best[s]), meldKey(rules, best[acc])) > 0 ? s : acc;
        }, null);
        reason = describe(best[winner]) + " beats " + describe(best[second]);
      }
      return { winner: winner, reason: reason, best: best };
    }
    var equal = best[leaders[0]];
    var what = equal.form === "run" && !equal.trump ? "equal runs in plain suits" : "equal melds";
    var each = describe(equal) + " each";
    if (rules.meld_tie === "nobody") {
      return { winner: null, reason: what + ": nobody scores melds (" + each + ")", best: best };
    }
    if (elder === null || elder === undefined) {
      throw new InvalidDeal("The best melds are equal (" + each + "), and then the elder hand's side scores " +
        "melds: say who the elder hand is (the player to the dealer's left).", "elder");
    }
    var order = range(rules.sides).map(function (step) { return (elder + step) % rules.sides; });
    var first = order.filter(function (s) { return leaders.indexOf(s) >= 0; })[0];
    return { winner: first, reason: what + ": the elder hand's side, " + sideName(rules, first, names) +
      ", scores melds (" + each + ")", best: best };
  }

  function handsWords(rules) {
    var hands = rules.players / rules.sides;
    var cards = number(rules.cards_each);
    if (hands === 1) return "A hand of " + cards + " cards";
    return capital(number(hands)) + " hands of " + cards + " cards";
  }

  // melds: [form, length, words] a meld.
  function meldsWords(melds) {
    var forms = {}, lengths = {}, distinct = {};
    melds.forEach(function (m) { forms[m[0]] = 1; lengths[m[1]] = 1; distinct[m.join("\u0000")] = 1; });
    var count = melds.length;
    var formList = Object.keys(forms), lengthList = Object.keys(lengths);
    if (count > 1 && formList.length === 1 && formList[0] === "four") return number(count) + " fours of a kind";
    if (count > 1 && formList.length === 1 && formList[0] === "run" && lengthList.length === 1 &&
        Object.keys(distinct).length > 1) {
      return number(count) + " runs of " + number(Number(lengthList[0]));
    }
    var order = [], counted = {};
    melds.forEach(function (m) {
      if (!(m[2] in counted)) { counted[m[2]] = 0; order.push(m[2]); }
      counted[m[2]] += 1;
    });
    return join(order.map(function (words) {
      var times = counted[words];
      return times === 1 ? words : number(times) + " " + words.replace("a run", "runs");
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
    var cards = sum(melds.map(function (m) { return m[1]; }));
    if (cards > inHands) {
      throw new InvalidDeal(possessive(sideWho(rules, side, names)) + " melds need " + cards +
        " cards, but the side holds only " + inHands + ": a card counts in one meld only.", "melds", side);
    }
    if (!fits(melds.map(function (m) { return m[1]; }), hands, rules.cards_each)) {
      throw new InvalidDeal(handsWords(rules) + " cannot hold " + meldsWords(melds) + ". Each meld lies in one " +
        "player's hand, and a card counts in one meld only.", "melds", side);
    }
  }

  function checkHands(rules, kinds, names) {
    kinds.forEach(function (sideKinds, side) {
      checkSideHands(rules, side, sideKinds.map(function (kind) {
        var four = kind.indexOf("four_") === 0;
        return [four ? "four" : "run", MELD_CARDS[kind],
          four ? MELD_LABELS[kind].toLowerCase() : "a run of " + number(MELD_CARDS[kind])];
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
          throw new InvalidDeal(rules.name + " does not pay for " + describe(m) +
            (kind === "run5" ? " (a run of five or more)" : "") + ".", "declared", side);
        }
        var low = meldRanks(m)[0];
        if (RANKS.indexOf(low) < lowest) {
          throw new InvalidDeal(rules.name + " is played without sevens and eights: a " + describe(m) +
            " would need " + article(low) + " " + RANK_WORDS[low][0] + ".", "declared", side);
        }
        if (m.trump && noTrump) {
          throw new InvalidDeal("A no-trump deal has no trumps: a " + describe(m) + " cannot be.", "declared", side);
        }
      });
    });
    sides.forEach(function (melds, side) {
      try {
        checkSideHands(rules, side, melds.map(function (m) {
          return [m.form, m.length, m.form === "four" ? describe(m) : "a " + describe(m)];
        }), names);
      } catch (error) {
        if (error instanceof InvalidDeal) throw new InvalidDeal(error.message, "declared", side);
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
        throw new InvalidDeal("There is only one set of four " + RANK_WORDS[m.top][1] + " in the deck.", "declared", e[0]);
      }
      fours[m.top] = e[0];
    });
    var runs = everyone.filter(function (e) { return e[1].form === "run"; });
    runs.forEach(function (e) {
      meldRanks(e[1]).forEach(function (rank) {
        if (rank in fours) {
          throw new InvalidDeal(capital(describe(e[1])) + " needs " + article(rank) + " " + RANK_WORDS[rank][0] +
            ", but all four " + RANK_WORDS[rank][1] + " are declared as four of a kind, and a card counts " +
            "in one meld only.", "declared", e[0]);
        }
      });
    });
    var trumps = runs.filter(function (e) { return e[1].trump; });
    trumps.forEach(function (e, index) {
      trumps.slice(0, index).forEach(function (o) {
        var mine = meldRanks(e[1]), theirs = meldRanks(o[1]);
        if (mine.some(function (r) { return theirs.indexOf(r) >= 0; })) {
          throw new InvalidDeal("Two runs in trumps cannot share a card: " + describe(e[1]) + " and " +
            describe(o[1]) + ".", "declared", e[0]);
        }
      });
    });
    var suits = noTrump ? 4 : 3;
    var plain = runs.filter(function (e) { return !e[1].trump; });
    RANKS.forEach(function (rank) {
      var through = plain.filter(function (e) { return meldRanks(e[1]).indexOf(rank) >= 0; });
      if (through.length > suits) {
        throw new InvalidDeal(capital(number(through.length)) + " runs in plain suits all need " + article(rank) +
          " " + RANK_WORDS[rank][0] + ", and only " + number(suits) + " suits are plain.", "declared",
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
      throw new InvalidDeal(rules.name + " has " + rules.sides + " sides, numbered 0 to " + (rules.sides - 1) +
        ": " + JSON.stringify(value) + " is not one of them.", field);
    }
  }

  function perSide(rules, values, field, what, names) {
    if (!Array.isArray(values) || values.length !== rules.sides) {
      throw new InvalidDeal("Give " + what + " for each of the " + rules.sides + " sides.", field);
    }
    values.forEach(function (value, side) {
      if (!isWhole(value)) {
        throw new InvalidDeal(pyCapitalize(what) + " must be whole numbers; " + sideName(rules, side, names) +
          " has " + JSON.stringify(value) + ".", field, side);
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
      throw new InvalidDeal(rules.name + " has no no-trump deals.", "no_trump");
    }
    if (deal.void && deal.renege !== null && deal.renege !== "both") {
      throw new InvalidDeal("A void deal scores nothing, so nobody reneged in it: set renege to nobody, " +
        "or to " + everybody(rules) + " if that is why the deal is void.", "renege");
    }
    if (deal.renege === "both" && deal.card_points && deal.card_points.length) {
      throw new InvalidDeal("When " + everybody(rules) + " reneged the deal is void and scores nothing: " +
        "leave the card points empty.", "renege");
    }
    if (deal.void || deal.renege === "both") return;
    checkMelds(rules, deal, names);
    if (deal.belle !== null && deal.no_trump) {
      throw new InvalidDeal("A no-trump deal has no belle: there is no trump king and queen.", "belle");
    }
    if (deal.renege !== null) return;
    if (deal.makers === null) throw new InvalidDeal("Say which side made trump.", "makers");
    if (deal.card_points === null) throw new InvalidDeal("Enter the card points each side took.", "card_points");
    checkCardPoints(rules, deal, names);
  }

  function checkCardPoints(rules, deal, names) {
    var points = perSide(rules, deal.card_points, "card_points", "card points", names);
    var total = dealTotal(rules, deal.no_trump);
    points.forEach(function (value, side) {
      var who = sideWho(rules, side, names);
      if (value < 0 || value > total) {
        throw new InvalidDeal(who + " has " + value + " card points; a side takes from 0 to " + total + ".",
          "card_points", side);
      }
      if (value === 1 || value === total - 1) {
        throw new InvalidDeal(who + " has " + value + " card points, which cannot happen: no card is worth 1, " +
          "so no side ends with 1 or " + (total - 1) + ".", "card_points", side);
      }
    });
    var summed = sum(points);
    if (rules.all_cards_played && summed !== total) {
      throw new InvalidDeal(rules.name + " plays every card: card points must add up to " + total +
        ", these add up to " + summed + ".", "card_points");
    }
    if (summed > total) {
      throw new InvalidDeal("The whole deck holds " + total + " card points; these add up to " + summed + ".", "card_points");
    }
    if (summed < 10) {
      throw new InvalidDeal("Somebody took the last trick, worth 10: card points cannot add up to less than 10.", "card_points");
    }
    if (deal.tricks === null) return;
    var tricks = perSide(rules, deal.tricks, "tricks", "tricks", names);
    if (tricks.some(function (t) { return t < 0; }) || sum(tricks) !== rules.cards_each) {
      throw new InvalidDeal("A deal of " + rules.name + " has " + rules.cards_each + " tricks; these tricks add up to " +
        sum(tricks) + ".", "tricks");
    }
    tricks.forEach(function (count, side) {
      if (count === 0 && points[side] > 0) {
        throw new InvalidDeal(sideWho(rules, side, names) + " took no trick but has " + points[side] + " card points.",
          "card_points", side);
      }
    });
  }

  function checkMelds(rules, deal, names) {
    var melds = deal.melds;
    if (hasDeclared(deal) || (deal.declared !== null && melds.length === 0)) {
      if (melds.length && anyMelds(melds)) {
        throw new InvalidDeal("Enter either the melds each side declared or the melds scored, not both.", "melds");
      }
      var sides = checkDeclared(rules, deal.declared, names, deal.no_trump);
      if (deal.renege === null || rules.renege_melds === "scored") {
        meldComparison(rules, sides, deal.elder, names, deal.no_trump);
      }
      return;
    }
    if (melds.length === 0) return;
    if (!Array.isArray(melds) || melds.length !== rules.sides) {
      throw new InvalidDeal("Give the melds of each of the " + rules.sides + " sides.", "melds");
    }
    var foursSeen = {};
    melds.forEach(function (kinds, side) {
      var who = sideWho(rules, side, names);
      if (!Array.isArray(kinds)) {
        throw new InvalidDeal(possessive(who) + " melds must be a list of meld kinds.", "melds", side);
      }
      kinds.forEach(function (kind) {
        if (MELD_KINDS.indexOf(kind) < 0) {
          throw new InvalidDeal(JSON.stringify(kind) + " is not a meld; the melds are " + MELD_KINDS.join(", ") + ".",
            "melds", side);
        }
        if (meldValue(rules, kind) === null) {
          throw new InvalidDeal(rules.name + " does not pay for " + MELD_LABELS[kind].toLowerCase() + ".", "melds", side);
        }
        if (kind.indexOf("four_") === 0) {
          if (foursSeen[kind]) {
            throw new InvalidDeal("There is only one set of " + MELD_LABELS[kind].toLowerCase().slice(5) +
              " in the deck.", "melds", side);
          }
          foursSeen[kind] = true;
        }
      });
    });
    checkHands(rules, melds, names);
    var scoring = range(rules.sides).filter(function (s) { return melds[s].length; });
    if (scoring.length > 1 && deal.renege === null) {
      throw new InvalidDeal("Only the side with the best meld scores melds: " +
        scoring.map(function (s) { return sideName(rules, s, names); }).join(" and ") +
        " cannot both score them (belle is scored apart).", "melds");
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
        return { valid: false, error: { message: error.message, field: error.field, side: error.side } };
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
        return { valid: false, error: { message: "The game is over: " + (names ? names[winner] : "side " + (winner + 1)) +
          " won with " + totals[winner] + ". Deal " + (first + i) + " cannot be added.", field: "game", side: null } };
      }
      var out = attempt(function () { return score(rules, normalDeal(deals[i]), held, names); });
      if (!out.valid) {
        out.error.message = "Deal " + (first + i) + ": " + out.error.message;
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
  function summary(rulesData, r) {
    var rules = rulesFrom(rulesData);
    if (r.void) return "Void deal: nobody scores.";
    if (r.renege !== null) return "Renege: play stops.";
    if (r.made) return "Made.";
    if (r.tied && rules.tie_rule === "hang") return "Tie: nobody scores now; " + r.held + " held for the next winner.";
    if (r.tied && rules.tie_rule === "own") return "Tie: the makers score nothing.";
    if (r.tied) return "Tie, which counts as a set (XX): the makers score nothing.";
    return "Set (XX): the makers score nothing.";
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
        if (kinds.length) counted.push(names[side] + ": " + sides[side].map(describe).join(", "));
      });
      var lapse = names[deal.renege] + "'s lapse";
      return counted.length ? "melds that count (" + lapse + "): " + counted.join("; ")
        : "no melds count (" + lapse + ")";
    }
    var comparison = meldComparison(rules, sides, deal.elder, names, deal.no_trump);
    var winner = comparison.winner;
    if (winner === null) return capital(comparison.reason);
    var best = comparison.best[winner];
    if (best && comparison.best.filter(function (m) { return sameMeld(m, best); }).length > 1) {
      var what = best.form === "run" && !best.trump ? "equal runs in plain suits" : "equal melds";
      return names[winner] + " scores the melds as the elder hand's side: " + what + " (" + describe(best) + " each)";
    }
    return names[winner] + " scores the melds: " + comparison.reason;
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
    declared: function (raw) { return attempt(function () { return declared(raw); }); }
  };
})(typeof window !== "undefined" ? window : this);
