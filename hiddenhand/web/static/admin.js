// The operators' page: reports with the chat they came with, live tables to end, bans and
// mutes by name, and the audit log. Every call is refused (403) to anyone but an operator.
import { h, clear, api } from "./dom.js";
import { accountBox } from "./account.js";

const el = (id) => document.getElementById(id);
const when = (seconds) => new Date(seconds * 1000).toLocaleString();

async function act(kind, name, reason) {
  try {
    const done = await api(`/api/admin/players/${encodeURIComponent(name)}/${kind}`, { reason });
    el("act-note").textContent = kind === "ban" ? `Banned ${done.banned}: ${done.sessions} sessions ended.` : `Done: ${kind} ${name}.`;
  } catch (e) { el("act-note").textContent = e.message; }
  load();
}

async function endTable(id) {
  const reason = prompt(`End table ${id}? Say why (its players are told).`);
  if (!reason || !reason.trim()) return;
  try { await api(`/api/admin/tables/${encodeURIComponent(id)}/end`, { reason }); } catch (e) { el("admin-error").textContent = e.message; }
  load();
}

async function load() {
  let reports, tables, audit;
  try {
    [{ reports }, { tables }, { audit }] = await Promise.all(
      ["/api/admin/reports", "/api/admin/tables", "/api/admin/audit"].map((path) => api(path)));
  } catch (e) {
    el("admin-error").textContent = e.message;
    for (const id of ["admin", "reports-panel", "tables-panel", "audit-panel"]) el(id).hidden = true;
    return;
  }
  el("admin-error").textContent = "";
  for (const id of ["admin", "reports-panel", "tables-panel", "audit-panel"]) el(id).hidden = false;
  el("no-reports").hidden = reports.length > 0;
  clear(el("reports"), reports.map((r) => h("tr", { class: "report-row", dataset: { report: r.id } },
    h("td", {}, r.id),
    h("td", {}, when(r.created)),
    h("td", {}, r.reporter),
    h("td", {}, r.account ? h("a", { href: `/profile/${encodeURIComponent(r.reported)}` }, r.reported) : `${r.reported} (a guest)`),
    h("td", {}, r.table ? h("a", { href: `/t/${encodeURIComponent(r.table)}` }, r.table) : "—"),
    h("td", {}, h("p", {}, r.reason),
      r.chat.length ? h("details", {}, h("summary", {}, `chat (${r.chat.length} ${r.chat.length === 1 ? "line" : "lines"})`),
        h("ol", { class: "chat" }, r.chat.map((c) => h("li", {}, h("b", {}, c.name, ": "), c.text)))) : null),
    h("td", {}, r.account ? h("button", { type: "button", class: "ban", onclick: () => act("ban", r.reported, `report ${r.id}: ${r.reason}`) }, "Ban") : null))));
  clear(el("live-tables"), tables.map((t) => h("tr", { dataset: { table: t.id } },
    h("td", {}, h("a", { href: `/t/${encodeURIComponent(t.id)}` }, t.id)),
    h("td", {}, t.title),
    h("td", {}, t.status),
    h("td", {}, t.names.filter((n) => n).join(", ")),
    h("td", {}, h("button", { type: "button", class: "ghost", onclick: () => endTable(t.id) }, "End")))));
  clear(el("audit"), audit.map((a) => h("tr", { class: "audit-row" },
    h("td", {}, when(a.at)), h("td", {}, a.operator), h("td", {}, a.act), h("td", {}, a.target), h("td", {}, a.detail))));
}

for (const button of document.querySelectorAll("[data-act]")) {
  button.addEventListener("click", () => {
    const name = el("act-name").value.trim();
    if (name) act(button.dataset.act, name, el("act-reason").value.trim());
  });
}
accountBox(el("account-box"), load).then(load);
