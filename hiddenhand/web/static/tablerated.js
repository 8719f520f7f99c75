// The table page's header labels, redrawn with every table message: whether the game is rated
// (and why not, the moment that changes: a seat handed to a bot, a guest sitting down), and
// what the turn clock gives (each move adds to a bank that runs down while a person decides).
import { h } from "./dom.js";

export function clockTime(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// The labels go in the header's row for them where the page has one, else after the title.
function label(id, after) {
  const made = () => h("span", { id, class: id === "rated-badge" ? "badge" : "muted header-note" });
  const row = document.getElementById("labels");
  return document.getElementById(id)
    || (row ? row.appendChild(made()) : document.getElementById(after).insertAdjacentElement("afterend", made()));
}

export function showLabels(table) {
  const badge = label("rated-badge", "title");
  badge.textContent = table.unrated ? "unrated" : "rated";
  badge.title = table.unrated || "every seat is a signed-in player: ratings move when the game ends";
  const reason = label("rated-reason", "rated-badge");
  reason.textContent = table.unrated ? table.unrated : "";
  reason.hidden = !table.unrated;
  const clock = label("clock-rule", "rated-reason");
  clock.textContent = table.clock
    ? `clock: +${table.clock} s a move, banked up to ${clockTime(table.bank_max || table.clock * 5)}`
    : "no clock";
  clock.title = table.clock
    ? "Each decision adds this to the player's time bank; the bank runs down while they decide. When it runs out, a bot decides for them."
    : "";
}
