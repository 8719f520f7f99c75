// A player's page: their rating per game with its history, and every game they played.
import { h, clear, api } from "./dom.js";
import { accountBox } from "./account.js";
import { ratingPlot, ratingText } from "./ratingplot.js";

const RESULTS = { won: "won", lost: "lost", drew: "drew", left: "left (counted as a loss)" };

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString();
}

async function main() {
  accountBox(document.getElementById("account-box"));
  const name = decodeURIComponent(location.pathname.split("/").pop());
  let data;
  try {
    data = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    document.getElementById("profile-error").textContent = e.message;
    return;
  }
  document.title = `hiddenhand: ${data.account.name}`;
  document.getElementById("player-name").textContent = data.account.name;
  const ratings = clear(document.getElementById("ratings"));
  document.getElementById("no-ratings").hidden = data.ratings.length > 0;
  for (const r of data.ratings) {
    ratings.append(h("div", { class: "rating", dataset: { game: r.game } },
      h("b", {}, r.title), " ",
      ratingText(r.rating, r.provisional),
      h("small", { class: "muted" }, ` (μ ${r.mu.toFixed(2)}, σ ${r.sigma.toFixed(2)}, ${r.games} ${r.games === 1 ? "game" : "games"}) `),
      h("a", { href: `/leaderboard/${r.game}` }, "leaderboard"),
      h("div", {}, ratingPlot(r.history, r.start))));
  }
  const games = clear(document.getElementById("games"));
  document.getElementById("no-games").hidden = data.games.length > 0;
  for (const g of data.games) {
    const change = g.change === null ? "unrated" : `${g.change >= 0 ? "+" : ""}${g.change}`;
    games.append(h("tr", { class: "game-row", dataset: { table: g.table } },
      h("td", {}, h("b", {}, g.title), h("br"), h("small", { class: "muted" }, when(g.finished))),
      h("td", {}, g.role || "—"),
      h("td", { class: `result ${g.result}` }, RESULTS[g.result] || g.result),
      h("td", {}, change),
      h("td", {}, h("a", { class: "button replay-link", href: g.replay }, "Replay"))));
  }
}

main();
