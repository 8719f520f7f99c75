// The end of a game in figures: a row per player with the statistics the server counted from
// the public events, and their rating change. Shown on the table page and in the replay.
import { api, h } from "/static/dom.js";
import { playerTag } from "/static/avatars.js";

export async function fetchSummary(tableId) {
  return api(`/api/tables/${encodeURIComponent(tableId)}/summary`);
}

function change(value) {
  if (value === null || value === undefined) return h("span", { class: "muted", title: "not rated: a guest, a bot, or an unrated game" }, "—");
  const sign = value > 0 ? "+" : value < 0 ? "−" : "±";
  return h("span", { class: `rating-change ${value > 0 ? "up" : value < 0 ? "down" : ""}` },
    `${sign}${Math.abs(value)}`, h("span", { class: "sr-only" }, value > 0 ? " (rating up)" : value < 0 ? " (rating down)" : ""));
}

// `results` (optional): each seat's result word, to mark the winners beside their names.
export function statsTable(summary, results = []) {
  const { names, columns, rows, ratings } = summary;
  return h("div", { class: "stats-wrap", role: "group", "aria-label": "statistics", tabindex: "0" },
    h("table", { class: "stats", id: "stats-table" },
      h("caption", {}, "How each player played"),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, "Player"),
        columns.map((c) => h("th", { scope: "col", title: c.counts }, c.label)),
        h("th", { scope: "col", title: "change of the shown rating" }, "Rating"))),
      h("tbody", {}, names.map((name, i) => h("tr", { "data-seat": i, class: results[i] === "won" ? "won" : "" },
        h("th", { scope: "row" }, playerTag(name, i), results[i] === "won" ? h("span", { class: "badge win" }, "winner") : null),
        columns.map((c) => h("td", { "data-stat": c.key }, String(rows[i]?.[c.key] ?? 0))),
        h("td", { "data-stat": "rating" }, change(ratings?.[i])))))));
}
