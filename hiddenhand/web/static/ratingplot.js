// A rating as players read it, and its history as a small inline SVG line: one point per rated
// game, oldest first. The numbers are the server's (one mapping from openskill, see the README).
import { h } from "./dom.js";

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

// "1462" and, below the number of games that makes it settled, a "provisional" mark.
export function ratingText(rating, provisional) {
  return h("span", { class: "rating-text" }, h("span", { class: "rating-value" }, String(rating)),
    provisional ? h("span", { class: "provisional", title: "fewer than 10 rated games: this number will still move a lot" }, "provisional") : null);
}

export function ratingPlot(points, start = 1500, width = 320, height = 90) {
  const pad = 8;
  const plot = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "rating-plot", role: "img" });
  const line = [{ rating: start }, ...points];  // everyone starts at the same number
  const values = line.map((p) => p.rating);
  const low = Math.min(...values), high = Math.max(...values);
  const span = high - low || 1;
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, line.length - 1);
  const y = (v) => height - pad - ((v - low) / span) * (height - 2 * pad);
  plot.append(svg("line", { x1: pad, x2: width - pad, y1: y(start), y2: y(start), class: "zero" }));
  plot.append(svg("polyline", { points: line.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), fill: "none" }));
  points.forEach((p, i) => {
    const dot = svg("circle", { cx: x(i + 1), cy: y(p.rating), r: 3 });
    const title = svg("title", {});
    title.textContent = `${p.rating} after table ${p.table}`;
    dot.append(title);
    plot.append(dot);
  });
  const label = svg("title", {});
  label.textContent = `rating over ${points.length} rated games, from ${start}`;
  plot.prepend(label);
  return plot;
}
