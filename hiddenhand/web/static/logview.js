// The game log as people read it: each line with an icon for its kind of action and the
// players' names in their colours, and a separator where a new turn or round begins.
import { h } from "/static/dom.js";
import { withPlayers } from "/static/avatars.js";

// Icons by event kind (every game's kinds), each with the words a screen reader gets instead.
const ICONS = {
  investigate: ["⌕", "investigation"], look: ["⌕", "a look"], saw: ["⌕", "what you saw"], polygraph: ["⌕", "polygraph"],
  aim: ["◎", "aim"], walkie: ["◎", "aim"], deflect: ["◎", "aim"], arm: ["⚔", "gun"], k9: ["⚔", "gun"], taser: ["⚔", "gun"],
  shoot: ["✹", "shot"], shot: ["✹", "shot"], wounded: ["✚", "wound"], wound: ["✚", "wound"], take_wound: ["✚", "wound"],
  healed: ["✚", "healed"], heal: ["✚", "healed"], revived: ["♥", "revived"], eliminated: ["✖", "out"], destroyed: ["✖", "out"],
  equip: ["▣", "equipment"], drew: ["▣", "card drawn"], draw: ["▣", "cards drawn"], play: ["▶", "card played"],
  placed: ["▶", "card played"], discard: ["▽", "discard"], unequip: ["▽", "discard"], reveal: ["◐", "reveal"],
  ordered: ["☰", "cards laid down"], blackmail: ["⇄", "swap"], evidence: ["⇄", "hand over"], give: ["⇄", "gift"],
  gave: ["⇄", "gift"], gift: ["⇄", "gift"], received: ["⇄", "gift"], coffee: ["☕", "coffee"], smoke: ["↺", "order reversed"],
  kill: ["☠", "kill"], "kill-target": ["☠", "kill"], "inspector-killed": ["☠", "kill"], arrest: ["⚖", "arrest"],
  shift: ["⇆", "shift"], collapse: ["▦", "board shrinks"], exonerate: ["✔", "exonerate"], exonerated: ["✔", "exonerate"],
  disguise: ["☺", "disguise"], "disguise-failed": ["☺", "disguise"], identity: ["☺", "identity"], "your-identity": ["☺", "identity"],
  threat: ["☣", "threat"], threat_sum: ["☣", "threat"], threat_ends: ["☣", "threat"], cover: ["☣", "threat"],
  claim: ["⚑", "claim"], all_fail: ["⚑", "claim"], use: ["✦", "item used"], react: ["✦", "item used"],
  blood_test: ["⚗", "blood test"], sample: ["⚗", "blood sample"], vote: ["☑", "vote"], votes: ["☑", "vote"],
  call: ["☑", "vote"], spared: ["☑", "vote"], exposed: ["☣", "exposed"], over: ["★", "game over"], game_over: ["★", "game over"],
  draw_game: ["★", "game over"],
};

// The events that open a new turn or round, and how the separator reads.
function separatorOf(event, game, turn) {
  if (event.kind === "turn") return event.text.replace(/\.$/, "");
  if (event.kind === "round") return `Round ${event.data?.round ?? ""}`.trim();
  if (game === "noir" && ["kill", "arrest", "shift", "exonerate", "disguise", "disguise-failed"].includes(event.kind)) {
    return `Turn ${turn}`;
  }
  return null;
}

export function icon(kind) {
  const [glyph, words] = ICONS[kind] || ["•", ""];
  return h("span", { class: `log-icon kind-${kind}`, "aria-hidden": "true", title: words || null }, glyph);
}

// The log's items for `events` (the page's `{kind, text, public, data}`), `extra(event)` adding
// lines after an event (the table's notes). `game` picks how turns are told apart.
export function logItems(events, names, game, extra = () => []) {
  const items = [];
  let turn = 0;
  for (const e of events) {
    const separator = e.public ? separatorOf(e, game, turn + 1) : null;
    if (separator !== null) {
      turn += 1;
      items.push(h("li", { class: "log-turn" },
        h("span", {}, withPlayers(separator, names))));
      if (e.kind === "turn" || e.kind === "round") { items.push(extra(e)); continue; }
    }
    items.push(h("li", { class: `log-line ${e.public ? "" : "secret"}`, "data-kind": e.kind, title: e.public ? null : "only you see this" },
      icon(e.kind), e.public ? null : h("span", { class: "secret-tag" }, "only you"),
      h("span", { class: "log-text" }, withPlayers(e.text, names))), extra(e));
  }
  return items;
}
