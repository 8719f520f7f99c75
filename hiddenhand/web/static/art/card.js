// A card with its art: the picture, the name as text (what the tips and the tests read), a
// corner number (value, threat) and a short note. `key` names the card across redraws, so
// the motion can tell a card that turned over from a new one.
import { h } from "/static/dom.js";

export function artCard(name, picture, { number = null, tone = "", hidden = false, small = false, title = "", note = "", key = null, from = null, land = false, face = null } = {}) {
  return h("div", {
    class: `card art-card ${tone} ${hidden ? "back" : ""} ${small ? "small" : ""}`,
    title: title || null,
    "data-key": key,
    "data-face": face ?? (hidden ? "back" : name),
    "data-from": from,
    "data-land": land ? "" : null,
  },
  picture,
  hidden ? h("span", { class: "card-back visually-hidden" }, "face down") : h("span", { class: "card-face" }, name),
  number !== null && number !== undefined && number !== "" ? h("span", { class: "card-num", "aria-label": `value ${number}` }, String(number)) : null,
  note ? h("span", { class: "card-note" }, note) : null);
}

// A token with its picture and its word: guns, wounds, dice faces, resources, markers.
export function artToken(word, picture, { cls = "", key = null, title = "", count = null, land = true } = {}) {
  return h("span", {
    class: `token art-token ${cls}`,
    title: title || null,
    "data-key": key,
    "data-count": count,
    "data-land": land ? "" : null,
  }, picture, h("span", { class: "token-word" }, word));
}
