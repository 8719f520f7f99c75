// The lobby's account box (a signed-in player's name fills an empty name field) and its table
// filters: one game, or only the tables you sit at.
import { h } from "./dom.js";
import { accountBox } from "./account.js";

export function listQuery() {
  const params = new URLSearchParams();
  const game = document.getElementById("filter-game")?.value;
  if (game) params.set("game", game);
  if (document.getElementById("filter-mine")?.checked) params.set("mine", "1");
  const query = params.toString();
  return query ? `?${query}` : "";
}

export async function setUpFilters(games, refresh) {
  const select = document.getElementById("filter-game");
  for (const game of games) select.append(h("option", { value: game.id }, game.title));
  select.addEventListener("change", refresh);
  document.getElementById("filter-mine").addEventListener("change", refresh);
  const boards = document.getElementById("leaderboards");
  if (games.length) boards.href = `/leaderboard/${games[0].id}`;
  const nameInput = document.getElementById("my-name");
  const useAccountName = (account) => {
    if (account && !nameInput.value.trim()) nameInput.value = account.name;
  };
  useAccountName(await accountBox(document.getElementById("account-box"), (account) => {
    useAccountName(account);
    refresh();
  }));
}
