// The replay page: a finished game stepped through as one seat (or a spectator) saw it.
// Every view comes from the server, which replays the record through the engine.
import { api, clear, h } from "/static/dom.js";
import generic from "/static/games/generic.js";
import { explain, installTips } from "/static/tips.js";
import { playerTag } from "/static/avatars.js";
import { fetchSummary, statsTable } from "/static/endstats.js";
import { logItems } from "/static/logview.js";
import { thoughtsView } from "/static/thoughts.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const el = (id) => document.getElementById(id);
const page = { renderer: generic, texts: {}, steps: 0, step: 0, seat: "spectator", shown: null, game: null, thoughts: null };
window.hiddenhand = page; // for tests

// The last public event, with the seats it names, as the table page gives it to renderers.
function lastEvent(data) {
  const event = [...data.log].reverse().find((e) => e.public);
  if (!event) return null;
  return { text: event.text, seats: data.names.map((name, i) => (name && event.text.includes(name) ? i : -1)).filter((i) => i >= 0) };
}

async function show(step) {
  page.step = Math.max(0, Math.min(page.steps, step));
  const query = `seat=${encodeURIComponent(page.seat)}&step=${page.step}`;
  let data;
  try {
    data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?${query}`);
  } catch (exc) {
    el("banner").textContent = exc.message;
    return;
  }
  if (data.step !== page.step || String(data.seat ?? "spectator") !== page.seat) return; // a later request won
  page.shown = data;
  el("step").value = String(data.step);
  el("where").textContent = data.step === 0 ? `the deal · ${data.steps} steps`
    : `step ${data.step} of ${data.steps}${data.mark ? ` (${data.mark})` : ""}`;
  const ctx = {
    lastEvent: lastEvent(data), busy: true, names: data.names,
    seat: data.seat, legal: [], toMove: data.view.to_move || [], over: data.step === data.steps,
    outcome: null, act: () => {}, options: {}, view: data.view, log: data.log,
  };
  const board = clear(el("board"));
  try {
    board.append(page.renderer.render(data.view, ctx));
  } catch (exc) {
    console.error(exc);
    board.append(generic.render(data.view, ctx));
  }
  explain(board, page.texts);
  clear(el("log"), logItems(data.log, data.names, page.game)).scrollTop = 1e9;
  showThoughts(data);
}

// What the bot deciding at this step thought (worked out by the server, from what it knew).
async function showThoughts(data) {
  const box = el("thoughts");
  const decides = data.decides;
  page.thoughts = null;
  if (!decides || !decides.bot) {
    box.hidden = true;
    return;
  }
  const name = data.names[decides.seat] || `seat ${decides.seat + 1}`;
  el("thoughts-title").textContent = `What ${name} thought`;
  clear(el("thoughts-body"), h("p", { class: "muted" }, `${name} is thinking it over…`));
  box.hidden = false;
  await new Promise((done) => setTimeout(done, 200)); // stepping quickly asks only where it stops
  if (page.step !== data.step) return;
  let thoughts;
  try {
    thoughts = await api(`/api/tables/${encodeURIComponent(tableId)}/thoughts?step=${data.step}`);
  } catch (exc) {
    if (page.step === data.step) clear(el("thoughts-body"), h("p", { class: "muted" }, exc.message));
    return;
  }
  if (page.step !== data.step) return; // stepped on meanwhile
  page.thoughts = thoughts;
  clear(el("thoughts-body"), thoughtsView(thoughts));
}

async function main() {
  let info;
  try {
    info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (exc) {
    el("banner").textContent = exc.message;
    return;
  }
  page.texts = info.texts || {};
  installTips(el("tip"));
  if (info.game.renderer) {
    try { page.renderer = (await import(info.game.renderer)).default; } catch (exc) { console.error(exc); }
  }
  el("title").textContent = `Replay: ${info.game.title}`;
  page.game = info.game.id;
  const names = info.table.names || [];
  clear(el("seat"), h("option", { value: "spectator" }, "a spectator"),
    names.map((name, i) => h("option", { value: String(i) }, name || `seat ${i + 1}`)));
  const first = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?seat=spectator&step=0`).catch((exc) => {
    el("banner").textContent = exc.message;
    return null;
  });
  if (!first) return;
  page.steps = first.steps;
  el("step").max = String(first.steps);
  el("banner").textContent = "Choose whose eyes to see the game through, then step through it.";
  el("seat").onchange = () => { page.seat = el("seat").value; show(page.step); };
  el("step").oninput = () => show(Number(el("step").value));
  el("first").onclick = () => show(0);
  el("prev").onclick = () => show(page.step - 1);
  el("next").onclick = () => show(page.step + 1);
  el("last").onclick = () => show(page.steps);
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowLeft") show(page.step - 1);
    if (event.key === "ArrowRight") show(page.step + 1);
  });
  clear(el("seats"), names.map((name, i) => playerTag(name || `seat ${i + 1}`, i)));
  await show(0);
  // The end of the game in figures, kept with the replay.
  try {
    const summary = await fetchSummary(tableId);
    const box = el("stats");
    clear(box, statsTable(summary));
    box.hidden = false;
  } catch (exc) { console.error(exc); }
}

main();
