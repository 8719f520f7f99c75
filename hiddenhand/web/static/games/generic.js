// The renderer every game gets until it has its own: any view, drawn readably.
// Lists with one entry per seat become a table with the players' names; nested data nests.
import { h, label } from "/static/dom.js";

// A null is "nothing" (no card seen, no value yet): the view leaves out what a seat may not
// know rather than marking it, so a null says nothing of secrets.
function value(v, names) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, "none");
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", { class: "chips" }, v.map((x) => h("span", { class: "chip" }, value(x, names))));
    return h("ol", { class: "nested" }, v.map((x) => h("li", {}, value(x, names))));
  }
  if (typeof v === "object") return fields(v, names);
  return String(v);
}

function fields(obj, names) {
  return h("dl", { class: "fields" }, Object.entries(obj).flatMap(([k, v]) => [h("dt", {}, label(k)), h("dd", {}, value(v, names))]));
}

function render(view, ctx) {
  const n = ctx.names.length;
  const perSeat = [];
  const rest = {};
  for (const [key, v] of Object.entries(view)) {
    if (key === "to_move") continue;
    if (Array.isArray(v) && v.length === n && n > 1) perSeat.push([key, v]);
    else rest[key] = v;
  }
  const board = h("div", { class: "generic panel" });
  if (perSeat.length) {
    board.append(h("table", { class: "per-seat" },
      h("thead", {}, h("tr", {}, h("th", {}, "player"), perSeat.map(([k]) => h("th", {}, label(k))))),
      h("tbody", {}, ctx.names.map((name, seat) => h("tr", { class: seat === ctx.seat ? "mine" : "" },
        h("th", {}, name), perSeat.map(([, v]) => h("td", {}, value(v[seat], ctx.names))))))));
  }
  if (Object.keys(rest).length) board.append(fields(rest, ctx.names));
  return board;
}

export default { render };
