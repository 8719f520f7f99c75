// What changed on the board moves, briefly: the renderers draw the whole board anew each
// time, and this module compares the new drawing with the last one, by the `data-key` of each
// thing, then animates the difference (Web Animations, under 400 ms). Nothing waits for it:
// the board and its choices are live at once, and people who ask for reduced motion see the
// new board as it is. Marks it reads on an element with a key:
//   data-face  a change turns the card over (a reveal, an investigation, a look)
//   data-slide a move slides it from where it stood (NOIR's shifts; the one that wraps
//              around comes in from the edge)
//   data-state turning "dead" makes it fall
//   data-from  new, it comes from that key's element (a threat card from its deck)
//   data-land  new, or its data-count grew, it lands (tokens, drawn cards)
//   data-aim   a new aim sends a copy of it to the element with that key (a gun aimed)
const LIMIT_MS = 380;
let last = null; // key -> what it was and where, at the last drawing
const running = new Map(); // key -> {frames, options, start}: carried on across redraws

// Journal of the motions played (and skipped for reduced motion), for the curious and tests:
// the last 200 of each; `seq` numbers every entry, so a reader can ask for those since a moment.
const journal = { played: [], skipped: [], seq: 0 };
globalThis.hiddenhandMotion = journal;

export function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Call with the board just drawn (it is returned): once it is on the page, the difference
// from the last drawing moves.
export function settle(root) {
  queueMicrotask(() => (root.isConnected ? play(root) : requestAnimationFrame(() => play(root))));
  return root;
}

function place(el) {
  const frame = el.parentElement?.closest("[data-frame]");
  const r = el.getBoundingClientRect();
  const f = frame ? frame.getBoundingClientRect() : { left: 0, top: 0 };
  return { x: r.left - f.left, y: r.top - f.top, w: r.width, h: r.height };
}

function read(root) {
  const now = new Map();
  for (const el of root.querySelectorAll("[data-key]")) {
    const d = el.dataset;
    now.set(d.key, { el, face: d.face, state: d.state, count: d.count, aim: d.aim, ...place(el) });
  }
  return now;
}

function play(root) {
  if (!root.isConnected) return;
  const now = read(root);
  const before = last;
  last = now;
  if (!before) return;
  const moves = [];
  for (const [key, n] of now) {
    const was = before.get(key);
    const d = n.el.dataset;
    if (!was) {
      const from = d.from && (now.get(d.from) || before.get(d.from));
      if (from) moves.push(["draw", key, n.el, drawFrames(from, n)]);
      else if ("land" in d) moves.push(["land", key, n.el, LAND]);
      continue;
    }
    if (n.face !== undefined && was.face !== undefined && n.face !== was.face) moves.push(["flip", key, n.el, FLIP]);
    else if (n.state === "dead" && was.state !== "dead") moves.push(["fall", key, n.el, FALL]);
    else if ("slide" in d && (Math.abs(n.x - was.x) > 2 || Math.abs(n.y - was.y) > 2)) moves.push(["slide", key, n.el, slideFrames(was, n)]);
    else if ("land" in d && n.count !== undefined && Number(n.count) > Number(was.count)) moves.push(["land", key, n.el, LAND]);
    if (n.aim && n.aim !== was.aim && now.get(n.aim)) moves.push(["aim", key, n.el, null, now.get(n.aim).el]);
  }
  if (reducedMotion()) {
    for (const [kind, key] of moves) remember(journal.skipped, { kind, key });
    running.clear();
    return;
  }
  const started = new Set();
  for (const [kind, key, el, frames, target] of moves) {
    if (kind === "aim") { fly(el, target); remember(journal.played, { kind, key }); continue; }
    animate(kind, key, el, frames, 0);
    started.add(key);
  }
  // Whatever was moving when the board was redrawn (a chat line, a clock) moves on.
  const t = performance.now();
  for (const [key, run] of running) {
    if (started.has(key)) continue;
    const n = now.get(key);
    if (!n || t - run.start >= run.duration) { running.delete(key); continue; }
    const anim = n.el.animate(run.frames, { duration: run.duration, easing: "ease-out", id: run.kind });
    anim.currentTime = t - run.start;
  }
  clipWhileMoving(root, t);
}

// A thing sliding in from the edge or landing a little larger than itself stays inside the
// board while it moves, so a phone's page never widens for a moment; once still, the board
// clips nothing (a menu opened on a card may reach past it).
let unclip = 0;
function clipWhileMoving(root, now) {
  let left = 0;
  for (const run of running.values()) left = Math.max(left, run.start + run.duration - now);
  clearTimeout(unclip);
  if (left <= 0) { root.style.overflowX = ""; return; }
  root.style.overflowX = "clip";
  unclip = setTimeout(() => { root.style.overflowX = ""; }, left + 20);
}

function animate(kind, key, el, frames, elapsed) {
  const duration = kind === "fall" ? LIMIT_MS : kind === "land" ? 300 : 340;
  el.animate(frames, { duration, easing: "ease-out", id: kind }).currentTime = elapsed;
  running.set(key, { kind, frames, duration, start: performance.now() - elapsed });
  remember(journal.played, { kind, key });
}

function remember(list, entry) {
  list.push({ ...entry, seq: ++journal.seq });
  if (list.length > 200) list.shift();
}

const FLIP = [
  { transform: "perspective(500px) rotateY(90deg)", filter: "brightness(.7)" },
  { transform: "perspective(500px) rotateY(0deg)", filter: "brightness(1)" },
];
const LAND = [
  { transform: "translateY(-14px) scale(1.3)", opacity: 0 },
  { transform: "translateY(0) scale(.92)", opacity: 1, offset: 0.7 },
  { transform: "none", opacity: 1 },
];
const FALL = [
  { transform: "none", filter: "grayscale(0)" },
  { transform: "translateY(4px) rotate(-14deg)", offset: 0.45 },
  { transform: "translateY(2px) rotate(6deg)", offset: 0.75 },
  { transform: "none", filter: "grayscale(1)" },
];

// From where it stood to where it stands; a thing that wrapped around the line (it moved more
// than one and a half of its own size) comes in from the edge instead of crossing the line.
function slideFrames(was, n) {
  let dx = was.x - n.x;
  let dy = was.y - n.y;
  let fade = 1;
  if (Math.abs(dx) > 1.5 * n.w) { dx = -Math.sign(dx) * n.w; fade = 0; }
  if (Math.abs(dy) > 1.5 * n.h) { dy = -Math.sign(dy) * n.h; fade = 0; }
  return [{ transform: `translate(${dx}px, ${dy}px)`, opacity: fade }, { transform: "none", opacity: 1 }];
}

function drawFrames(from, n) {
  const dx = from.x + from.w / 2 - (n.x + n.w / 2);
  const dy = from.y + from.h / 2 - (n.y + n.h / 2);
  return [
    { transform: `translate(${dx}px, ${dy}px) perspective(500px) rotateY(90deg) scale(.6)`, opacity: 0.6 },
    { transform: "none", opacity: 1 },
  ];
}

// A copy of the thing flies to its target over the page, then goes; the board is untouched.
function fly(el, target) {
  const a = el.getBoundingClientRect();
  const b = target.getBoundingClientRect();
  const ghost = el.cloneNode(true);
  ghost.dataset.flight = ghost.dataset.key;
  ghost.removeAttribute("data-key");
  ghost.classList.add("flying");
  Object.assign(ghost.style, { position: "fixed", left: `${a.left}px`, top: `${a.top}px`, margin: "0", pointerEvents: "none", zIndex: "50" });
  document.body.append(ghost);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + Math.min(b.height, 40) / 2 - (a.top + a.height / 2);
  const anim = ghost.animate([
    { transform: "translate(0, 0) scale(1)", opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(1.3)`, opacity: 1, offset: 0.8 },
    { transform: `translate(${dx}px, ${dy}px) scale(1)`, opacity: 0 },
  ], { duration: LIMIT_MS, easing: "ease-in-out", id: "aim" });
  anim.onfinish = () => ghost.remove();
  anim.oncancel = () => ghost.remove();
}
