// The Infected: the zombie threat, every survivor's state, your cards and your secret sample.
// Things on the board act when clicked: a card in your hand to play, equip, give or discard,
// one in your challenge pile to put on its resource pile, an equipped item to use, a survivor
// to target (tests, votes, gifts, wounds), the new threat card to react to, the pile to claim,
// a character to choose. The legal targets light up.
import { artCard } from "/static/art/card.js";
import { characterArt, deckArt, itemArt, itemBack, itemValue, resourceArt, sampleArt, woundArt, zombieArt } from "/static/art/infected.js";
import { settle } from "/static/art/motion.js";
import { badge, h, onBoard } from "/static/dom.js";

const HAND_KINDS = new Set(["play", "equip", "swap", "special_cost", "give", "discard"]);
const EQUIPPED_KINDS = new Set(["use", "react"]);
const SEAT_KINDS = new Set(["destroy_target", "leader_target", "ability_target", "test_target", "take_wound"]);
// Choices about your own character, on its parts of your seat: the ability on its name, the
// special item on its token, healing on the hit points.
const OWN_KINDS = { ability: "character", special: "special", heal: "hitpoints" };

// A zombie card in hand reads "Crawler (1)": its name (which carries the card's text) and its value.
function zombieCard(label, key) {
  const m = /^(.*) \((\d+)\)$/.exec(String(label));
  const name = m ? m[1] : String(label);
  return artCard(name, zombieArt(name), { tone: "crooked", small: true, number: m ? m[2] : null, key, land: true });
}

// An item card: its drawing, its name and its value; `key` tells a card just come to hand.
function itemCard(name, key, { small = false, tone = "special" } = {}) {
  return artCard(name, itemArt(name), { tone, small, number: itemValue(name), key, land: true });
}

// A blood sample shown as badges with a test tube; unknown ones as one token. The key turns
// it over when it comes to light.
function sample(p, i) {
  const known = p.blood_sample;
  return h("span", { class: "sample", "data-key": `inf-sample-${i}`, "data-face": known ? known.join(",") : "unknown" },
    known ? known.map((s) => { const b = badge(s, /virus|infect/i.test(s) ? "bad" : "good"); b.prepend(sampleArt(s)); return b; })
      : h("span", { class: "token" }, "unknown"));
}

// Actions name card kinds in their text ("play a Flare to your challenge pile"): the longest
// of the names on the table that the text names as a whole word is the card it is about.
function named(text, cardNames) {
  let best = null;
  for (const name of cardNames) {
    const at = text.indexOf(` ${name}`);
    const after = text[at + name.length + 1];
    if (at >= 0 && (after === undefined || after === " ") && (!best || name.length > best.length)) best = name;
  }
  return best;
}

function push(map, key, action) {
  if (key === null || key === undefined) return;
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(action);
}

// The legal actions, indexed by what on the board they name.
function targets(legal, view) {
  const mine = view.me ? view.players[view.me.seat] : null;
  const inHand = view.me?.hand || [];
  const equippedNames = (mine?.equipped || []).map((e) => e.item).filter(Boolean);
  const out = {
    byHand: new Map(), byPile: new Map(), byEquipped: new Map(), bySlot: new Map(), bySeat: new Map(),
    byZombie: new Map(), byCharacter: new Map(), byOwn: new Map(), threat: [], pile: [], vote: [], deck: [],
  };
  for (const a of legal) {
    if (HAND_KINDS.has(a.kind)) push(out.byHand, named(a.text, inHand), a);
    if (EQUIPPED_KINDS.has(a.kind)) push(out.byEquipped, named(a.text, equippedNames), a);
    if (a.kind in OWN_KINDS) push(out.byOwn, OWN_KINDS[a.kind], a);
    if (a.kind === "give") push(out.bySeat, a.args[1], a);
    else if (SEAT_KINDS.has(a.kind)) push(out.bySeat, a.args[0], a);
    else if (a.kind === "unequip") push(out.bySlot, a.args[0], a);
    else if (a.kind === "place") push(out.byPile, named(a.text, view.me?.pile || []), a);
    else if (a.kind === "cover") push(out.byZombie, named(a.text, view.me?.zombie_hand || []), a);
    else if (a.kind === "character") push(out.byCharacter, a.text.replace(/^choose the /, ""), a);
    else if (a.kind === "claim") out.pile.push(a);
    else if (a.kind === "vote") out.vote.push(a);
    else if (a.kind === "draw" || a.kind === "draw2") out.deck.push(a);
    if (a.kind === "react" || a.kind === "cover") out.threat.push(a);
  }
  return out;
}

// The fallback buttons, short and grouped: item choices by what they do (a button names the
// card), choices about a survivor under that survivor, the rest under "Your move".
const ITEM_GROUPS = {
  play: "Play to your challenge pile", swap: "Discard to draw new cards", special_cost: "Discard to pay for your special item",
  place: "Put on its resource pile", discard: "Discard (hand limit)", use: "Use an equipped item",
  react: "Use on the new threat card", cover: "Play on top of the new threat card",
};
const SEAT_TEXTS = {
  destroy_target: "Destroy", leader_target: "Make leader", ability_target: "Test blood (ability)",
  test_target: "Test blood", take_wound: "Take a wound card",
};
const MOVES = {
  call_destroy: "Call a destroy vote", call_leader: "Call a leader vote", ability: "Use your ability",
  special: "Equip your special item", draw: "Draw 1 item", draw2: "Draw 2 items", heal: "Heal 1 wound",
  pass: "Take no action", zombify: "Reveal yourself as the infected", use_none: "Use no item",
  react_none: "Let it be", place_none: "Put nothing", equip_done: "Equip no more",
  give_done: "Give no more", take_done: "Take no more",
};
const CLAIMS = { success: "Success: show the pile", fail: "Fail: discard unseen", show: "Fail: show the pile" };

function short(a, ctx) {
  const view = ctx.view || {};
  const who = (seat) => (seat === ctx.seat ? "You" : ctx.names[seat]);
  const cardNames = [...(view.me?.hand || []), ...(view.me?.zombie_hand || []),
    ...((view.me ? view.players[view.me.seat].equipped : []).map((e) => e.item).filter(Boolean))];
  const item = named(a.text, cardNames);
  if (a.kind === "give") return { group: `Give to ${ctx.names[a.args[1]]}`, text: item || a.text };
  if (a.kind === "equip") return { group: a.args[1] ? "Equip face up" : "Equip face down", text: item || a.text };
  if (ITEM_GROUPS[a.kind]) return { group: ITEM_GROUPS[a.kind], text: item || a.text };
  if (SEAT_TEXTS[a.kind]) return { group: who(a.args[0]), text: SEAT_TEXTS[a.kind] };
  if (a.kind === "unequip") return { group: "Discard an equipped item", text: `the ${a.args[0] ? "second" : "first"}` };
  if (a.kind === "character") return { group: "Choose your character", text: a.text.replace(/^choose the /, "") };
  if (a.kind === "claim") return { group: "Claim", text: CLAIMS[a.args[0]] };
  if (a.kind === "vote") return { group: view.vote ? `Vote: ${view.vote.kind === "destroy" ? "destroy" : "make leader"} ${ctx.names[view.vote.target]}?` : "Vote", text: a.args[0] === "yes" ? "For" : "Against" };
  return { group: "Your move", text: MOVES[a.kind] || a.text };
}

// The seat the group's vote destroyed (which ends the game), as the log told everyone.
function destroyedSeat(ctx) {
  const told = (ctx.log || []).filter((event) => event.public && event.kind === "destroyed").pop();
  return told ? told.data.seat : null;
}

// The infected in the open: exposed during play, destroyed by a vote, or shown at the end.
function seatMarks(view, i, ctx) {
  const p = view.players[i];
  const infected = ctx.over && (view.revealed?.blood_samples[i] || []).includes("virus");
  return [
    p.chosen && !ctx.over ? badge("chosen", "good") : null,
    destroyedSeat(ctx) === i ? badge("destroyed", "bad") : null,
    p.exposed ? badge("exposed", "bad") : infected ? badge("infected", "bad") : null,
  ];
}

function seatBox(view, i, ctx, found) {
  const p = view.players[i];
  const names = ctx.names;
  const live = !ctx.over;
  const last = live && ctx.lastEvent?.seats.includes(i);
  const mineSeat = i === ctx.seat;
  const head = h("div", { class: "seat-head" }, h("span", { class: "seat-name" }, names[i], i === view.leader ? " (leader)" : ""),
    h("span", {}, seatMarks(view, i, ctx)));
  onBoard(head, live ? found.bySeat.get(i) || [] : [], ctx);
  const own = (part, el) => onBoard(el, mineSeat && live ? found.byOwn.get(part) || [] : [], ctx);
  const equipped = (p.equipped || []).map((e, slot) => {
    const face = e.item
      ? artCard(e.item, itemArt(e.item), { small: true, tone: e.face_up ? "faceup" : "", note: e.face_up ? "up" : "down", number: itemValue(e.item), key: `inf-equipped-${i}-${slot}` })
      : artCard("", itemBack(), { hidden: true, small: true, note: "down", key: `inf-equipped-${i}-${slot}` });
    const acts = mineSeat && live ? [...(found.bySlot.get(slot) || []), ...(found.byEquipped.get(e.item) || [])] : [];
    return onBoard(face, acts, ctx);
  });
  return h("div", {
    class: ["seat", mineSeat ? "mine" : "", live && ctx.toMove.includes(i) ? "to-move" : "", last ? "last" : "",
      p.exposed ? "exposed" : "", destroyedSeat(ctx) === i ? "destroyed" : ""].filter(Boolean).join(" "),
    "data-seat": i,
    "data-key": `inf-seat-${i}`,
  },
    head,
    p.character ? own("character", h("div", { class: "character" }, characterArt(p.character), h("b", {}, p.character), p.ability ? h("small", {}, ` · ${p.ability}`) : null)) : null,
    h("div", { class: "tokens" },
      p.hitpoints !== null && p.hitpoints !== undefined ? own("hitpoints", h("span", {
        class: "token hitpoints", "data-key": `inf-wounds-${i}`, "data-count": p.wounds || 0, "data-land": "",
        title: `${p.wounds || 0} wound${p.wounds === 1 ? "" : "s"}`,
      }, woundArt(), `❤ ${Math.max(0, p.hitpoints - (p.wounds || 0))}/${p.hitpoints}`)) : null,
      h("span", { class: "token" }, `hand ${p.hand ?? 0}`),
      h("span", { class: "token" }, `pile ${p.pile ?? 0}`),
      p.zombie_cards ? h("span", { class: "token" }, `zombie cards ${p.zombie_cards}`) : null,
      p.special_item ? own("special", h("span", { class: "token" }, `special: ${p.special_item}`)) : null),
    equipped.length ? h("div", { class: "hand" }, equipped) : null,
    h("div", { class: "tokens" }, "sample: ", sample(p, i)));
}

function threatRow(view, ctx, found) {
  const cards = (view.threat || []).map((z, i, all) => {
    const face = artCard(`${z.name}`, zombieArt(z.name), {
      tone: "crooked threat", number: z.counts ?? z.value, title: z.text || "", key: `inf-threat-${i}-${z.name}`, from: "inf-zombie-deck",
    });
    // The reactions all concern the newest threat card, the last one drawn.
    return onBoard(face, i === all.length - 1 && !ctx.over ? found.threat : [], ctx);
  });
  return h("div", { class: "hand" }, cards.length ? cards : h("span", { class: "muted" }, "no zombies up"));
}

function characterRow(ctx, found) {
  if (!found.byCharacter.size) return null;
  return h("div", {},
    h("div", { class: "section-title" }, "Choose your character"),
    h("div", { class: "hand" }, [...found.byCharacter].map(([name, acts]) => onBoard(artCard(name, characterArt(name), { tone: "special" }), acts, ctx))));
}

function myCards(view, ctx, found) {
  const me = view.me;
  if (!me) return null;
  const live = !ctx.over;
  const hand = (me.hand || []).map((name, k) => onBoard(itemCard(name, `inf-hand-${name}-${k}`), live ? found.byHand.get(name) || [] : [], ctx));
  const pile = h("div", { class: "hand pile" }, (me.pile || []).length ? me.pile.map((name, k) => onBoard(itemCard(name, `inf-pile-${name}-${k}`, { small: true, tone: "" }), live ? found.byPile.get(name) || [] : [], ctx)) : h("span", { class: "muted" }, "empty"));
  return h("div", {},
    h("div", { class: "section-title" }, "Your hand"),
    h("div", { class: "hand" }, hand.length ? hand : h("span", { class: "muted" }, "empty")),
    (me.pile || []).length || found.pile.length
      ? [h("div", { class: "section-title" }, "Your challenge pile"), onBoard(pile, live ? found.pile : [], ctx)] : null,
    (me.zombie_hand || []).length ? [h("div", { class: "section-title" }, "Your zombie cards"),
      h("div", { class: "hand" }, me.zombie_hand.map((label, k) => onBoard(zombieCard(label, `inf-zhand-${label}-${k}`), live ? found.byZombie.get(label) || [] : [], ctx)))] : null);
}

function alerts(view, ctx, found) {
  const names = ctx.names;
  const out = [];
  if (view.vote && !ctx.over) {
    out.push(onBoard(h("div", { class: "alert danger vote" }, `Vote: ${view.vote.kind === "destroy" ? "destroy" : "make leader"} ${names[view.vote.target] ?? ""}?`), found.vote, ctx));
  }
  const destroyed = destroyedSeat(ctx);
  if (destroyed !== null) out.push(h("div", { class: "alert danger" }, `${names[destroyed]} was destroyed by the group's vote.`));
  if (ctx.lastEvent && !ctx.over) out.push(h("div", { class: "alert last-action" }, "Last: ", ctx.lastEvent.text));
  return out;
}

function render(view, ctx) {
  const names = ctx.names;
  const found = targets(ctx.over ? [] : ctx.legal, view);
  // From the end game on, the resource cards taken into hands count as collected too.
  const resources = Object.entries(view.resources_collected || view.resources || {}).map(([kind, n]) =>
    h("span", { class: "token resource", "data-key": `inf-resource-${kind}`, "data-count": n, "data-land": "" },
      resourceArt(kind), `${kind}: ${n}${view.resources_needed ? ` / ${view.resources_needed}` : ""}`));
  const itemDeck = onBoard(h("span", { class: "token deck" }, deckArt("item"), `item deck ${view.item_deck ?? "?"}`), found.deck, ctx);
  return settle(h("div", { class: "felt infected" },
    h("div", { class: "noir-head" },
      h("b", {}, `Round ${view.round ?? "-"} · ${view.phase ?? ""}${view.end_game ? " · END GAME" : ""}`),
      h("span", { class: "tokens" },
        h("span", { class: "token deck", "data-key": "inf-zombie-deck" }, deckArt("zombie"), `zombie deck ${view.zombie_deck ?? "?"}`),
        itemDeck)),
    alerts(view, ctx, found),
    characterRow(ctx, found),
    h("div", { class: "section-title" }, `Zombie threat: ${view.threat_sum ?? 0}`),
    threatRow(view, ctx, found),
    h("div", { class: "section-title" }, "Resources"),
    h("div", { class: "tokens" }, resources),
    h("div", { class: "section-title" }, "Survivors"),
    h("div", { class: "seats" }, (view.players || []).map((_, i) => seatBox(view, i, ctx, found))),
    myCards(view, ctx, found),
    (view.tests || []).length ? h("div", {}, h("div", { class: "section-title" }, "Blood tests"),
      h("ul", {}, view.tests.map((t) => h("li", {}, `${names[t.tester]} tested ${names[t.target]}${t.shown ? `: ${[].concat(t.shown).join(", ")}` : ""}`)))) : null));
}

function rules() {
  return h("ul", {},
    h("li", {}, "Everyone chooses at the same time; your choice stays hidden until all have chosen."),
    h("li", {}, "Beat the zombie threat by playing items into your challenge pile; claim success or fail."),
    h("li", {}, "Your blood sample tells whether you are infected: vote wisely on whom to destroy."));
}

export default { render, rules, short };
