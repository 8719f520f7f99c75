// Player colours and generated avatars. At a table a player's look comes from their seat, so
// no two seats share one; elsewhere (profile, leaderboard) from their name. Colour is never the
// only sign: each look also has its own shape and the name's initial.
import { h } from "/static/dom.js";

const SVG = "http://www.w3.org/2000/svg";
// Eight colours far apart for most eyes, each dark enough for white text on it (WCAG AA).
export const COLOURS = ["#b3261e", "#1f5fa8", "#2e7d32", "#8e44ad", "#a35200", "#00796b", "#c2185b", "#4e5b6e"];
const SHAPES = [
  "M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20z", // circle
  "M3 3h18v18H3z", // square
  "M12 1.5 22.5 12 12 22.5 1.5 12z", // diamond
  "M12 1.5 23 21.5H1z", // triangle
  "M6.5 2.5h11l5.5 9.5-5.5 9.5h-11L1 12z", // hexagon
  "M12 1.5l3 6.9 7.5.7-5.7 5 1.7 7.4L12 17.6l-6.5 3.9 1.7-7.4-5.7-5 7.5-.7z", // star
  "M4 2h16l-2 20H6z", // shield
  "M12 1.5c5 0 10.5 3 10.5 10.5S17 22.5 12 22.5 1.5 19.5 1.5 12 7 1.5 12 1.5zM12 1.5", // pebble
];
const SHAPE_NAMES = ["circle", "square", "diamond", "triangle", "hexagon", "star", "shield", "pebble"];

function hashed(text) {
  let n = 7;
  for (const ch of String(text)) n = (n * 31 + ch.codePointAt(0)) >>> 0;
  return n;
}

// The look of seat `seat` (a number), or of a name when there is no seat.
export function look(seat, name = "") {
  const i = typeof seat === "number" && seat >= 0 ? seat : hashed(name);
  return { colour: COLOURS[i % COLOURS.length], shape: i % SHAPES.length };
}

export function colourOf(seat, name = "") {
  return look(seat, name).colour;
}

function initial(name) {
  const letter = [...String(name || "?").trim()][0] || "?";
  return letter.toUpperCase();
}

// An avatar: the seat's shape in its colour with the name's initial. Decorative (the name is
// always written beside it): hidden from screen readers, and the initial is drawn by CSS from
// `data-initial`, so it is never part of the page's text.
export function avatar(name, seat, size = 22) {
  const { colour, shape } = look(seat, name);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", SHAPES[shape]);
  path.setAttribute("fill", colour);
  path.setAttribute("stroke", "#fff");
  path.setAttribute("stroke-width", "1.2");
  svg.append(path);
  return h("span", {
    class: `avatar shape-${SHAPE_NAMES[shape]}`, "aria-hidden": "true", "data-initial": initial(name),
    style: `width: ${size}px; height: ${size}px; font-size: ${Math.round(size * 0.46)}px`,
  }, svg);
}

// A player's name as the page writes it everywhere: avatar, then the name in their colour.
export function playerTag(name, seat, { size = 18, cls = "" } = {}) {
  return h("span", { class: `player-tag ${cls}`, style: `--seat: ${colourOf(seat, name)}`, "data-seat": seat ?? null },
    avatar(name, seat, size), h("span", { class: "tag-name" }, name));
}

// A line of text with every player's name in it drawn as their tag.
export function withPlayers(text, names) {
  const found = names.map((n, i) => [n, i]).filter(([n]) => n && text.includes(n))
    .sort((a, b) => b[0].length - a[0].length);
  if (!found.length) return [text];
  const pattern = new RegExp(found.map(([n]) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const seatOf = new Map(found);
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(playerTag(m[0], seatOf.get(m[0]), { size: 14 }));
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
