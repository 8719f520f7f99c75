// Portraits drawn from a few parts (skin, hair, eyes, mouth, hat, glasses, whiskers), chosen
// by a number: NOIR's 25 suspects each get a different mix, The Infected's survivors a hat for
// their trade, its zombies green skin and a different look per name.
const INK = "#2b2622";
const SKINS = ["#f1c9a5", "#d9a27a", "#a8714a", "#7a4b2e", "#e8b896"];
const HAIRS = ["#2b2622", "#6f4a2a", "#c9a56a", "#9a9a9a", "#8c2f39"];
const COATS = ["#3b4a6b", "#6b3b3b", "#3b6b55", "#5a4a3a", "#4a3b6b", "#2e2e2e", "#7a6a3a"];

const HAIR = [
  (c) => `<path d="M11 20c0-9 18-9 18 0-3-4-15-4-18 0z" fill="${c}"/>`,
  (c) => `<path d="M10 24c-1-13 21-13 20 0l-2-6c-4 2-12 2-16 0z" fill="${c}"/>`,
  (c) => `<path d="M10 30c-3-18 23-18 20 0l-1-10c-5-2-13-2-18 0z" fill="${c}"/>`,
  (c) => `<path d="M11 18c2-6 16-6 18 0l-4-2-5 2-5-2z" fill="${c}"/>`,
  (c) => `<circle cx="20" cy="9" r="4" fill="${c}"/><path d="M11 19c0-9 18-9 18 0-4-3-14-3-18 0z" fill="${c}"/>`,
];
const MOUTHS = [
  `<path d="M17 28c2 1.5 4 1.5 6 0" fill="none" stroke="${INK}" stroke-width="1.2" stroke-linecap="round"/>`,
  `<path d="M17 28h6" stroke="${INK}" stroke-width="1.2" stroke-linecap="round"/>`,
  `<path d="M17 29c2-1.5 4-1.5 6 0" fill="none" stroke="${INK}" stroke-width="1.2" stroke-linecap="round"/>`,
  `<ellipse cx="20" cy="28.5" rx="2" ry="1.2" fill="${INK}"/>`,
  `<path d="M16.5 27.5c2 2.5 5 2.5 7 0z" fill="#fff" stroke="${INK}" stroke-width="1"/>`,
];
const EXTRAS = [
  () => "",
  (c) => `<path d="M16 26c2-1.5 6-1.5 8 0-2 .5-6 .5-8 0z" fill="${c}"/>`, // moustache
  () => `<circle cx="16.5" cy="22" r="2.6" fill="none" stroke="${INK}" stroke-width="1"/><circle cx="23.5" cy="22" r="2.6" fill="none" stroke="${INK}" stroke-width="1"/><path d="M19 22h2" stroke="${INK}" stroke-width="1"/>`, // glasses
  () => `<path d="M9 15h22l-3-2c-1-6-15-6-16 0z" fill="#3a3230"/><rect x="12" y="12.5" width="16" height="2" fill="#8c2f39"/>`, // fedora
  (c) => `<path d="M12 25c1 8 15 8 16 0-2 4-14 4-16 0z" fill="${c}"/>`, // beard
];
const HATS = {
  helmet: `<path d="M10 19c0-10 20-10 20 0z" fill="#56743f" stroke="${INK}" stroke-width="1"/><path d="M8 19h24" stroke="${INK}" stroke-width="1.6"/>`,
  cap: `<path d="M11 17c0-7 18-7 18 0z" fill="#c0392b"/><path d="M27 17h7" stroke="#c0392b" stroke-width="2.4" stroke-linecap="round"/>`,
  hardhat: `<path d="M10 18c0-9 20-9 20 0z" fill="#f1c40f" stroke="${INK}" stroke-width="1"/><path d="M8 18h24" stroke="${INK}" stroke-width="1.6"/>`,
  nurse: `<path d="M12 15l2-5h12l2 5z" fill="#fff" stroke="${INK}" stroke-width="1"/><path d="M20 10.5v4M18 12.5h4" stroke="#c0392b" stroke-width="1.4"/>`,
  goggles: `<rect x="12" y="19" width="16" height="5" rx="2.5" fill="#bfe3f2" stroke="${INK}" stroke-width="1"/>`,
  ranger: `<path d="M7 16h26l-5-2-2-5c-2-2-10-2-12 0l-2 5z" fill="#a0672c" stroke="${INK}" stroke-width="1"/>`,
  beret: `<ellipse cx="18" cy="13" rx="10" ry="4" fill="#2f5f8f"/><circle cx="18" cy="9" r="1.2" fill="#2f5f8f"/>`,
};

// A face. `n` picks the parts: suspects 0-24 all differ (five of each part, mixed).
export function portrait(n, { skin = null, hat = null, zombie = false, coat = null, dead = false } = {}) {
  const k = Math.abs(n);
  const hair = HAIRS[(k * 3 + 1) % HAIRS.length];
  const face = zombie ? ["#9cc47a", "#8fb86e", "#a5c98a"][k % 3] : skin || SKINS[(k * 2 + Math.floor(k / 5)) % SKINS.length];
  const jacket = coat || COATS[k % COATS.length];
  const eyes = dead
    ? `<path d="M15 20l3 3M18 20l-3 3M22 20l3 3M25 20l-3 3" stroke="${INK}" stroke-width="1.2"/>`
    : zombie
      ? `<circle cx="16.5" cy="22" r="2.2" fill="#fffbe0"/><circle cx="23.5" cy="21.5" r="1.7" fill="#fffbe0"/><circle cx="16.8" cy="22.3" r=".8" fill="${INK}"/><circle cx="23.3" cy="21.8" r=".7" fill="${INK}"/>`
      : `<circle cx="16.5" cy="22" r="1.1" fill="${INK}"/><circle cx="23.5" cy="22" r="1.1" fill="${INK}"/><path d="M15 ${19 - (k % 3) * 0.5}h3M22 ${19 - ((k + 1) % 3) * 0.5}h3" stroke="${hair}" stroke-width="1.2" stroke-linecap="round"/>`;
  const scars = zombie ? `<path d="M24 26l3 3M25 25l-1 2M13 17l3 1" stroke="#8c2f39" stroke-width="1"/>` : "";
  return `<path d="M5 40c1-8 6-11 15-11s14 3 15 11z" fill="${jacket}"/>`
    + `<path d="M17 29l3 4 3-4" fill="#f3efe4"/>`
    + `<ellipse cx="20" cy="22" rx="9" ry="10.5" fill="${face}" stroke="${INK}" stroke-width=".8"/>`
    + (hat ? "" : HAIR[Math.floor(k / 5) % HAIR.length](hair))
    + eyes + MOUTHS[(k + Math.floor(k / 5) * 2) % MOUTHS.length] + scars
    + (hat ? HATS[hat] : EXTRAS[k % EXTRAS.length](hair));
}
