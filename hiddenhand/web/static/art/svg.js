// Drawing helpers for the cards' art: SVG elements built from our own markup (never from
// text a player typed), each marked with the face it shows (`data-art`), so that a missing
// drawing is visible in tests.
const NS = "http://www.w3.org/2000/svg";

// An SVG picture of one face: `inner` is markup drawn in a 40x40 box.
export function picture(face, inner, { cls = "art", label = "" } = {}) {
  const el = document.createElementNS(NS, "svg");
  el.setAttribute("viewBox", "0 0 40 40");
  el.setAttribute("class", cls);
  el.dataset.art = face;
  if (label) { el.setAttribute("role", "img"); el.setAttribute("aria-label", label); }
  else el.setAttribute("aria-hidden", "true");
  el.innerHTML = inner;
  return el;
}

// A card's face id: lowercase words joined by dashes ("K-9 Unit" -> "k-9-unit").
export function slug(name) {
  return String(name).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

// A plate behind a motif: a rounded square in the card's colour.
export function plate(fill, stroke = "none") {
  return `<rect x="1" y="1" width="38" height="38" rx="6" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/>`;
}
