// Good Cop Bad Cop: every cop's three integrity cards, guns and aims, equipment, your team, and
// with Zombies the dice, Arms, infection tokens and zombies. Things on the board act when clicked:
// a card to investigate (or reveal, swap, look at), a cop to aim at, shoot or target, an
// equipment card to play or discard. The legal targets light up.
import { dieArt, equipmentArt, integrityArt, tokenArt } from "/static/art/goodcop.js";
import { artCard, artToken } from "/static/art/card.js";
import { settle } from "/static/art/motion.js";
import { badge, h, onBoard } from "/static/dom.js";

const TONES = { honest: "honest", crooked: "crooked", agent: "special honest-leader", kingpin: "special crooked-leader", infector: "crooked" };
const LABELS = { honest: "Honest", crooked: "Crooked", agent: "Agent", kingpin: "Kingpin", infector: "Infector" };
const SEAT_KINDS = new Set(["aim", "shoot"]);

// An integrity card, drawn; its wound and infection tokens lie on it. `key` follows the card's
// place (seat and slot), so a card turning over there is seen to turn.
function integrity(c, over, seat, slot) {
  const wounded = c?.wounded ? " wounded" : "";
  const infected = c?.infected ? " infected" : "";
  const notes = [c?.wounded ? "wounded" : "", c?.infected ? "infection" : ""].filter(Boolean);
  const key = `gc-card-${seat}-${slot}`;
  // Marks on the card, not tokens of their own: the card's tip stays the card's text.
  const mark = (kind, cls) => h("span", { class: `card-mark ${cls}`, "data-key": `gc-${kind}-${seat}-${slot}`, "data-land": "", title: kind }, tokenArt(kind));
  const marks = [c?.wounded ? mark("wounded", "wound") : null, c?.infected ? mark("infection", "infection") : null];
  if (!c || c.card === null || c.card === undefined) {
    const back = artCard("", integrityArt(null), { hidden: true, tone: `${wounded}${infected}`, note: notes.join(" · "), key });
    back.append(...marks.filter(Boolean));
    return back;
  }
  const seen = c.revealed ? "face up" : over ? "" : "you know";
  const face = artCard(LABELS[c.card] || c.card, integrityArt(c.card), {
    tone: `${TONES[c.card] || ""} ${c.revealed ? "faceup" : ""}${wounded}${infected}`,
    note: [seen, ...notes].filter(Boolean).join(" · "),
    title: c.revealed ? "revealed to everyone" : over ? "" : "only you know this",
    key,
  });
  face.append(...marks.filter(Boolean));
  return face;
}

// An equipment card, drawn; `key` tells a card just drawn from one held before.
function equipment(title, key, small = false) {
  return artCard(title, equipmentArt(title), { tone: "special", key, small, land: true });
}

// A gun (or a zombie's Arms) in front of a cop; `aim` is where it points, so the page can
// show it travel there when the cop aims.
function weapon(kind, seat, aim) {
  const el = artToken(kind, tokenArt(kind === "arms" ? "arms" : "gun"), { cls: "gun", key: `gc-${kind}-${seat}` });
  if (aim !== null && aim !== undefined) el.dataset.aim = `gc-seat-${aim}`;
  return el;
}

// The legal actions, indexed by what on the board they name.
function targets(legal, seat) {
  const byCard = new Map();
  const bySeat = new Map();
  const byTitle = new Map();
  const add = (map, key, a) => { if (!map.has(key)) map.set(key, []); map.get(key).push(a); };
  for (const a of legal) {
    const [x, y, z] = a.args;
    if (a.kind === "investigate") add(byCard, `${x}:${y}`, a);
    else if (a.kind === "reveal") add(byCard, `${seat}:${x}`, a);
    else if (a.kind === "card") add(byCard, `${y}:${z}`, a);
    else if (SEAT_KINDS.has(a.kind)) add(bySeat, x, a);
    else if (a.kind === "target") add(bySeat, y, a);
    else if (a.kind === "evidence") add(bySeat, x, a);
    else if (a.kind === "play" || a.kind === "discard") add(byTitle, x, a);
  }
  return { byCard, bySeat, byTitle };
}

const SLOTS = ["left", "middle", "right"];

// The fallback buttons, short and grouped: under the cop they concern, else by what they do.
function short(a, ctx) {
  const [x, y, z] = a.args;
  const who = (seat) => (seat === ctx.seat ? "You" : ctx.names[seat]);
  switch (a.kind) {
    case "investigate": return { group: who(x), text: `Investigate ${SLOTS[y]}` };
    case "shoot": return { group: who(x), text: "Shoot" };
    case "aim": return { group: who(x), text: "Aim here" };
    case "reveal": return { group: "Reveal one of your cards", text: SLOTS[x] };
    case "play": return { group: "Play equipment", text: x };
    case "discard": return { group: "Discard equipment", text: x };
    case "target": return { group: who(y), text: x };
    case "card": return { group: who(y), text: `${x}: ${SLOTS[z]}` };
    case "evidence": return { group: who(x), text: x === "hand" ? "Take their hand" : `Take ${y}` };
    case "die": return { group: "Re-roll a die", text: `die ${x + 1}` };
    case "name": return { group: "Name", text: `the ${x}` };
    case "order": return { group: "Lay your cards, left to right", text: a.args.join(" · ") };
    default: return { group: "Your move", text: a.text.split(":")[0] };
  }
}

function diceRow(view, names) {
  const d = view.dice;
  if (!d) return null;
  return h("div", { class: "dice", "aria-label": "last zombie dice roll" },
    h("span", {}, `${names[d.by]} rolled the ${d.die} dice: `),
    d.faces.map((f, i) => h("span", { class: `die die-${f}`, "data-key": `gc-die-${i}`, "data-face": f, "data-land": "" },
      dieArt(f), h("span", { class: "token" }, f))));
}

function render(view, ctx) {
  const names = ctx.names;
  const players = view.players || [];
  const toMove = new Set(view.to_move || []);
  const { byCard, bySeat, byTitle } = targets(ctx.legal, ctx.seat);
  const last = ctx.lastEvent;
  const seats = players.map((p, i) => {
    const head = h("div", { class: "seat-head" }, h("span", { class: "seat-name" }, names[i],
      i === view.turn ? h("span", { class: "turn-star", title: "★ this cop's turn", "aria-label": "this cop's turn" }, " ★") : null),
      h("span", {}, p.team ? badge(p.team, p.team === "honest" ? "good" : p.team === "crooked" ? "bad" : "") : null,
        p.zombie && p.team !== "zombie" ? badge("zombie", "bad") : null,
        p.alive === false ? badge("out", "") : null));
    onBoard(head, ctx.over ? [] : bySeat.get(i) || [], ctx);
    return h("div", {
      class: `seat ${i === ctx.seat ? "mine" : ""} ${p.alive === false ? "out" : ""} ${toMove.has(i) && !ctx.over ? "to-move" : ""} ${i === view.turn && !ctx.over ? "turn" : ""} ${last && !ctx.over && last.seats.includes(i) ? "last" : ""} ${p.zombie ? "zombie" : ""}`,
      "data-seat": i,
      "data-key": `gc-seat-${i}`,
    },
      head,
      h("div", { class: "hand" }, (p.cards || []).map((c, s) => onBoard(integrity(c, ctx.over, i, s), ctx.over ? [] : byCard.get(`${i}:${s}`) || [], ctx))),
      h("div", { class: "tokens" },
        p.armed ? weapon("gun", i, p.aim) : null,
        p.arms ? weapon("arms", i, p.aim) : null,
        (p.armed || p.arms) && p.aim !== null && p.aim !== undefined ? h("span", { class: "aim" }, `→ ${names[p.aim]}`) : null,
        p.hand ? h("span", { class: "token", title: "equipment cards in hand" }, `${p.hand} equipment`) : null,
        (p.front || []).map((t) => equipment(t, `gc-front-${i}-${t}`, true))));
  });
  const info = [
    h("span", { class: "token", title: "the phase of the turn" }, `phase: ${view.phase}`),
    h("span", { class: "token", title: "the order of turns" }, `play goes ${view.direction}`),
    h("span", { class: "token", title: "guns left to take by arming" }, `guns in the centre: ${view.guns_in_centre}`),
    h("span", { class: "token", title: "cards left to draw by equipping" }, `equipment deck: ${view.deck}`),
  ];
  if (view.zombies) info.push(h("span", { class: "token", title: "Arms left for new zombies" }, `arms in the centre: ${view.arms_in_centre}`));
  if (view.coffee !== null && view.coffee !== undefined) info.push(h("span", { class: "token" }, `next: ${names[view.coffee]} (Coffee)`));
  if (view.alarm !== null && view.alarm !== undefined) info.push(h("span", { class: "token" }, `Alarm Clock on ${names[view.alarm]}`));
  const alerts = [];
  if (view.resolving && !ctx.over) alerts.push(h("div", { class: "alert" }, `${names[view.resolving.by]} plays `, h("span", { class: "chip" }, view.resolving.card)));
  if (view.shot && !ctx.over) alerts.push(h("div", { class: "alert danger" }, `${names[view.shot.shooter]} is shooting at ${names[view.shot.target]}!`));
  if (last && !ctx.over) alerts.push(h("div", { class: "alert last-action" }, "Last: ", last.text));
  const hand = (view.hand || []).map((t, k) => onBoard(equipment(t, `gc-hand-${t}-${k}`), ctx.over ? [] : byTitle.get(t) || [], ctx));
  return settle(h("div", { class: "felt goodcop" },
    h("div", { class: "noir-head" },
      h("span", {}, view.team ? h("b", {}, `You are on the ${view.team} team`) : h("b", {}, ctx.seat === null ? "You are watching" : "")),
      h("span", { class: "tokens" }, info)),
    alerts,
    diceRow(view, names),
    h("div", { class: "seats" }, seats),
    h("p", { class: "legend" }, "★ marks the cop whose turn it is; a lit card or name can be chosen."),
    ctx.seat !== null ? h("div", {}, h("div", { class: "section-title" }, "Your equipment"),
      h("div", { class: "hand" }, hand.length ? hand : h("span", { class: "muted" }, "none"))) : null,
    (view.discard || []).length ? h("div", {}, h("div", { class: "section-title" }, "Discard pile"),
      h("div", { class: "hand discard" }, view.discard.map((t, k) => equipment(t, `gc-discard-${k}`, true)))) : null));
}

function rules() {
  return h("ul", {},
    h("li", {}, "Your team is decided by your three integrity cards: the Agent or Kingpin decides it, otherwise the majority."),
    h("li", {}, "On your turn: Investigate (click a face-down card), Arm, Equip or Shoot (click the cop you aim at). Arming and equipping reveal one of your cards."),
    h("li", {}, "Honest wins when the Kingpin is eliminated, crooked when the Agent is. A leader survives the first shot."),
    h("li", {}, "Cards marked \u201cyou know\u201d are seen only by you; \u201cface up\u201d cards are seen by everyone. Tap any card for its text."));
}

export default { render, rules, short };
