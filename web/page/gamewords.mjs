// The game in words, from the rules state and what the rules allow now (the
// firmware's own answer, pagedevice's "play"): the status line's list of what
// may be done, and what a screen reader hears. Built from the state, never
// from the OLED's draw calls: those mix the token grid in and keep text a
// message box hides.
import { t } from "./i18n.mjs";

// a, b and c / a、b和c
function either(items, last) {
  if (items.length < 2) return items.join("");
  return items.slice(0, -1).join(t("list")) + t(last || "or") + items[items.length - 1];
}

// "P3" of the firmware's words as the page names a seat
// The firmware's result (app/mode/play.py): the right seat's line, then each
// other seat and its amount, parted by two spaces ("P1 0  P4 -9"), said as a
// list of "seat 1: 0" (the page's punctuation, not the OLED's spacing).
const AMOUNT = /^P(\d) ([+-]?\d+)$/;
function named(text) {
  return text.trim().split(/\s*\n\s*/).map((line) => {
    const items = line.split(/ {2,}/);
    if (!items.every((it) => AMOUNT.test(it))) return line;
    return items.map((it) => it.replace(AMOUNT, (m, n, amount) => t("seatAmount", { n, amount }))).join(t("list"));
  }).join(t("litList")).replace(/P(\d)/g, (m, n) => t("seatN", { n })).replace(/: /g, t("colon"));
}

// each sentence begins with a capital (English; no case in Chinese)
function cap(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function seats(list) {
  return t(list.length > 1 ? "seatsN" : "seatN", { n: either(list.map(String), "and") });
}

// The card is out of its slot when the game needs it in (the device refuses
// every key until it is back).
function cardAway(s, card, digital) {
  return digital === undefined && !card && s.phase !== "reveal";
}

// What may be done now, for the status line (card: the card is in its slot;
// digital: the e-paper board's picture, false while veiled, true once whole).
export function todo(s, p, card, digital) {
  const can = p ? p.can : null;
  if (p && p.card || cardAway(s, card, digital)) return t("todoCard");
  switch (s.phase) {
    case "roll": return t(can && can.skip ? "todoRollOrSkip" : "phaseRoll");
    case "open": return t("phaseOpen", { dice: s.dice.join(t("and")) });
    case "decide": {
      if (!can) return t("phaseDecide");
      const ways = [];
      if (can.open.length) ways.push(t("todoAnother"));
      if (can.guess) ways.push(t("todoGuess", { seat: s.active }));
      if (can.pass) ways.push(t("todoPass"));
      if (can.end) ways.push(t("todoEnd"));
      return either(ways);
    }
    case "call": {
      const head = s.call.length ? t("phaseCalled", { seats: s.call.join(t("list")) })
        : t(p && p.passed ? "todoPassed" : "todoCall", { seat: s.active });
      const join = can && can.join.length ? t("todoJoin", { who: seats(can.join), cost: p.cost }) : t("todoNoJoin");
      return head + t("then") + join;
    }
    case "reveal": {
      const who = can ? seats(can.reveal.filter((x) => x)) : "";
      if (digital === false) return t("phaseVeiled");
      if (digital === true) return t("todoShown", { seats: who });
      if (!card) return t("todoRight", { seats: who });
      return t("phaseReveal");
    }
    default: return s.phase;
  }
}

// Windows that may open, grouped by their token's number (the dice's meaning).
function byToken(s, windows) {
  const groups = {};
  for (const w of windows) (groups[s.tokens[w - 1]] = groups[s.tokens[w - 1]] || []).push(w);
  return Object.keys(groups).sort().map((k) =>
    t(groups[k].length > 1 ? "tokenGroups" : "tokenGroup", { token: k, windows: either(groups[k].map(String), "and") })).join(t("litList"));
}

// The scores, a label before each number.
function scores(s) {
  return t("scores", { list: s.crystals.map((c, i) => t("scoreOne", { n: i + 1, c })).join(t("list")) });
}

// What a screen reader hears in play: a message over the screen first, then
// whose turn, the phase, the dice and the windows they allow by token, N,
// the scores and what to press.
export function spoken(s, p, card, digital) {
  const out = [];
  if (p && p.msg) out.push(t("sayMsg", { msg: named(p.msg) }));
  if (p && p.result) out.push(t("sayResult", { result: named(p.result) }));
  if (s.over) {
    out.push(t(s.winners.length > 1 ? "overMany" : "over", { round: s.round, seats: s.winners.join(t("list")) }));
    out.push(scores(s));
    out.push(t("pressOver"));
    return out.join(t("gap"));
  }
  const can = p ? p.can : { open: [], join: [], reveal: [] };
  out.push(t("sayTurn", { round: s.round, rounds: p ? p.rounds : 10, active: s.active }));
  const away = cardAway(s, card, digital);
  if (p && p.card || away) {
    out.push(t("sayOut"));
  } else if (s.phase === "roll") {
    out.push(t(can.skip ? "sayRollOrSkip" : "sayRoll"));
  } else if (s.phase === "open" || s.phase === "decide") {
    out.push(t(s.phase === "open" ? "sayOpen" : "sayDecide"));
    if (s.dice.length) out.push(t("sayDice", { dice: s.dice.join(t("and")) }));
    if (can.open.length) out.push(t("sayAllowed", { groups: byToken(s, can.open) }));
  } else if (s.phase === "call") {
    out.push(t("sayCall", { what: s.call.length ? t("phaseCalled", { seats: s.call.join(t("list")) })
      : t(p && p.passed ? "todoPassed" : "todoCall", { seat: s.active }) }));
    if (s.call.length) out.push(t("sayOrder", { seats: s.call.join(t("list")) }));
  } else if (s.phase === "reveal") {
    out.push(t("sayReveal"));
  }
  out.push(t("sayN", { n: s.closed }));
  out.push(scores(s));
  if (p) out.push(p.card || away ? t("sayCard") : press(s, p, card, digital));
  return out.map(cap).join(t("gap"));
}

// What to press now, in the buttons' words.
function press(s, p, card, digital) {
  const can = p.can;
  switch (s.phase) {
    case "roll": return t(can.skip ? "pressRollOrSkip" : "pressRoll");
    case "open": return t("pressOpen", { w: p.cursor || can.open[0] });
    case "decide": {
      const ways = [];
      if (can.open.length) ways.push(t("pressAnother", { w: p.cursor || can.open[0] }));
      if (can.guess) ways.push(t("pressGuess", { seat: s.active }));
      if (can.pass) ways.push(t("pressPass"));
      if (can.end) ways.push(t("pressEnd"));
      return t("pressList", { list: ways.join(t("litList")) });
    }
    case "call": {
      const join = can.join.length ? t("pressJoin", { who: seats(can.join), cost: p.cost }) : t("pressNoJoin");
      return t("pressList", { list: join + t("litList") + t("pressClose") });
    }
    case "reveal": {
      const who = seats(can.reveal.filter((x) => x));
      if (digital === false) return t("pressShow");
      return t(card && digital === undefined ? "pressPull" : "pressRight", { seats: who });
    }
    default: return "";
  }
}
