// A rating's history as a small inline SVG line: one point per rated game, oldest first.
const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export function ratingPlot(points, width = 320, height = 90) {
  const pad = 8;
  const plot = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "rating-plot", role: "img" });
  const line = [{ rating: 0 }, ...points];  // everyone starts at 0
  const values = line.map((p) => p.rating);
  const low = Math.min(...values), high = Math.max(...values);
  const span = high - low || 1;
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, line.length - 1);
  const y = (v) => height - pad - ((v - low) / span) * (height - 2 * pad);
  plot.append(svg("line", { x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "zero" }));
  plot.append(svg("polyline", { points: line.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), fill: "none" }));
  points.forEach((p, i) => {
    const dot = svg("circle", { cx: x(i + 1), cy: y(p.rating), r: 3 });
    const title = svg("title", {});
    title.textContent = `${p.rating.toFixed(2)} after table ${p.table}`;
    dot.append(title);
    plot.append(dot);
  });
  const label = svg("title", {});
  label.textContent = `rating over ${points.length} rated games, from 0`;
  plot.prepend(label);
  return plot;
}
