// The table page's "rated" / "unrated" badge in the header, kept current until the game starts
// (who sits down decides it), so everyone knows before the start whether ratings will move.
import { h, api } from "./dom.js";

const id = decodeURIComponent(location.pathname.split("/").pop());

function show(table) {
  const badge = document.getElementById("rated-badge")
    || document.getElementById("title").insertAdjacentElement("afterend", h("span", { id: "rated-badge", class: "badge" }));
  badge.textContent = table.unrated ? "unrated" : "rated";
  badge.title = table.unrated || "every seat is a signed-in player: ratings move when the game ends";
}

async function watch() {
  try {
    const { table } = await api(`/api/tables/${encodeURIComponent(id)}`);
    show(table);
    if (table.status === "open") setTimeout(watch, 3000);
  } catch {
    setTimeout(watch, 10000);
  }
}

watch();
