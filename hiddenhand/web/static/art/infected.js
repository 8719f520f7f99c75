// The Infected's faces: the 7 characters (a portrait with their trade's hat), the 23 items
// (a drawing, the value, the colour of its resource), the zombies (a different zombie per
// name, the major threats on red), the blood samples and the three resources.
import { portrait } from "/static/art/faces.js";
import { MOTIFS } from "/static/art/icons.js";
import { picture, plate, slug } from "/static/art/svg.js";

// Each item: its drawing, its value and its resource (the cards' own numbers).
const ITEMS = {
  Chainsaw: ["chainsaw", 9, "self-defence"], Shotgun: ["shotgun", 7, "self-defence"],
  Dynamite: ["dynamite", 8, "self-defence"], Revolver: ["revolver", 7, "self-defence"],
  Machete: ["machete", 6, "self-defence"], "Baseball Bat": ["bat", 5, "self-defence"],
  Crowbar: ["crowbar", 4, "self-defence"], Ammo: ["ammo", 3, "self-defence"],
  Medkit: ["medkit", 3, "body-stuff"], Bandage: ["bandage", 2, "body-stuff"],
  "Blood Sample Kit": ["samplekit", 2, "body-stuff"], "Canned Food": ["can", 6, "body-stuff"],
  Painkillers: ["pills", 4, "body-stuff"], "Water Bottle": ["bottle", 4, "body-stuff"],
  Binoculars: ["binoculars", 2, "misc"], Backpack: ["backpack", 3, "misc"], Flare: ["flare", 3, "misc"],
  "Car Keys": ["keys", 7, "misc"], "Fuel Can": ["fuelcan", 6, "misc"], Radio: ["radio", 5, "misc"],
  Map: ["map", 5, "misc"], Flashlight: ["flashlight", 4, "misc"], Rope: ["rope", 3, "misc"],
};
const RESOURCE_COLOURS = { "self-defence": "#f6e0c4", "body-stuff": "#f8dede", misc: "#dfe9d5" };
const RESOURCES = { "self-defence": "defence", "body-stuff": "body", misc: "misc" };
const CHARACTERS = {
  Veteran: ["helmet", 2], Redneck: ["cap", 0], Sapper: ["hardhat", 3], Nurse: ["nurse", 4],
  Scientist: ["goggles", 6], Ranger: ["ranger", 1], Quartermaster: ["beret", 5],
};
// The zombie cards in a fixed order: a card's place picks its face, so no two look alike.
const ZOMBIES = ["Crawler", "Limping Corpse", "Shambler", "Biter", "Stumbler", "Grabber", "Walker",
  "Lurker", "Rotting Cop", "Screamer", "Ransacker", "Runner", "Butcher", "Hungry Neighbour"];
const MAJOR = ["Horde", "Raiders of the Dead", "Abomination", "Tank", "The Dead Rise", "Last Wave", "Siege"];

export function itemValue(name) {
  return ITEMS[name]?.[1] ?? null;
}

export function itemArt(name) {
  const item = ITEMS[name];
  if (!item) return picture(`unknown:${name}`, plate("#eee"));
  return picture(`infected/item/${slug(name)}`, plate(RESOURCE_COLOURS[item[2]]) + MOTIFS[item[0]]);
}

export function itemBack() {
  return picture("infected/item/back", plate("#56743f") + MOTIFS.back);
}

// A deck's top card, face down: the zombie deck's threat cards come from it.
export function deckArt(kind) {
  return kind === "zombie"
    ? picture("infected/deck/zombie", plate("#6b2f33") + MOTIFS.zombiehead, { cls: "art token-art deck-art" })
    : picture("infected/deck/item", plate("#56743f") + MOTIFS.back, { cls: "art token-art deck-art" });
}

// A zombie card: a zombie of its own (the name picks the face); the major threats on red, a
// horde of heads behind.
export function zombieArt(name) {
  const major = MAJOR.includes(name);
  const n = [...ZOMBIES, ...MAJOR].indexOf(name);
  if (n < 0) return picture(`unknown:${name}`, plate("#eee"));
  const behind = (x, k) => `<g opacity=".5" transform="translate(${x} 1) scale(.5)">${portrait(k, { zombie: true, coat: "#3a3a3a" })}</g>`;
  const crowd = major ? behind(1, n + 3) + behind(19, n + 5) : "";
  return picture(`infected/${major ? "major" : "zombie"}/${slug(name)}`, plate(major ? "#b8474a" : "#c9d6b8") + crowd + portrait(n, { zombie: true }));
}

export function characterArt(name) {
  const c = CHARACTERS[name];
  if (!c) return picture(`unknown:${name}`, plate("#eee"));
  return picture(`infected/character/${slug(name)}`, plate("#e9e1cf") + portrait(c[1] * 3 + 1, { hat: c[0] }), { cls: "art portrait" });
}

export function sampleArt(kind) {
  const virus = /virus|infect/i.test(kind);
  return picture(`infected/sample/${virus ? "virus" : "clean"}`, MOTIFS[virus ? "samplevirus" : "sampleclean"], { cls: "art token-art" });
}

export function resourceArt(kind) {
  const motif = RESOURCES[kind];
  return picture(motif ? `infected/resource/${kind}` : `unknown:${kind}`, motif ? MOTIFS[motif] : "", { cls: "art token-art" });
}

export function woundArt() {
  return picture("infected/token/wound", MOTIFS.wound, { cls: "art token-art" });
}
