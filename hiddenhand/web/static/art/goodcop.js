// Good Cop Bad Cop's faces: the integrity cards, the 18 equipment and 9 Zombies cards, the
// gun, wound and infection tokens and the zombie dice. Every name the game shows has a
// drawing; a name without one is marked `unknown:` so that a test finds it.
import { MOTIFS } from "/static/art/icons.js";
import { picture, plate, slug } from "/static/art/svg.js";

const INTEGRITY = {
  Honest: ["badge", "#dbe8f7"],
  Crooked: ["moneybag", "#f7dede"],
  Agent: ["shieldstar", "#c9dcf3"],
  Kingpin: ["crown", "#f3cccc"],
  Infector: ["biohazard", "#dcefd0"],
};
const EQUIPMENT = {
  Blackmail: "envelope", Coffee: "mug", Defibrillator: "defib", "Evidence Bag": "evidencebag",
  "K-9 Unit": "dog", "Metal Detector": "detector", "Planted Evidence": "plant", Polygraph: "polygraph",
  "Restraining Order": "order", "Smoke Grenade": "grenade", "Surveillance Camera": "camera",
  Taser: "taser", "Truth Serum": "syringe", Wiretap: "phone", Disguise: "disguise", "Med Kit": "medkit",
  "Riot Shield": "shield", "Walkie Talkie": "walkie",
};
const ZOMBIE_EQUIPMENT = {
  Crossbow: "crossbow", "Transfusion Tube": "tube", "Zombie Serum": "vial", Flamethrower: "flamethrower",
  Chainsaw: "chainsaw", "Zombie Mask": "mask", Machete: "machete", "Weapon Crate": "crate", "Alarm Clock": "alarm",
};
const DIE = { blank: "blankface", zombie: "zombiehead", arms: "arm", infection: "infection" };
const TOKENS = { gun: "pistol", arms: "arm", wounded: "wound", infection: "infection", zombie: "zombiehead" };

// The picture of an integrity card (its name as the game writes it, "honest"...), or its back.
export function integrityArt(kind) {
  if (kind === null || kind === undefined) return picture("goodcop/integrity/back", plate("#8c2f39") + MOTIFS.back);
  const name = kind[0].toUpperCase() + kind.slice(1);
  const found = INTEGRITY[name];
  if (!found) return picture(`unknown:${kind}`, plate("#eee"));
  return picture(`goodcop/integrity/${slug(name)}`, plate(found[1]) + MOTIFS[found[0]]);
}

// The picture of an equipment card by its title, Zombies' own cards in green.
export function equipmentArt(title) {
  if (EQUIPMENT[title]) return picture(`goodcop/equipment/${slug(title)}`, plate("#fff4d1") + MOTIFS[EQUIPMENT[title]]);
  if (ZOMBIE_EQUIPMENT[title]) return picture(`goodcop/zombies/${slug(title)}`, plate("#e3f0d8") + MOTIFS[ZOMBIE_EQUIPMENT[title]]);
  return picture(`unknown:${title}`, plate("#eee"));
}

export function tokenArt(kind) {
  return picture(`goodcop/token/${kind}`, MOTIFS[TOKENS[kind]] || "", { cls: "art token-art" });
}

export function dieArt(face) {
  const motif = DIE[face];
  return picture(motif ? `goodcop/die/${face}` : `unknown:${face}`, plate("#f3efe4", "#2b2622") + (motif ? MOTIFS[motif] : ""), { cls: "art die-art" });
}
