// The best-rated players of one game, with tabs for the others.
import { h, clear, api } from "./dom.js";
import { accountBox } from "./account.js";
import { ratingText } from "./ratingplot.js";
import { avatar } from "./avatars.js";

async function main() {
  accountBox(document.getElementById("account-box"));
  const game = decodeURIComponent(location.pathname.split("/").pop());
  const games = await api("/api/games");
  const tabs = document.getElementById("game-tabs");
  for (const g of games) {
    tabs.append(h("a", { class: `button ${g.id === game ? "primary" : ""}`, href: `/leaderboard/${g.id}` }, g.title));
  }
  let data;
  try {
    data = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  } catch (e) {
    document.getElementById("board-error").textContent = e.message;
    return;
  }
  document.getElementById("title").textContent = `Leaderboard: ${data.title}`;
  const body = clear(document.getElementById("players"));
  document.getElementById("no-players").hidden = data.players.length > 0;
  for (const p of data.players) {
    body.append(h("tr", {},
      h("td", {}, p.rank),
      h("td", {}, h("a", { class: "player-tag", href: `/profile/${encodeURIComponent(p.name)}` }, avatar(p.name, null, 20), p.name)),
      h("td", {}, ratingText(p.rating, p.provisional)),
      h("td", {}, p.games)));
  }
}

main();
