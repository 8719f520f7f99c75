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

// Someone else's profile, signed in: mute or block them (or undo it), or report them. Your own:
// the players you muted and blocked, each with a way to undo it.
async function showPeople(account, name) {
  const tools = document.getElementById("player-tools");
  const panel = document.getElementById("people-panel");
  const mine = !!account && account.name.toLowerCase() === name.toLowerCase();
  tools.hidden = !account || mine;
  panel.hidden = !mine;
  if (!account) return;
  let lists;
  try {
    lists = await api("/api/me/moderation");
  } catch (e) {
    document.getElementById("player-note").textContent = e.message;
    return;
  }
  const change = async (path) => {
    try {
      await api(path, {});
      showPeople(account, name);
    } catch (e) { document.getElementById("player-note").textContent = e.message; }
  };
  const player = encodeURIComponent(name);
  if (!mine) {
    const lower = name.toLowerCase();
    const muted = lists.mute.some((n) => n.toLowerCase() === lower);
    const blocked = lists.block.some((n) => n.toLowerCase() === lower);
    const mute = document.getElementById("toggle-mute");
    mute.textContent = muted ? "Unmute" : "Mute";
    mute.onclick = () => change(`/api/players/${player}/${muted ? "unmute" : "mute"}`);
    const block = document.getElementById("toggle-block");
    block.textContent = blocked ? "Unblock" : "Block";
    block.onclick = () => change(`/api/players/${player}/${blocked ? "unblock" : "block"}`);
    document.getElementById("report-player").onclick = async () => {
      const reason = prompt(`Report ${name} to the operators: what happened?`);
      if (!reason || !reason.trim()) return;
      try {
        await api("/api/reports", { name, reason });
        document.getElementById("player-note").textContent = "Thank you: the operators have your report.";
      } catch (e) { document.getElementById("player-note").textContent = e.message; }
    };
    return;
  }
  const list = clear(document.getElementById("muted-list"));
  const rows = [...lists.mute.map((n) => ["mute", n]), ...lists.block.map((n) => ["block", n])];
  document.getElementById("no-people").hidden = rows.length > 0;
  for (const [kind, other] of rows) {
    list.append(h("li", { class: `person ${kind}`, dataset: { name: other } },
      h("a", { href: `/profile/${encodeURIComponent(other)}` }, other), " ",
      h("span", { class: "muted" }, kind === "mute" ? "muted" : "blocked"), " ",
      h("button", { type: "button", class: "ghost small", onclick: () => change(`/api/players/${encodeURIComponent(other)}/un${kind}`) },
        kind === "mute" ? "Unmute" : "Unblock")));
  }
}

async function main() {
  const name = decodeURIComponent(location.pathname.split("/").pop());
  const box = document.getElementById("account-box");
  const shown = (account) => { showSessions(account, name); showPeople(account, name); };
  accountBox(box, shown).then(shown);
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
