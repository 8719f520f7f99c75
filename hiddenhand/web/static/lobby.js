// The lobby: pick a game, set the table up (options, seats, bots, clock), list open tables.
import { api, clear, h } from "/static/dom.js";
import { listQuery, setUpFilters } from "/static/lobbyfilters.js";

const nameInput = document.getElementById("my-name");
nameInput.value = localStorage.getItem("hh-name") || "";
nameInput.addEventListener("change", () => localStorage.setItem("hh-name", nameInput.value.trim()));

let games = [];
let current = null;

function myName() {
  const name = nameInput.value.trim() || "Guest";
  localStorage.setItem("hh-name", name);
  return name;
}

function selectGame(game) {
  current = game;
  for (const tab of document.querySelectorAll("#game-tabs button")) {
    tab.classList.toggle("active", tab.dataset.game === game.id);
    tab.setAttribute("aria-selected", tab.dataset.game === game.id);
  }
  // A line on how the game is won; the table page holds the full rules and every card's text.
  clear(document.getElementById("game-summary"), h("p", { class: "goal" }, game.goal || game.summary || ""),
    h("p", { class: "muted more" }, `${game.min_players === game.max_players ? game.min_players : `${game.min_players}–${game.max_players}`} players · the full rules and every card's text are on the table page, under "How to play".`));
  const players = document.getElementById("players");
  clear(players);
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.append(h("option", { value: n, selected: n === game.default_players }, n));
  }
  const options = document.getElementById("options");
  clear(options, h("legend", {}, "Options"));
  if (!game.options.length) options.append(h("p", { class: "muted" }, "This game has no options."));
  for (const opt of game.options) {
    let input;
    if (opt.type === "bool") {
      input = h("input", { type: "checkbox", name: opt.name, checked: opt.default });
    } else if (opt.type === "choice") {
      input = h("select", { name: opt.name },
        opt.choices.map((c) => h("option", { value: c, selected: c === opt.default }, c)));
    } else {
      input = h("input", { name: opt.name, type: opt.type === "int" ? "number" : "text", value: opt.default });
    }
    input.dataset.kind = opt.type;
    options.append(h("label", { class: "option" }, h("span", { class: "option-name" }, opt.name.replaceAll("_", " ")),
      input, h("small", {}, opt.help)));
  }
  renderSeats();
}

function renderSeats() {
  const n = Number(document.getElementById("players").value);
  const list = clear(document.getElementById("seat-list"));
  for (let seat = 0; seat < n; seat++) {
    const choices = [h("option", { value: "" }, seat === 0 ? "You" : "A person (invite)")];
    // Bots by strength first (each level names a bot of this game), then every bot by name.
    const levels = current.levels || [];
    const preset = (levels.find((l) => l.spec === current.standin) || {}).name || current.standin;
    choices.push(h("optgroup", { label: "Bot by strength" }, levels.map((level) =>
      h("option", { value: level.name, title: level.spec, selected: seat > 0 && level.name === preset },
        `Bot: ${level.name}`))));
    choices.push(h("optgroup", { label: "Bot by name" }, current.bots.map((bot) =>
      h("option", { value: bot, selected: seat > 0 && bot === preset }, `Bot: ${bot}`))));
    list.append(h("li", {}, h("select", { "data-seat": seat, "aria-label": `seat ${seat + 1}`, onchange: offerThoughts }, choices)));
  }
  offerThoughts();
}

// Only a table with a bot in every seat may show its spectators what the bots thought.
function onlyBots() {
  return [...document.querySelectorAll("#seat-list select")].every((s) => s.value);
}

function offerThoughts() {
  document.getElementById("thoughts-option").hidden = !onlyBots();
}

async function createTable(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const options = {};
  for (const input of document.querySelectorAll("#options [name]")) {
    options[input.name] = input.dataset.kind === "bool" ? input.checked
      : input.dataset.kind === "int" ? Number(input.value) : input.value;
  }
  const bots = [...document.querySelectorAll("#seat-list select")].map((s) => s.value || null);
  try {
    const data = await api("/api/tables", {
      game: current.id, players: bots.length, bots, options,
      clock: Number(document.getElementById("clock").value), name: myName(),
      thoughts: onlyBots() && document.getElementById("show-thoughts").checked,
    });
    if (data.you) localStorage.setItem(`hh-seat-${data.id}`, JSON.stringify(data.you));
    location.href = `/t/${data.id}`;
  } catch (exc) {
    error.textContent = exc.message;
  }
}

// A game's tutorial: a table of one's own, seated and started, then its page.
async function startTutorial(game) {
  const error = document.getElementById("learn-error");
  error.textContent = "";
  try {
    const data = await api(`/api/tutorials/${encodeURIComponent(game.id)}`, { name: myName() });
    localStorage.setItem(`hh-seat-${data.id}`, JSON.stringify(data.you));
    location.href = `/t/${data.id}`;
  } catch (exc) {
    error.textContent = exc.message;
  }
}

function renderTutorials() {
  const taught = games.filter((g) => g.tutorial);
  document.getElementById("learn").hidden = !taught.length;
  clear(document.getElementById("tutorials"), taught.map((game) => h("button", {
    type: "button", class: "primary", "data-tutorial": game.id, onclick: () => startTutorial(game),
  }, `Learn to play: ${game.title}`)));
}

function age(created) {
  const minutes = Math.max(0, Math.round((Date.now() - created) / 60000));
  return minutes < 1 ? "created just now" : minutes < 60 ? `created ${minutes} min ago`
    : `created ${Math.round(minutes / 60)} h ago`;
}

// What a table waits for, truthfully: open seats, or a seated table nobody has started yet.
function status(t, free, reserved = 0) {
  if (t.status === "open") {
    if (free) return `waiting for players: ${free} open seat${free === 1 ? "" : "s"}`;
    return reserved ? "waiting for the players of the last game" : "every seat taken: waiting for the start";
  }
  return t.status === "over" ? "over" : "playing";
}

// The link's word: your own table is one to play or return to; others' to join or watch.
function entry(t, free, mine) {
  if (mine) return t.status === "playing" ? "Play" : "Return";
  return t.status === "open" && free ? "Join" : "Watch";
}

async function refreshTables() {
  const tables = await api(`/api/tables${listQuery()}`);
  const body = clear(document.getElementById("table-list"));
  document.getElementById("no-tables").hidden = tables.length > 0;
  const onlyMine = document.getElementById("filter-mine")?.checked;
  for (const t of tables) {
    const kept = (s) => !s.taken && s.reserved && s.reserved_until > Date.now(); // a rematch's
    const free = t.seats.filter((s) => !s.taken && !kept(s)).length;
    const reserved = t.seats.filter(kept).length;
    const people = t.seats.map((s, i) => s.name || (s.bot ? `${t.names[i]}` : kept(s) ? "reserved" : "free")).join(", ");
    // A table is yours if you hold a seat there: from this browser, or as the "my tables" list says.
    const mine = onlyMine || localStorage.getItem(`hh-seat-${t.id}`) !== null;
    body.append(h("tr", { "data-table": t.id },
      h("td", {}, h("b", {}, t.title), h("br"), h("small", { class: "muted age" }, age(t.created))),
      h("td", {}, `${t.seats.length} (${people})`),
      h("td", { class: "table-status" }, status(t, free, reserved),
        reserved ? h("small", { class: "muted reserved-note", title: "kept for the players of the last game for now" }, ` · ${reserved} reserved`) : null,
        t.unrated ? h("small", { class: "muted unrated-note", title: t.unrated }, "unrated") : null),
      h("td", {}, h("a", { class: "button", href: `/t/${t.id}` }, entry(t, free, mine)))));
  }
}

async function main() {
  games = await api("/api/games");
  const tabs = document.getElementById("game-tabs");
  for (const game of games) {
    tabs.append(h("button", { type: "button", role: "tab", "data-game": game.id, onclick: () => selectGame(game) }, game.title));
  }
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("create").addEventListener("submit", createTable);
  renderTutorials();
  // `?game=` opens that game's tab (a tutorial's "play a real game" leads here).
  const wanted = new URLSearchParams(location.search).get("game");
  if (games.length) selectGame(games.find((g) => g.id === wanted) || games[0]);
  await setUpFilters(games, refreshTables);
  await refreshTables();
  setInterval(refreshTables, 3000);
}

main();
