// The table page: one WebSocket to the table, the game drawn by its renderer (or the generic one).
import { api, badge, clear, closeMenus, h } from "/static/dom.js";
import { avatar, colourOf, playerTag } from "/static/avatars.js";
import { fetchSummary, statsTable } from "/static/endstats.js";
import { logItems } from "/static/logview.js";
import generic from "/static/games/generic.js";
import { clockTime, showLabels } from "/static/tablerated.js";
import { explain, installTips } from "/static/tips.js";
import { thoughtsView } from "/static/thoughts.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const el = (id) => document.getElementById(id);
const page = {
  table: null, game: null, you: null, renderer: generic, state: null, log: [], lastSeq: 0,
  chat: [], socket: null, retry: 0, waitingForReply: false, texts: {}, prefs: null, wasAsked: false,
  notes: [], account: null, summary: null, chatSeen: 0,
  // A move being put together before it is sent (a card, then its targets): `step` it was
  // offered at, and one level per choice made, each with the choices the server said follow.
  move: null,
  asking: null, // the preview asked and not answered yet: {actions, texts, step}
};
page.shown = () => shownChoices(); // the choices the page offers now (for tests)
// A seat's marks: [text, tone, title]. While a bot plays a person's seat its mark stays.
const BADGES = {
  you: ["you", "you", "your seat"],
  bot: ["bot", "bot", "a bot plays this seat"],
  left: ["left: a bot plays", "bot", "this player left: a bot plays on"],
  away: ["away: a bot plays", "bot", "handed to a bot after the time bank ran out"],
  clock: ["time ran out: a bot chose", "bad", "the time bank ran out: a bot decided"],
  winner: ["winner", "win", "on the winning side"],
};
window.hiddenhand = page; // for the curious, and for tests

function toast(message) {
  const box = el("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

function names() {
  return page.state?.names || page.table?.names || [];
}

// -- connection -----------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  page.socket = socket;
  el("link-state").textContent = "connecting…";
  socket.onopen = () => {
    page.retry = 0;
    const hello = { type: "hello", since: page.lastSeq };
    if (page.you) Object.assign(hello, { seat: page.you.seat, token: page.you.token });
    socket.send(JSON.stringify(hello));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (page.socket !== socket) return;
    el("link-state").textContent = "reconnecting…";
    el("link-state").className = "link-state down";
    el("connection").hidden = false; // more than a small label: whatever is shown may be stale
    const wait = Math.min(5000, 300 * 2 ** page.retry++);
    setTimeout(connect, wait);
  };
}

function reconnect() {
  const old = page.socket;
  page.socket = null;
  if (old) old.close();
  page.lastSeq = 0;
  page.log = [];
  connect();
}

function send(message) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
  else toast("not connected yet: try again in a moment");
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      // A new connection: no answer to what was sent on the old one will come. A choice
      // waiting for one is offered again (the state that follows says whether it stands).
      page.asking = null;
      page.waitingForReply = false;
      page.table = message.table;
      page.chat = message.chat;
      page.prefs = message.prefs;
      el("link-state").textContent = message.seat === null ? "watching" : "connected";
      el("link-state").className = "link-state up";
      el("connection").hidden = true;
      break;
    case "table":
      page.table = message.table;
      break;
    case "presence":
      if (page.table) {
        message.connected.forEach((c, i) => { page.table.seats[i].connected = c || !!page.table.seats[i].bot; });
        page.table.spectators = message.spectators;
      }
      break;
    case "state":
      if (message.since !== undefined) page.log = page.log.filter((e) => e.seq <= message.since);
      for (const event of message.events) if (event.seq > page.lastSeq || message.since !== undefined) page.log.push(event);
      page.lastSeq = message.seq;
      if (page.state && Object.keys(message.marks).length > Object.keys(page.state.marks).length) {
        const newest = Object.entries(message.marks).pop();
        toast(newest[1] === "clock" ? "A turn clock ran out: a bot decided for that player." : "A bot plays for the player who left.");
      }
      page.state = { ...message, names: page.table?.names };
      page.notes = message.notes || [];
      // A move begun (or a preview on its way) stays while its first choice is still offered;
      // else the game moved on, and the page shows the table's question.
      if (page.move && !offered(message, page.move.levels[0].actions[0])) page.move = null;
      if (page.asking && !offered(message, page.asking.actions[0])) page.asking = null;
      page.waitingForReply = !!page.asking;
      if (page.table && message.outcome) page.table.status = "over";
      else if (page.table && page.table.status === "open") page.table.status = "playing";
      break;
    case "chat":
      page.chat.push(message);
      break;
    case "prefs":
      page.prefs = message.prefs;
      break;
    case "preview":
      if (!previewed(message)) return;
      break;
    case "thoughts": // a table of bots thinking aloud: what the bot that just moved thought
      showThoughts(message);
      return;
    case "error":
      page.waitingForReply = false;
      page.asking = null;
      if (message.action !== undefined) page.move = null; // a move refused: back to the table's question
      toast(message.message);
      if (message.code === "unknown-table") { page.socket = null; el("banner").textContent = message.message; return; }
      // Signed out (banned, or signed out everywhere) or the table ended: the page stays as
      // it is, says why, and does not reconnect.
      if (message.code === "signed-out" || message.code === "ended") {
        page.socket = null;
        if (message.code === "signed-out") page.account = null;
        el("banner").textContent = message.message;
        el("banner").dataset.code = message.code;
        el("link-state").textContent = message.code === "signed-out" ? "signed out" : "ended";
        el("link-state").className = "link-state down";
        return;
      }
      if (message.code === "bad-token" || message.code === "wrong-seat") {
        page.you = null;
        localStorage.removeItem(`hh-seat-${tableId}`);
        reconnect();
        return;
      }
      break;
    default:
      return;
  }
  render();
}

function showThoughts(message) {
  page.thoughts = message;
  el("thoughts-title").textContent = `What ${message.name} thought`;
  clear(el("thoughts-body"), thoughtsView(message));
  el("thoughts").hidden = false;
}

// -- drawing --------------------------------------------------------------------------------

function render() {
  if (!page.table) return;
  const t = page.table;
  const asked = !!page.state?.legal.length && !page.state?.outcome;
  document.title = `${asked ? "▶ Your turn · " : ""}${t.title} · hiddenhand`;
  if (asked && !page.wasAsked) ding();
  page.wasAsked = asked;
  el("title").textContent = `${t.title} · table ${t.id}`;
  el("title").title = el("title").textContent;
  showLabels(t);
  renderWaiting();
  renderPlayers();
  renderBanner();
  renderTools();
  renderBoard();
  renderChoices();  // after the board: its hint says whether the board lights anything
  renderLesson();
  renderStats();
  renderLog();
  renderChat();
}

function renderWaiting() {
  const box = el("waiting");
  const t = page.table;
  box.hidden = t.status !== "open";
  if (box.hidden) return;
  const mine = page.you?.seat;
  const full = t.seats.every((s) => s.taken);
  const invite = `${location.origin}/t/${t.id}`;
  // Updates arrive while a person types their name: keep the same input, its text and focus.
  const typing = el("sit-name");
  const focused = typing !== null && document.activeElement === typing;
  const nameInput = typing || h("input", { id: "sit-name", maxlength: 24, value: localStorage.getItem("hh-name") || "" });
  clear(box,
    h("h2", {}, "Waiting for players"),
    h("p", {}, "Send this link to the people you want at the table: ",
      h("input", { class: "invite-link", readonly: true, value: invite, onclick: (e) => e.target.select() })),
    h("ol", { class: "seat-list waiting-seats" }, t.seats.map((s, i) => h("li", {},
      s.bot ? h("span", {}, `${t.names[i]} `, badge(`bot: ${s.bot}`, "bot"))
        : s.name ? h("span", {}, s.name, " ", i === mine ? badge("you", "you") : null)
          : mine === undefined || mine === null
            ? h("span", { class: "free" }, freeSeat(s), h("button", { class: "primary", onclick: () => sit(i) }, "Sit here"))
            : h("span", { class: "free" }, freeSeat(s))))),
    mine !== undefined && mine !== null ? h("div", { class: "row" },
      h("button", { class: "primary big", disabled: !full, onclick: start, id: "start" },
        full ? "Start the game" : "Start (when every seat is taken)"),
      h("button", { class: "ghost", onclick: leave }, "Leave the table")) : null,
    mine !== undefined && mine !== null ? null
      : page.account ? h("p", { class: "me", id: "sit-as" }, "You sit as ", h("b", {}, page.account.name), " (your account).")
        : h("label", { class: "me" }, "Your name ", nameInput));
  if (focused) nameInput.focus();
}

// A rematch's seat is kept a while for the one who played it; the server says who may sit.
function freeSeat(s) {
  return s.reserved && s.reserved_until > Date.now()
    ? `free seat, reserved for its player of the last game until ${new Date(s.reserved_until).toLocaleTimeString()} `
    : "free seat ";
}

async function sit(seat) {
  // A signed-in person sits under their account's name (the server sees to it); a typed name is a guest's.
  const typed = (el("sit-name")?.value || "").trim();
  const name = page.account?.name || typed || "Guest";
  if (!page.account && typed) localStorage.setItem("hh-name", typed);
  try {
    const data = await api(`/api/tables/${tableId}/join`, { name, seat });
    page.you = data.you;
    localStorage.setItem(`hh-seat-${tableId}`, JSON.stringify(data.you));
    page.table = data.table;
    reconnect();
  } catch (exc) { toast(exc.message); }
}

async function start() {
  try { page.table = (await api(`/api/tables/${tableId}/start`, { token: page.you.token })).table; render(); }
  catch (exc) { toast(exc.message); }
}

async function leave() {
  if (page.table.status === "playing" && !confirm("Leave the game? A bot plays your seat on, and the result marks that you left.")) return;
  try {
    await api(`/api/tables/${tableId}/leave`, { token: page.you.token });
    if (page.table.status === "open") {
      page.you = null;
      localStorage.removeItem(`hh-seat-${tableId}`);
      reconnect();
    }
  } catch (exc) { toast(exc.message); }
}

function renderPlayers() {
  const t = page.table;
  const box = clear(el("players"));
  if (t.status === "open") return;
  const toMove = new Set(page.state?.to_move || []);
  const deadlines = page.state?.deadlines || {};
  const banks = page.state?.banks || {};
  const results = page.state?.results || [];
  // A person who left is never marked a winner, whatever the bot that played on did.
  const winners = new Set((page.state?.outcome?.winners || []).filter((w) => results[w] !== "left"));
  t.seats.forEach((s, i) => {
    box.append(h("div", {
      class: `player ${toMove.has(i) ? "to-move" : ""} ${i === page.you?.seat ? "mine" : ""} ${winners.has(i) ? "winner" : ""}`,
      "data-seat": i, style: `--seat: ${colourOf(i)}`,
    },
      avatar(t.names[i] || `seat ${i + 1}`, i, 24),
      h("span", { class: `dot ${s.connected ? "on" : "off"}`, title: s.connected ? "connected" : "not connected",
        role: "img", "aria-label": s.connected ? "connected" : "not connected" }),
      h("span", { class: "player-name" }, t.names[i] || `seat ${i + 1}`),
      i === page.you?.seat ? explained("you") : null,
      s.bot ? explained("bot") : null,
      s.left ? explained("left") : null,
      s.away && !s.left ? explained("away") : null,
      s.timed_out && !s.away && !s.left ? explained("clock") : null,
      winners.has(i) ? explained("winner") : null,
      toMove.has(i) && !page.state?.outcome ? h("span", { class: "turn-mark" }, "deciding") : null,
      deadlines[i] && !page.state?.outcome ? h("span", { class: "clock", "data-deadline": deadlines[i], title: `time left in this player's bank, running down (each move adds ${t.clock} s)` }, "")
        : banks[i] !== undefined && !page.state?.outcome ? h("span", { class: "bank", title: `time saved in this player's bank (each move adds ${t.clock} s)` }, `bank ${clockTime(banks[i])}`) : null,
      canHandOver(s, i) ? h("button", { class: "ghost small", "data-hand-over": i, onclick: () => handOver(i) }, "Hand to a bot") : null,
      canReport(s, i) ? h("button", { class: "ghost small", "data-report": i, title: "Tell the operators about this player", onclick: () => report(i) }, "Report") : null));
  });
  if (t.spectators) box.append(h("div", { class: "spectators muted" }, `${t.spectators} watching`));
  tickClocks();
}

function explained(kind) {
  const [text, tone, title] = BADGES[kind];
  const b = badge(text, tone);
  b.title = title;
  return b;
}

function playingHere() {
  const mine = page.you?.seat;
  if (mine === undefined || mine === null || !page.table) return false;
  const s = page.table.seats[mine];
  return page.table.status === "playing" && !s.left && !s.away;
}

function canHandOver(s, i) {
  return playingHere() && i !== page.you.seat && s.timed_out && !s.away && !s.left && !s.bot;
}

// A signed-in person may report anyone else who sits here (never a bot); the server attaches
// the table's chat and what its spectators see.
function canReport(s, i) {
  return !!page.account && i !== page.you?.seat && !s.bot && s.taken;
}

async function report(seat) {
  const reason = prompt(`Report ${page.table.names[seat]} to the operators: what happened?`);
  if (!reason || !reason.trim()) return;
  try {
    await api("/api/reports", { table: tableId, seat, reason });
    toast("Thank you: the operators have your report.");
  } catch (exc) { toast(exc.message); }
}

async function handOver(seat) {
  try { page.table = (await api(`/api/tables/${tableId}/hand-to-bot`, { token: page.you.token, seat })).table; render(); }
  catch (exc) { toast(exc.message); }
}

async function takeBack() {
  try { page.table = (await api(`/api/tables/${tableId}/return`, { token: page.you.token })).table; render(); }
  catch (exc) { toast(exc.message); }
}

function setAutopass(on) {
  send({ type: "prefs", autopass: on });
}

function ding() {
  if (localStorage.getItem("hh-sound") !== "on") return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch { /* no sound in this browser */ }
}

// The tools stay the same elements while what they show does: a message re-rendering them
// would take the keyboard's focus off a checkbox, or a line from under someone reading it.
function renderTools() {
  const mine = page.you?.seat;
  const seat = mine === undefined || mine === null ? null : page.table.seats[mine];
  const key = JSON.stringify([mine ?? null, page.table.status, !!seat?.left, !!seat?.away, !!page.prefs?.autopass]);
  if (el("tools").dataset.key === key) return;
  el("tools").dataset.key = key;
  const box = clear(el("tools"));
  if (seat === null || page.table.status !== "playing") return;
  if (page.table.tutorial) { // the script plays every pass: only leaving is left to choose
    box.append(h("button", { class: "ghost", id: "leave-game", onclick: leave }, "Leave the tutorial"));
    return;
  }
  if (seat.left) { box.append(h("span", { class: "muted" }, "You left this game: a bot plays your seat.")); return; }
  if (seat.away) {
    box.append(h("span", {}, "Your time ran out and the table handed your seat to a bot. "),
      h("button", { class: "primary", id: "take-back", onclick: takeBack }, "Take my seat back"));
    return;
  }
  box.append(
    h("label", { class: "toggle", title: "Pass every chance to play a card out of turn, until your own turn comes" },
      h("input", { type: "checkbox", id: "autopass", checked: !!page.prefs?.autopass, onchange: (e) => setAutopass(e.target.checked) }),
      " Auto-pass reactions until my turn"),
    h("label", { class: "toggle", title: "A short sound when you are asked to decide" },
      h("input", { type: "checkbox", id: "sound", checked: localStorage.getItem("hh-sound") === "on",
        onchange: (e) => localStorage.setItem("hh-sound", e.target.checked ? "on" : "off") }),
      " Sound on my turn"),
    h("button", { class: "ghost", id: "leave-game", onclick: leave }, "Leave / concede"));
}

function tickClocks() {
  for (const c of document.querySelectorAll(".clock[data-deadline]")) {
    const left = Math.max(0, Math.round((Number(c.dataset.deadline) - Date.now()) / 1000));
    c.textContent = `bank ${clockTime(left)}`;
    c.classList.toggle("urgent", left <= 10);
  }
}
setInterval(tickClocks, 500);

function renderBanner() {
  const box = el("banner");
  const s = page.state;
  const t = page.table;
  if (!s) {
    box.className = "banner";
    const full = t.seats.every((seat) => seat.taken);
    box.textContent = t.status !== "open" ? "" : full ? "Every seat is taken: any seated player can start the game."
      : "The game can start once every seat is taken.";
    return;
  }
  const n = names();
  if (s.outcome) {
    const results = s.results || [];
    const mine = page.you ? results[page.you.seat] : undefined;
    box.className = `banner over ${mine === "won" ? "won" : ""} ${mine === "left" ? "left" : ""}`;
    const headline = mine === "left" ? "You left: counted as a loss. " : mine === "won" ? "You win! "
      : mine === "drew" ? "Game over: a draw. " : "Game over. ";
    const winner = (w) => (results[w] === "left" ? `${n[w]} (left: counted as a loss)` : n[w]);
    clear(box, h("strong", { id: "headline" }, headline),
      s.outcome.winners.length ? `Winners: ${s.outcome.winners.map(winner).join(", ")}. ` : "Nobody wins. ",
      h("span", {}, capitalized(s.outcome.reason), "."), " Everything is revealed below. ",
      replaced().length ? `A bot finished the game for ${replaced().join(", ")}. ` : "",
      page.you && !page.table.tutorial ? h("button", { id: "rematch", class: "primary", onclick: rematch },
        page.table.rematch ? "Join the rematch" : "Rematch") : null, " ",
      h("a", { href: `/replay/${encodeURIComponent(tableId)}` }, "Watch the replay"), " · ",
      h("a", { href: `/api/tables/${tableId}/record`, download: `${tableId}.json` }, "Download the record"),
      " · ", h("a", { href: "/" }, "Back to the lobby"));
    return;
  }
  if (page.move) {
    box.className = "banner yours";
    box.textContent = "Finish your move below, or cancel it: nothing is sent until it is whole.";
  } else if (s.legal.length) {
    box.className = "banner yours";
    const canPass = s.legal.some((a) => /^pass/.test(a.kind));
    box.textContent = canPass ? "You may act now, or pass."
      : s.to_move.length > 1 ? "Your choice (others are choosing too)." : "Your turn: choose below.";
  } else {
    box.className = "banner";
    const others = s.to_move.filter((i) => i !== page.you?.seat);
    box.textContent = others.length ? `Waiting for ${others.map((i) => n[i]).join(", ")}…` : "Passing for you…";
  }
}

// The same game at the same seats with a new deal; everyone who asks sits where they sat.
async function rematch() {
  try {
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { token: page.you.token });
    localStorage.setItem(`hh-seat-${data.id}`, JSON.stringify(data.you));
    location.href = `/t/${encodeURIComponent(data.id)}`;
  } catch (exc) {
    toast(exc.message);
  }
}

function replaced() {
  return page.table.seats.map((seat, i) => (seat.left || seat.away ? names()[i] : null)).filter(Boolean);
}

// The buttons stay the same elements while the choices do: others passing in a window, a clock
// or a chat line re-render the page, and a button replaced under a pointer would lose its click.
let choicesShown = "";

function renderChoices() {
  const box = el("choices");
  const s = page.state;
  const legal = shownChoices();
  const lit = !!document.querySelector("#board .target");
  const hinted = hintedAction();
  const key = JSON.stringify([legal.map((a) => [a.id, a.text]), page.move?.levels.length ?? 0,
    !!page.waitingForReply, !!s?.outcome, page.openGroup ?? null, lit, hinted?.action ?? null, !!s?.undo]);
  if (s && legal.length && key === choicesShown && box.childElementCount) {
    const hint = box.querySelector(".choices-hint");
    if (hint && !page.move) hint.firstChild.textContent = question(s);
    return;
  }
  choicesShown = key;
  clear(box);
  if (!s || !legal.length) return;
  const c = ctx();
  const cancel = page.move ? h("button", {
    class: "choice ghost", id: "move-cancel", title: "Go back: nothing is sent", onclick: cancelMove,
  }, "Cancel") : null;
  // Undo: shown only when the server says the last step may be taken back (nobody saw it).
  const undoing = s.undo && !page.move ? h("button", {
    class: "choice ghost", id: "undo", title: "Take back your last choice: nobody else has seen it",
    disabled: page.waitingForReply, onclick: undo,
  }, "Undo") : null;
  if (page.move) box.append(h("p", { class: "move-so-far" }, "You chose: ", page.move.levels.at(-1).texts.map(capitalized).join(" → ")));
  const custom = page.renderer.choices?.(legal, c);
  if (custom) { box.append(custom, cancel || undoing || ""); return; }
  box.append(h("p", { class: "choices-hint" }, page.move ? "And then?" : question(s), " ",
    h("span", { class: "muted" }, page.move
      ? `${lit ? "Choose a lit card or player, or here" : "Choose here"}; nothing is sent until your move is whole.`
      : lit ? "Click a lit card or player on the board, or choose here." : "Choose here.")));
  const list = h("div", { class: "choice-list" });
  box.append(list);
  const groups = grouped(legal, c);
  // A tutorial on a narrow screen shows the hinted choice's group alone (the others are closed
  // anyway), so the drawer stays small and the board's lit thing stays in view above it.
  if (hinted && matchMedia("(max-width: 760px)").matches) {
    for (const [group, { items }] of groups) if (!items.some(({ a }) => a.id === hinted.action)) groups.delete(group);
    box.append(h("p", { class: "muted lesson-closed" }, "The other choices are closed in this tutorial."));
  }
  // Many choices in many groups fold on a narrow screen: a row of the groups' names, and the
  // choices of the one open below it (the first, until another is opened), so every choice is
  // a tap or two away and none lies below the screen's edge.
  const fold = groups.size > 3 && legal.length > 14 && matchMedia("(max-width: 760px)").matches;
  if (fold) {
    if (!groups.has(page.openGroup)) page.openGroup = groups.keys().next().value;
    list.append(h("div", { class: "fold-tabs", role: "group", "aria-label": "kinds of choice" },
      [...groups].map(([group, { items, shown }]) => h("button", {
        class: "fold-tab", "data-fold": group, "aria-expanded": String(group === page.openGroup), "aria-controls": "fold-open",
        onclick: () => { page.openGroup = group; choicesShown = ""; renderChoices(); box.querySelector(`[data-fold="${CSS.escape(group)}"]`)?.focus(); },
      }, shown, ` (${items.length})`))));
  }
  for (const [group, { items, shown }] of groups) {
    if (fold && group !== page.openGroup) continue;
    const seat = c.names.indexOf(group);
    list.append(h("div", { class: "choice-group", role: "group", "aria-label": group, id: fold ? "fold-open" : null },
      h("span", { class: "choice-kind" }, seat >= 0 ? avatar(group, seat, 16) : null, shown),
      items.map(({ a, text }) => h("button", {
        class: `choice ${/^pass|^no|skip|decline|_none$|_done$/.test(a.kind) ? "ghost" : "primary"} ${hinted?.action === a.id ? "lesson-target" : ""}`,
        "data-action": a.id, title: hinted && hinted.action !== a.id ? "In this tutorial, follow the hint" : a.text,
        "aria-label": `${group}: ${a.text}`,
        disabled: page.waitingForReply || (!!hinted && hinted.action !== a.id), onclick: () => act(a.id),
      }, text))));
  }
  if (cancel) box.append(h("div", { class: "choice-group move-cancel" }, cancel));
  if (undoing) box.append(h("div", { class: "choice-group move-cancel" }, undoing));
}

// Take back the last step, which the server said nobody else has seen; a refusal is told.
function undo() {
  if (page.waitingForReply || !page.state?.undo) return;
  closeMenus();
  page.waitingForReply = true;
  send({ type: "undo", step: page.state.step });
  disableChoices("#choices button");
}

// What the page asks now: the follow-ups of a move being put together, else the table's choices.
function shownChoices() {
  return page.move ? page.move.levels.at(-1).then : page.state?.legal || [];
}

// -- tutorials ------------------------------------------------------------------------------
// At a tutorial table the server says, with each state, which moves the person is taught next
// (a move and its follow-ups) with a hint and the rules. The page lights only the hinted thing
// on the board, shows the other choices disabled (the server refuses them too), and keeps the
// hint and the rules in a panel above the board.

// The taught step the page asks for now: the next one of the move being put together.
function hintedAction() {
  const lesson = page.state?.tutorial;
  if (!lesson || page.state.outcome) return null;
  const index = page.move ? page.move.levels.at(-1).actions.length : 0;
  return lesson.next[index] || null;
}

// What the board may light: at a tutorial table only the hinted choice.
function boardChoices() {
  const shown = shownChoices();
  if (!page.state?.tutorial) return shown;
  const hinted = hintedAction();
  return hinted ? shown.filter((a) => a.id === hinted.action) : [];
}

function renderLesson() {
  const box = el("lesson");
  const lesson = page.state?.tutorial;
  box.hidden = !lesson;
  if (!lesson) return;
  const hinted = hintedAction();
  for (const x of document.querySelectorAll("#board .lesson-target")) x.classList.remove("lesson-target");
  if (hinted) {
    for (const x of document.querySelectorAll("#board [data-action]")) {
      if (x.dataset.action.split(" ").includes(String(hinted.action))) x.classList.add("lesson-target");
    }
  }
  const step = hinted ? lesson.done + 1 + (page.move ? page.move.levels.at(-1).actions.length : 0) : lesson.done;
  const key = JSON.stringify([hinted, lesson.welcome, lesson.ending, step]);
  if (box.dataset.key === key) return; // the same words are not announced again
  box.dataset.key = key;
  const head = h("p", { class: "lesson-step" }, `Tutorial · step ${Math.min(step, lesson.of)} of ${lesson.of}`);
  if (lesson.ending) {
    const title = page.game?.title || page.table.title;
    clear(box, head, h("p", { class: "lesson-hint", id: "lesson-hint" }, lesson.ending),
      h("p", { class: "lesson-next" },
        h("a", { class: "button primary", id: "lesson-real", href: `/?game=${encodeURIComponent(lesson.game)}` }, `Play a real game of ${title}`),
        " ", h("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  if (hinted) {
    clear(box, head, lesson.welcome ? h("p", { class: "lesson-welcome" }, lesson.welcome) : null,
      h("p", { class: "lesson-hint", id: "lesson-hint" }, hinted.hint),
      h("p", { class: "lesson-rules", id: "lesson-rules" }, h("b", {}, "Rules: "), hinted.rules));
    return;
  }
  clear(box, head, h("p", { class: "lesson-hint", id: "lesson-hint" },
    lesson.welcome || "Watch the others play: your next step comes in a moment."));
}

// The one-line question above the buttons.
function question(s) {
  if (s.legal.some((a) => /^pass/.test(a.kind))) return "Act now, or pass?";
  return s.to_move.length > 1 ? "What do you choose? (others are choosing too)" : "What do you do?";
}

// Buttons read short and sit in groups: by the player they concern, else by their kind.
// A game may say how (`short(action, ctx) -> {group, text}`); the full sentence stays the title.
// A word every button shares is said once: a card's name before a colon above all of them,
// and on a narrow screen a group's common verb beside its name ("Bea · investigate").
function grouped(legal, c) {
  const groups = new Map();
  for (const a of legal) {
    const { group, text } = page.renderer.short?.(a, c) || shortByName(a, c);
    if (!groups.has(group)) groups.set(group, { items: [], shown: group });
    groups.get(group).items.push({ a, text: capitalized(text) });
  }
  const all = [...groups.values()].flatMap((g) => g.items);
  const prefix = all.length > 1 && /^[^:]{1,30}: /.exec(all[0].text)?.[0];
  if (prefix && all.every((i) => i.text.startsWith(prefix) && i.text.length > prefix.length)) {
    for (const i of all) i.text = capitalized(i.text.slice(prefix.length));
  }
  if (matchMedia("(max-width: 760px)").matches) {
    for (const g of groups.values()) {
      const verb = g.items[0].text.split(" ")[0];
      if (g.items.length > 1 && g.items.every((i) => i.text.startsWith(`${verb} `))) {
        g.shown = `${g.shown} · ${verb.toLowerCase()}`;
        for (const i of g.items) i.text = capitalized(i.text.slice(verb.length + 1));
      }
    }
  }
  return groups;
}

function shortByName(a, c) {
  const named = c.names.map((n, i) => [n, i]).filter(([n]) => n && a.text.includes(n));
  if (named.length !== 1) return { group: capitalized(a.kind.replaceAll("_", " ")), text: a.text };
  const [name, seat] = named[0];
  // The name goes to the group; in the text a pronoun stands for it, so no sentence loses a word.
  const mine = seat === c.seat;
  const text = a.text.replace(`${name}'s`, mine ? "your" : "their").replace(name, mine ? "yourself" : "them");
  return { group: mine ? "You" : name, text };
}

function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// A choice is first previewed: if the server says the move goes on (a card's targets), the
// page asks for them, with Cancel; the move is sent once whole, as one act. Nothing the game
// sees happens before.
function act(id) {
  if (page.waitingForReply) return;
  closeMenus();
  const level = page.move?.levels.at(-1);
  const text = shownChoices().find((a) => a.id === id)?.text || "";
  const step = page.move ? page.move.step : page.state.step;
  page.asking = { actions: [...(level?.actions || []), id], texts: [...(level?.texts || []), text], step };
  page.waitingForReply = true;
  send(moveMessage("preview", page.asking));
  disableChoices("#choices button.choice");
}

// Grey the buttons out where they are (no element swapped under the pointer), and forget
// what was drawn: whatever answer comes (a refusal leaving the same choices, say) redraws them.
function disableChoices(selector) {
  for (const b of document.querySelectorAll(selector)) b.disabled = true;
  choicesShown = "";
}

function moveMessage(type, { actions: [action, ...then], step }) {
  return then.length ? { type, action, then, step } : { type, action, step };
}

function offered(state, id) {
  return state.legal.some((a) => a.id === id);
}

// The server's answer to the preview asked: more to choose, or the whole move is sent.
function previewed(answer) {
  const asked = page.asking;
  if (!asked || answer.action !== asked.actions[0] || answer.step !== asked.step
    || String(answer.chosen || []) !== String(asked.actions.slice(1))) return false;
  page.asking = null;
  if (answer.then.length) {
    page.move = page.move || { step: asked.step, levels: [] };
    page.move.levels.push({ actions: asked.actions, texts: asked.texts, then: answer.then });
    page.waitingForReply = false;
  } else {
    page.move = null;
    send(moveMessage("act", asked));
  }
  return true;
}

// Back one choice (or out of the move): nothing is sent.
function cancelMove() {
  closeMenus();
  page.move?.levels.pop();
  if (!page.move?.levels.length) page.move = null;
  render();
}

function lastEvent() {
  const event = [...page.log].reverse().find((e) => e.public);
  if (!event) return null;
  const n = names();
  return { text: event.text, seats: n.map((name, i) => (name && event.text.includes(name) ? i : -1)).filter((i) => i >= 0) };
}

function ctx() {
  return {
    lastEvent: lastEvent(), busy: page.waitingForReply,
    names: names(), seat: page.you?.seat ?? null, legal: boardChoices(),
    toMove: page.state?.to_move || [], over: !!page.state?.outcome, outcome: page.state?.outcome, act,
    options: page.table.options, view: page.state?.view, log: page.log, step: page.state?.step,
  };
}

function renderBoard() {
  const box = clear(el("board"));
  // A confirm bar (phones) stays while the choice it offers stands; once the game moved on, it goes.
  const bar = document.querySelector(".confirm-bar");
  if (bar && (bar.dataset.step !== String(page.state?.step ?? "") || page.waitingForReply)) closeMenus();
  if (!page.state) return;
  try {
    box.append(page.renderer.render(page.state.view, ctx()));
    explain(box, page.texts);
  } catch (exc) {
    console.error(exc);
    box.append(generic.render(page.state.view, ctx()));
  }
}

// The game's events, with the table's lines about bots deciding for people where they happened.
function renderLog() {
  const box = el("log");
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  const note = (n) => h("li", { class: "note", "data-mark": n.mark, title: "a bot decided for this player" }, n.text);
  const notesAfter = (seq) => page.notes.filter((n) => n.after === seq).map(note);
  const last = page.log.length ? page.log[page.log.length - 1].seq : 0;
  clear(box, notesAfter(0), logItems(page.log, names(), page.game?.id, (e) => notesAfter(e.seq)),
    page.notes.filter((n) => n.after > last).map(note));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

function renderChat() {
  const box = el("chat");
  // A signed-in player's name leads to their profile: mute, block or report them there.
  clear(box, page.chat.map((c) => {
    const tag = h("b", {}, playerTag(c.name, c.seat ?? names().indexOf(c.name)), ": ");
    return h("li", {},
      c.account ? h("a", { class: "chat-name", href: `/profile/${encodeURIComponent(c.account)}`, target: "_blank" }, tag) : tag,
      c.text);
  }));
  box.scrollTop = box.scrollHeight;
  // Behind its tab (phones), the chat counts what came since it was last open.
  if (currentTab() === "chat") page.chatSeen = page.chat.length;
  const unread = page.chat.length - page.chatSeen;
  el("chat-unread").hidden = unread <= 0;
  el("chat-unread").textContent = unread > 0 ? `${unread} new` : "";
  // The server takes chat from seated players only: a spectator is told so, not shown a box.
  const watching = page.you === null || page.you === undefined;
  const left = !watching && !!page.table?.seats[page.you.seat]?.left;
  el("chat-form").hidden = watching || left;
  el("chat-note").hidden = !watching && !left;
  el("chat-note").textContent = left ? "You left this table: you can no longer write here."
    : "You are watching: only the players at this table can write here.";
}

// The end of the game in figures, fetched once the game is over (and once more a moment later,
// for the rating changes, which are written just after the end).
function renderStats() {
  const box = el("stats");
  const over = !!page.state?.outcome;
  box.hidden = !over || !page.summary;
  if (!over) { page.summary = null; return; }
  if (page.summary === null) {
    page.summary = false;
    const get = () => fetchSummary(tableId).then((summary) => { page.summary = summary; render(); });
    get().then(() => setTimeout(() => get().catch(() => {}), 1500)).catch(() => setTimeout(() => get().catch(() => {}), 1000));
  }
  if (!page.summary) return;
  const key = JSON.stringify(page.summary);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  clear(box, statsTable(page.summary, page.state.results || []));
}

// Phones show the board, the log or the chat, behind tabs; wider screens show them all.
function currentTab() {
  return matchMedia("(max-width: 760px)").matches ? el("table-page").dataset.tab : "all";
}

function showTab(tab) {
  el("table-page").dataset.tab = tab;
  for (const b of document.querySelectorAll(".table-tabs [role=tab]")) {
    b.setAttribute("aria-selected", String(b.dataset.tab === tab));
    b.tabIndex = b.dataset.tab === tab ? 0 : -1;
  }
  if (tab === "chat") renderChat();
  if (tab === "log") el("log").scrollTop = el("log").scrollHeight;
}

for (const b of document.querySelectorAll(".table-tabs [role=tab]")) {
  b.addEventListener("click", () => showTab(b.dataset.tab));
  b.addEventListener("keydown", (event) => {
    const tabs = [...document.querySelectorAll(".table-tabs [role=tab]")];
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = tabs[(tabs.indexOf(b) + step + tabs.length) % tabs.length];
    next.focus();
    showTab(next.dataset.tab);
  });
}
showTab("board");

// The choices' drawer is fixed to the bottom on phones: the page keeps room for it below, and
// tips and messages float above it (--dock is its height, 0 where it sits in the page).
new ResizeObserver(() => {
  const box = el("choices");
  const fixed = getComputedStyle(box).position === "fixed" && box.childElementCount;
  document.documentElement.style.setProperty("--dock", `${fixed ? box.offsetHeight : 0}px`);
}).observe(el("choices"));

el("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = el("chat-input");
  if (!input.value.trim()) return;
  send({ type: "chat", text: input.value });
  input.value = "";
});

el("invite").addEventListener("click", async () => {
  const link = `${location.origin}/t/${tableId}`;
  try { await navigator.clipboard.writeText(link); toast("Invite link copied"); } catch { toast(link); }
});

// The rules reference, collapsed by default: the goal, the turn step by step, every card's
// text by kind (all from the game's texts on the server), then how to play on this page.
function renderRules(info) {
  const game = info.game;
  const rules = info.rules || { goal: game.summary || "", turn: [], sections: [] };
  const seats = game.min_players === game.max_players ? `${game.min_players}` : `${game.min_players}–${game.max_players}`;
  clear(el("rules-body"),
    h("p", {}, h("b", {}, game.title), ` · ${seats} players. `, rules.goal),
    rules.turn.length ? [h("h4", {}, "How a turn goes"), h("ol", { class: "rules-turn" }, rules.turn.map((line) => h("li", {}, line)))] : null,
    rules.sections.map((section) => h("section", { class: "rules-cards" },
      h("h4", {}, section.title),
      h("dl", {}, section.cards.flatMap((c) => [h("dt", {}, c.name), h("dd", {}, c.text)])))),
    page.renderer.rules ? [h("h4", {}, "On this page"), page.renderer.rules()] : null);
}

async function main() {
  let info;
  try {
    info = await api(`/api/tables/${tableId}`);
  } catch (exc) {
    el("banner").textContent = exc.message;
    return;
  }
  page.table = info.table;
  page.game = info.game;
  page.you = info.you || JSON.parse(localStorage.getItem(`hh-seat-${tableId}`) || "null");
  page.texts = info.texts || {};
  try { page.account = (await api("/api/me")).account; } catch { page.account = null; }
  installTips(el("tip"));
  if (info.game.renderer) {
    try { page.renderer = (await import(info.game.renderer)).default; } catch (exc) { console.error(exc); }
  }
  renderRules(info);
  render();
  connect();
}

main();
