// Card texts on hover and tap: any card, token, chip or badge whose name the game explains
// gets the text as its tooltip, and a tap (or Enter) shows it in a box that also works on phones.
const NAMED = ".card-face, .chip, .token, .badge, .character b, .cell-tags .badge, .suspect-mark";

export function explain(root, texts) {
  if (!texts) return;
  for (const el of root.querySelectorAll(NAMED)) {
    const name = el.textContent.trim();
    const text = texts[name] ?? texts[name.toLowerCase()];
    if (!text) continue;
    const target = el.closest(".card") || el;
    target.title = `${name}: ${text}`;
    target.dataset.tip = `${name}: ${text}`;
    target.classList.add("explained");
    if (!target.hasAttribute("tabindex")) target.tabIndex = 0;
  }
}

export function installTips(box) {
  const show = (el) => {
    box.textContent = el.dataset.tip;
    box.hidden = false;
    clearTimeout(show.timer);
    show.timer = setTimeout(() => { box.hidden = true; }, 6000);
  };
  document.addEventListener("click", (event) => {
    const el = event.target.closest?.("[data-tip]");
    if (el && !el.closest("[data-action]")) show(el);
    else if (!event.target.closest?.("#tip")) box.hidden = true;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.dataset?.tip) show(event.target);
    if (event.key === "Escape") box.hidden = true;
  });
}
