// NOIR: the 5x5 grid of suspects, the evidence hand, and the deductions so far.
// Suspects on the board are clickable when a single choice names them (kill, arrest, clear...).
import { artCard } from "/static/art/card.js";
import { settle } from "/static/art/motion.js";
import { evidenceArt, markerArt, suspectArt } from "/static/art/noir.js";
import { badge, h, onBoard } from "/static/dom.js";

const ARROWS = { left: "◀", right: "▶", up: "▲", down: "▼" };
const VERBS = { kill: "kill", arrest: "arrest", identity: "become", discard: "clear", citizen: "clear", "citizen-arrest": "arrest" };
// What the word on a suspect means, as its tooltip.
const VERB_TIPS = {
  kill: "kill this suspect: it stands next to yours",
  arrest: "arrest this suspect: if it is the Killer, you win",
  identity: "take this suspect as your secret identity: from now on you are this suspect",
  discard: "clear this suspect: it cannot be the Killer",
  citizen: "clear this suspect, then make a citizen's arrest next to it",
  "citizen-arrest": "citizen's arrest of this suspect",
};

const GROUPS = {
  identity: "Take as your identity", kill: "Kill", arrest: "Arrest", discard: "Exonerate",
  citizen: "Exonerate and arrest next to", "citizen-arrest": "Citizen's arrest",
};

// The fallback buttons, short and grouped by what they do; a button names the suspect.
function short(a, ctx) {
  const names = ctx.view?.suspects || [];
  if (a.kind === "shift") {
    const [axis, index, dir] = a.args;
    return { group: "Shift a line", text: `${axis} ${index + 1} ${ARROWS[dir]}` };
  }
  if (GROUPS[a.kind]) return { group: GROUPS[a.kind], text: names[a.args[0]] ?? a.text };
  return { group: "Your move", text: a.text.split(":")[0] };
}

// A role's marker: the knife or the magnifier, with its word.
function marker(role, tone) {
  return h("span", { class: `badge ${tone} marker` }, markerArt(role), h("span", { class: "marker-word" }, role));
}

// An evidence card: the suspect's portrait and name; `key` tells a card just drawn.
function evidence(s, names, key, small = false) {
  return artCard(names[s], evidenceArt(s, names[s]), { tone: small ? "" : "special", small, key, land: true });
}

function render(view, ctx) {
  const names = view.suspects || [];
  const dead = new Set(view.deceased || []);
  const innocent = new Set(view.innocent || []);
  const candidates = view.candidates ? new Set(view.candidates) : null;
  const revealed = view.revealed || {};
  const killer = view.you === "killer" ? view.identity : revealed.killer;
  const inspector = view.you === "inspector" ? view.identity : revealed.inspector;
  const bySuspect = new Map();
  for (const a of ctx.legal) {
    if (a.args.length === 1 && typeof a.args[0] === "number") {
      if (!bySuspect.has(a.args[0])) bySuspect.set(a.args[0], []);
      bySuspect.get(a.args[0]).push(a);
    }
  }
  const shift = (axis, index, dir) => ctx.legal.find((a) => a.kind === "shift" && a.args[0] === axis && a.args[1] === index && a.args[2] === dir);
  const arrow = (axis, index, dir) => {
    const a = shift(axis, index, dir);
    return a ? onBoard(h("button", { class: "arrow", "aria-label": a.text }, ARROWS[dir]), [a], ctx) : h("span", { class: "arrow-gap" });
  };
  const grid = view.grid || [];
  const cols = grid[0]?.length || 0;
  const cells = [];
  cells.push(h("span"), ...Array.from({ length: cols }, (_, c) => arrow("column", c, "up")), h("span"));
  grid.forEach((row, r) => {
    cells.push(arrow("row", r, "left"));
    for (const s of row) {
      const acts = bySuspect.get(s) || [];
      const tags = [];
      if (s === killer) tags.push(marker("killer", "bad"));
      if (s === inspector) tags.push(marker("inspector", "good"));
      if (innocent.has(s)) tags.push(badge("innocent", ""));
      if (candidates && candidates.has(s) && !dead.has(s)) tags.push(h("span", { class: "suspect-mark", title: "could be your opponent" }, "?"));
      cells.push(onBoard(h("div", {
        class: `grid-cell ${dead.has(s) ? "dead" : ""} ${s === view.identity ? "mine" : ""} ${acts.length ? "clickable" : ""} ${candidates && !candidates.has(s) ? "cleared" : ""}`,
        title: names[s],
        "data-key": `noir-suspect-${s}`, "data-slide": "", "data-state": dead.has(s) ? "dead" : "alive",
      }, suspectArt(s, names[s], dead.has(s)), h("b", {}, names[s]), h("span", { class: "cell-tags" }, tags),
        acts.length ? h("span", { class: "cell-act", title: acts.map((a) => VERB_TIPS[a.kind] || a.text).join(" / ") },
          acts.map((a) => VERBS[a.kind] || a.kind).join(" · ")) : null), ctx.over ? [] : acts, ctx));
    }
    cells.push(arrow("row", r, "right"));
  });
  cells.push(h("span"), ...Array.from({ length: cols }, (_, c) => arrow("column", c, "down")), h("span"));
  const me = view.you ? `You are the ${view.you}` : "You are watching";
  return settle(h("div", { class: "felt noir" },
    h("div", { class: "noir-head" },
      h("span", {}, h("b", {}, me), view.identity !== null && view.identity !== undefined ? `, secretly ${names[view.identity]}.` : "."),
      h("span", { class: "tokens" },
        h("span", { class: "token" }, `kills ${view.kills}/${view.kills_to_win}`),
        h("span", { class: "token" }, `turn ${view.turn}${view.turn_limit ? `/${view.turn_limit}` : ""}`),
        h("span", { class: "token" }, `deck ${view.deck}`),
        view.mode ? h("span", { class: "token" }, `mode ${view.mode}`) : null)),
    h("div", { class: "grid-board", style: `--cols: ${cols}`, "data-frame": "" }, cells),
    view.hand ? h("div", {}, h("div", { class: "section-title" }, "Your evidence cards"),
      h("div", { class: "hand" }, view.hand.length ? view.hand.map((s) => evidence(s, names, `noir-hand-${s}`)) : h("span", { class: "muted" }, "none"))) : null,
    candidates && !ctx.over ? h("div", {}, h("div", { class: "section-title" }, `Who your opponent may be (${candidates.size})`),
      h("div", { class: "chips" }, [...candidates].map((s) => h("span", { class: "chip" }, names[s])))) : null,
    (view.discards || []).length ? h("div", {}, h("div", { class: "section-title" }, "Face-up cards"),
      h("div", { class: "hand" }, view.discards.map((s) => evidence(s, names, `noir-discard-${s}`, true)))) : null,
    revealed.deck ? h("div", {}, h("div", { class: "section-title" }, "The deck, revealed"),
      h("div", { class: "hand" }, revealed.deck.map((s) => evidence(s, names, `noir-deck-${s}`, true)))) : null));
}

function rules() {
  return h("ul", {},
    h("li", {}, "The Killer wins by killing the Inspector's suspect or reaching the kill count; the Inspector wins by arresting the Killer's suspect."),
    h("li", {}, "Kill or arrest only a suspect in the 8 cells around your own suspect (or yourself, to arrest)."),
    h("li", {}, "Shift a row or column one step with the arrows (it wraps around); the last shift may not be undone."),
    h("li", {}, "Click a suspect on the board to act on them; gold marks your own secret identity."),
    h("li", {}, "The word on a lit suspect says what a click does: kill, arrest, clear, or become (take that suspect as your secret identity)."));
}

export default { render, rules, short };
