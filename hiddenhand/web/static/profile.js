// A player's page: their rating per game with its history, and every game they played.
import { h, clear, api } from "./dom.js";
import { accountBox } from "./account.js";
import { ratingPlot, ratingText } from "./ratingplot.js";
import { avatar } from "./avatars.js";

const RESULTS = { won: "won", lost: "lost", drew: "drew", left: "left (counted as a loss)" };

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString();
}

// On your own profile: the browsers signed in to your account, and a way to end them all
// (a lost phone, a shared computer): every session ends at once, this one too.
async function showSessions(account, name) {
  const panel = document.getElementById("sessions-panel");
  panel.hidden = !account || account.name.toLowerCase() !== name.toLowerCase();
  if (panel.hidden) return;
  const rows = clear(document.getElementById("sessions"));
  let sessions;
  try {
    ({ sessions } = await api("/api/me/sessions"));
  } catch (e) {
    document.getElementById("sessions-note").textContent = e.message;
    return;
  }
  for (const s of sessions) {
    rows.append(h("tr", { class: `session-row${s.current ? " current" : ""}` },
      h("td", {}, s.browser, s.current ? h("small", { class: "muted" }, " (this browser)") : null),
      h("td", {}, s.address),
      h("td", {}, when(s.created)),
      h("td", {}, when(s.seen))));
  }
  const button = document.getElementById("sign-out-everywhere");
  button.onclick = async () => {
    const { ended } = await api("/api/logout-everywhere", {});
    document.getElementById("sessions-note").textContent =
      `Signed out of ${ended} ${ended === 1 ? "session" : "sessions"}.`;
    clear(rows);
    button.disabled = true;
    accountBox(document.getElementById("account-box"));
  };
}

async function main() {
  const name = decodeURIComponent(location.pathname.split("/").pop());
  const box = document.getElementById("account-box");
  accountBox(box, (account) => showSessions(account, name)).then((account) => showSessions(account, name));
  let data;
  try {
    data = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    document.getElementById("profile-error").textContent = e.message;
    return;
  }
  document.title = `hiddenhand: ${data.account.name}`;
  clear(document.getElementById("player-name"), avatar(data.account.name, null, 32), " ", data.account.name);
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
