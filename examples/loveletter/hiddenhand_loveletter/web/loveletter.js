// Love Letter: each player's tokens and discards in a row, your hand as cards, and the buttons
// grouped by the card they play. Shipped with the game as package data; the server serves it.
import { badge, card, h } from "/static/dom.js";

const CARD_OF = { guard: "Guard", priest: "Priest", baron: "Baron", prince: "Prince", king: "King" };

function short(a, ctx) {
  const played = a.kind === "play" ? a.text.split(" ")[2] : CARD_OF[a.kind];
  const target = a.kind === "play" ? null : ctx.names[a.args[0]];
  const rest = a.kind === "guard" ? `${target}: ${a.text.split(": ")[1]}` : target ?? a.text.replace(/^play the \w+ ?/, "") || "play";
  return { group: `The ${played}`, text: rest };
}

function render(view, ctx) {
  const rows = ctx.names.map((name, seat) => h("tr", { class: seat === ctx.seat ? "mine" : "" },
    h("th", {}, name, seat === view.turn && !ctx.over ? " ★" : ""),
    h("td", {}, "♥".repeat(view.tokens[seat]) || "—"),
    h("td", {}, view.out[seat] ? badge("out") : view.protected[seat] ? badge("protected") : ""),
    h("td", {}, view.discards[seat].map((c) => card(c, { small: true, title: ctx.texts?.[c] || c }))),
    h("td", {}, view.seen?.[seat] ? card(view.seen[seat], { small: true, note: "seen" }) : "")));
  return h("div", { class: "loveletter panel" },
    h("p", {}, `Round ${view.round} · ${view.deck} cards in the deck · ${view.tokens_to_win} tokens win`),
    view.face_up.length ? h("p", {}, "Set aside face up: ", view.face_up.map((c) => card(c, { small: true }))) : null,
    h("table", { class: "per-seat" },
      h("thead", {}, h("tr", {}, ["player", "tokens", "", "discards", "you saw"].map((t) => h("th", {}, t)))),
      h("tbody", {}, rows)),
    view.hand ? h("p", {}, "Your hand: ", view.hand.map((c) => card(c))) : null);
}

export default { render, short };
