// What a bot thought at a decision (the replay's panel, and a table of bots' spectators'):
// its best moves as its search rated them and its beliefs, all worked out by the server from
// what that bot knew. Every figure is in the text; the bars and shades only repeat it.
import { h } from "/static/dom.js";

const percent = (x) => `${Math.round(x * 100)}%`;
const LONG_LIST = 8; // a one-answer question (who is the Killer?) shows its likeliest first

function bar(x) {
  return h("span", { class: "thought-bar", "aria-hidden": "true" },
    h("span", { style: `width: ${Math.round(Math.max(0, Math.min(1, x)) * 100)}%` }));
}

function movesTable(data) {
  const rows = data.moves.map((m) => {
    const notes = [];
    if (m.action === data.played.action) notes.push("played");
    if (m.chosen) notes.push("the search's pick");
    return h("tr", { class: m.action === data.played.action ? "played" : null },
      h("th", { scope: "row" }, m.text, notes.length ? h("span", { class: "thought-note" }, ` (${notes.join(", ")})`) : null),
      h("td", {}, percent(m.value), bar(m.value)),
      h("td", {}, percent(m.share), bar(m.share)));
  });
  return h("table", { class: "thoughts-moves" },
    h("caption", {}, `Best moves of the ${data.compared} compared`),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "Move"),
      h("th", { scope: "col" }, "Chance to win"),
      h("th", { scope: "col" }, "Best in"))),
    h("tbody", {}, rows));
}

function shade(x) {
  return `background: rgba(140, 47, 57, ${(0.4 * Math.max(0, Math.min(1, x))).toFixed(3)})`;
}

function beliefTable(belief) {
  if (belief.faces.length === 1) {
    const sorted = [...belief.rows].sort((a, b) => b.chances[0] - a.chances[0]);
    const shown = sorted.slice(0, LONG_LIST);
    const rest = sorted.length - shown.length;
    return h("table", { class: "thoughts-belief" },
      h("caption", {}, belief.title),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Who"), h("th", { scope: "col" }, `Chance: ${belief.faces[0]}`))),
      h("tbody", {}, shown.map((r) => h("tr", {},
        h("th", { scope: "row" }, r.subject),
        h("td", { style: shade(r.chances[0]) }, percent(r.chances[0]))))),
      rest > 0 ? h("tfoot", {}, h("tr", {}, h("td", { colspan: "2", class: "muted" },
        `and ${rest} more, each at most ${percent(sorted[LONG_LIST].chances[0])}`))) : null);
  }
  return h("table", { class: "thoughts-belief" },
    h("caption", {}, belief.title),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Card"),
      belief.faces.map((f) => h("th", { scope: "col" }, f)))),
    h("tbody", {}, belief.rows.map((r) => h("tr", {},
      h("th", { scope: "row" }, r.subject),
      r.chances.map((c) => h("td", { style: shade(c) }, percent(c)))))));
}

// The panel's contents for one decision's thoughts (the server's JSON).
export function thoughtsView(data) {
  return [
    h("p", { class: "muted thoughts-about" },
      `Before playing "${data.played.text}". Worked out from what ${data.name} knew only: `
      + `each move tried in ${data.worlds} imagined worlds; beliefs from ${data.samples}.`),
    movesTable(data),
    data.beliefs.map(beliefTable),
  ];
}
