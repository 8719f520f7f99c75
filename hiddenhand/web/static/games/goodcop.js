// Good Cop Bad Cop: every cop's three integrity cards, guns and aims, equipment, and your team.
import { badge, card, h } from "/static/dom.js";

const TONES = { honest: "honest", crooked: "crooked", agent: "special honest-leader", kingpin: "special crooked-leader" };
const LABELS = { honest: "Honest", crooked: "Crooked", agent: "Agent", kingpin: "Kingpin" };

function integrity(c, over) {
  const wounded = c?.wounded ? " wounded" : "";
  if (!c || c.card === null || c.card === undefined) {
    return card("", { hidden: true, tone: wounded, note: wounded ? "wounded" : "" });
  }
  const seen = c.revealed ? "face up" : over ? "" : "you know";
  return card(LABELS[c.card] || c.card, {
    tone: `${TONES[c.card] || ""} ${c.revealed ? "faceup" : ""}${wounded}`,
    note: wounded ? `${seen} · wounded` : seen,
    title: c.revealed ? "revealed to everyone" : over ? "" : "only you know this",
  });
}

function render(view, ctx) {
  const names = ctx.names;
  const players = view.players || [];
  const toMove = new Set(view.to_move || []);
  const seats = players.map((p, i) => h("div", {
    class: `seat ${i === ctx.seat ? "mine" : ""} ${p.alive === false ? "out" : ""} ${toMove.has(i) ? "to-move" : ""} ${i === view.turn ? "turn" : ""}`,
  },
    h("div", { class: "seat-head" }, h("span", {}, names[i], i === view.turn ? " ★" : ""),
      h("span", {}, p.team ? badge(p.team, p.team === "honest" ? "good" : p.team === "crooked" ? "bad" : "") : null,
        p.alive === false ? badge("out", "") : null)),
    h("div", { class: "hand" }, (p.cards || []).map((c) => integrity(c, ctx.over))),
    h("div", { class: "tokens" },
      p.armed ? h("span", { class: "token gun" }, "gun ", p.aim !== null && p.aim !== undefined ? `aims at ${names[p.aim]}` : "armed") : null,
      p.hand ? h("span", { class: "token" }, `${p.hand} equipment`) : null,
      (p.front || []).map((t) => h("span", { class: "token" }, t)))));
  const info = [
    h("span", { class: "token" }, `phase: ${view.phase}`),
    h("span", { class: "token" }, `play goes ${view.direction}`),
    h("span", { class: "token" }, `guns in the centre: ${view.guns_in_centre}`),
    h("span", { class: "token" }, `equipment deck: ${view.deck}`),
  ];
  if (view.coffee !== null && view.coffee !== undefined) info.push(h("span", { class: "token" }, `next: ${names[view.coffee]} (Coffee)`));
  const alerts = [];
  if (view.resolving) alerts.push(h("div", { class: "alert" }, `${names[view.resolving.by]} plays ${view.resolving.card}`));
  if (view.shot) alerts.push(h("div", { class: "alert danger" }, `${names[view.shot.shooter]} is shooting at ${names[view.shot.target]}!`));
  return h("div", { class: "felt goodcop" },
    h("div", { class: "noir-head" },
      h("span", {}, view.team ? h("b", {}, `You are on the ${view.team} team`) : h("b", {}, ctx.seat === null ? "You are watching" : "")),
      h("span", { class: "tokens" }, info)),
    alerts,
    h("div", { class: "seats" }, seats),
    ctx.seat !== null ? h("div", {}, h("div", { class: "section-title" }, "Your equipment"),
      h("div", { class: "hand" }, (view.hand || []).length ? view.hand.map((t) => card(t, { tone: "special" })) : h("span", { class: "muted" }, "none"))) : null,
    (view.discard || []).length ? h("div", {}, h("div", { class: "section-title" }, "Discard pile"),
      h("div", { class: "chips" }, view.discard.map((t) => h("span", { class: "chip" }, t)))) : null);
}

function rules() {
  return h("ul", {},
    h("li", {}, "Your team is decided by your three integrity cards: the Agent or Kingpin decides it, otherwise the majority."),
    h("li", {}, "On your turn: Investigate, Arm, Equip or Shoot. Arming and equipping reveal one of your cards."),
    h("li", {}, "Honest wins when the Kingpin is eliminated, crooked when the Agent is. A leader survives the first shot."),
    h("li", {}, "Cards marked \u201cyou know\u201d are seen only by you; \u201cface up\u201d cards are seen by everyone."));
}

export default { render, rules };
