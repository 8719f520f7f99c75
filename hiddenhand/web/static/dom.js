// Small DOM helpers shared by the pages and the game renderers. Text always goes in as text.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

// A playing card: face text and a tone; `hidden` shows its back.
export function card(face, { tone = "", hidden = false, small = false, title = "", note = "" } = {}) {
  return h("div", { class: `card ${tone} ${hidden ? "back" : ""} ${small ? "small" : ""}`, title: title || null },
    hidden ? h("span", { class: "card-back" }, "?") : h("span", { class: "card-face" }, face),
    note ? h("span", { class: "card-note" }, note) : null);
}

export function badge(text, tone = "") {
  return h("span", { class: `badge ${tone}` }, text);
}

export function label(key) {
  return String(key).replaceAll("_", " ");
}

export async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `request failed (${response.status})`);
  return data;
}

// Make a thing on the board act. With a mouse, one legal action acts at once and several open a
// small menu. On a touch screen a tap only selects: the thing is marked, its text is shown, and
// a bar at the bottom offers its actions and Cancel; nothing is sent until an action is tapped.
// The thing lights up as a legal target; buttons elsewhere stay as the accessible fallback.
export function touchScreen() {
  return matchMedia("(hover: none), (pointer: coarse)").matches;
}

export function onBoard(el, actions, ctx) {
  if (!actions.length || ctx.busy) return el;
  el.classList.add("target");
  el.dataset.action = actions.map((a) => a.id).join(" ");
  el.title = actions.map((a) => a.text).join(" / ");
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    if (touchScreen()) { confirmBar(el, actions, ctx); return; }
    if (actions.length === 1) { ctx.act(actions[0].id); return; }
    closeMenus();
    const menu = h("div", { class: "board-menu", role: "menu" },
      actions.map((a) => h("button", { class: "primary", role: "menuitem", onclick: () => { menu.remove(); ctx.act(a.id); } }, a.text)),
      h("button", { class: "ghost", onclick: () => menu.remove() }, "cancel"));
    el.append(menu);
    fitOnScreen(menu);
  });
  return el;
}

// Close any open menu or confirm bar, and unmark what it was for: nothing is sent.
export function closeMenus() {
  document.querySelector(".board-menu")?.remove();
  for (const x of document.querySelectorAll(".target.selected")) x.classList.remove("selected");
}

// The phone's second step: what was tapped, its text, its actions, and Cancel.
function confirmBar(el, actions, ctx) {
  closeMenus();
  el.classList.add("selected");
  const tip = el.dataset.tip || el.closest("[data-tip]")?.dataset.tip;
  const bar = h("div", { class: "board-menu confirm-bar", role: "dialog", "aria-label": "confirm your choice", "data-step": ctx.step ?? "" },
    tip ? h("p", { class: "confirm-text" }, tip) : null,
    h("div", { class: "confirm-actions" },
      actions.map((a) => h("button", { class: "primary", "data-confirm": a.id, onclick: () => { closeMenus(); ctx.act(a.id); } }, capital(a.text))),
      h("button", { class: "ghost", id: "confirm-cancel", onclick: closeMenus }, "Cancel")));
  document.body.append(bar);
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// A menu opened near the right edge moves left, so it never makes a phone's page scroll sideways.
function fitOnScreen(menu) {
  const overflow = menu.getBoundingClientRect().right - document.documentElement.clientWidth + 8;
  if (overflow > 0) menu.style.left = `${-overflow}px`;
}
