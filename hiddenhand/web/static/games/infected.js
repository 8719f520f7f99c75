// The Infected: the zombie threat, every survivor's state, your cards and your secret sample.
import { badge, card, h } from "/static/dom.js";

function render(view, ctx) {
  const names = ctx.names;
  const players = view.players || [];
  const toMove = new Set(view.to_move || []);
  const me = view.me || null;
  const threat = (view.threat || []).map((z) => card(`${z.name}`, { tone: "crooked", note: `${z.counts ?? z.value}`, title: z.text || "" }));
  const resources = Object.entries(view.resources || {}).map(([kind, n]) =>
    h("span", { class: "token" }, `${kind}: ${n}${view.resources_needed ? ` / ${typeof view.resources_needed === "object" ? view.resources_needed[kind] ?? "" : view.resources_needed}` : ""}`));
  const seats = players.map((p, i) => h("div", {
    class: `seat ${i === ctx.seat ? "mine" : ""} ${toMove.has(i) ? "to-move" : ""} ${p.exposed ? "exposed" : ""}`,
  },
    h("div", { class: "seat-head" }, h("span", {}, names[i], i === view.leader ? " (leader)" : ""),
      h("span", {}, p.chosen ? badge("chosen", "good") : null, p.exposed ? badge("exposed", "bad") : null)),
    p.character ? h("div", { class: "character" }, h("b", {}, p.character), p.ability ? h("small", {}, ` · ${p.ability}`) : null) : null,
    h("div", { class: "tokens" },
      p.hitpoints !== null && p.hitpoints !== undefined ? h("span", { class: "token" }, `❤ ${Math.max(0, p.hitpoints - (p.wounds || 0))}/${p.hitpoints}`) : null,
      h("span", { class: "token" }, `hand ${p.hand ?? 0}`),
      h("span", { class: "token" }, `pile ${p.pile ?? 0}`),
      p.zombie_cards ? h("span", { class: "token" }, `zombie cards ${p.zombie_cards}`) : null,
      p.special_item ? h("span", { class: "token" }, `special: ${p.special_item}`) : null),
    (p.equipped || []).length ? h("div", { class: "hand" }, p.equipped.map((e) => card(e.item || "", { hidden: !e.item, small: true, tone: e.face_up ? "faceup" : "", note: e.face_up ? "up" : "down" }))) : null,
    h("div", { class: "tokens" }, "sample: ",
      p.blood_sample ? p.blood_sample.map((s) => badge(s, /virus|infect/i.test(s) ? "bad" : "good")) : h("span", { class: "token" }, "unknown"))));
  return h("div", { class: "felt infected" },
    h("div", { class: "noir-head" },
      h("b", {}, `Round ${view.round ?? "-"} · ${view.phase ?? ""}${view.end_game ? " · END GAME" : ""}`),
      h("span", { class: "tokens" },
        h("span", { class: "token" }, `zombie deck ${view.zombie_deck ?? "?"}`),
        h("span", { class: "token" }, `item deck ${view.item_deck ?? "?"}`),
        view.vote ? h("span", { class: "token" }, `vote to ${view.vote.kind} ${names[view.vote.target] ?? ""}`) : null)),
    h("div", { class: "section-title" }, `Zombie threat: ${view.threat_sum ?? 0}`),
    h("div", { class: "hand" }, threat.length ? threat : h("span", { class: "muted" }, "no zombies up")),
    h("div", { class: "section-title" }, "Resources"),
    h("div", { class: "tokens" }, resources),
    h("div", { class: "section-title" }, "Survivors"),
    h("div", { class: "seats" }, seats),
    me ? h("div", {},
      h("div", { class: "section-title" }, "Your hand"),
      h("div", { class: "hand" }, (me.hand || []).length ? me.hand.map((c) => card(c, { tone: "special" })) : h("span", { class: "muted" }, "empty")),
      (me.pile || []).length ? [h("div", { class: "section-title" }, "Your challenge pile"), h("div", { class: "hand" }, me.pile.map((c) => card(c, { small: true })))] : null,
      (me.zombie_hand || []).length ? [h("div", { class: "section-title" }, "Your zombie cards"), h("div", { class: "hand" }, me.zombie_hand.map((c) => card(String(c), { tone: "crooked", small: true })))] : null) : null,
    (view.tests || []).length ? h("div", {}, h("div", { class: "section-title" }, "Blood tests"),
      h("ul", {}, view.tests.map((t) => h("li", {}, `${names[t.tester]} tested ${names[t.target]}${t.shown ? `: ${[].concat(t.shown).join(", ")}` : ""}`)))) : null);
}

function rules() {
  return h("ul", {},
    h("li", {}, "Everyone chooses at the same time; your choice stays hidden until all have chosen."),
    h("li", {}, "Beat the zombie threat by playing items into your challenge pile; claim success or fail."),
    h("li", {}, "Your blood sample tells whether you are infected: vote wisely on whom to destroy."));
}

export default { render, rules };
