// NOIR's faces: the 25 suspects (each a different portrait), the evidence cards that show
// them, and the Killer's knife and the Inspector's magnifier as their markers.
import { portrait } from "/static/art/faces.js";
import { MOTIFS } from "/static/art/icons.js";
import { picture, plate, slug } from "/static/art/svg.js";

const BACKDROPS = ["#e9e1cf", "#dfe6ea", "#eadbd5", "#dde8d8", "#e6dcea"];

// A suspect's portrait; a dead one shows crossed eyes on grey.
export function suspectArt(id, name, dead = false) {
  const back = dead ? "#b9b4aa" : BACKDROPS[(id * 2) % BACKDROPS.length];
  return picture(`noir/suspect/${slug(name)}`, plate(back) + portrait(id, { dead }), { cls: "art portrait" });
}

// An evidence card: the suspect's portrait in a sepia frame.
export function evidenceArt(id, name) {
  return picture(`noir/evidence/${slug(name)}`, plate("#e8d6b0", "#8c6a4a") + portrait(id) + `<rect x="3" y="3" width="34" height="34" rx="5" fill="#a0672c" opacity=".12"/>`, { cls: "art portrait" });
}

export function markerArt(role) {
  const motif = role === "killer" ? MOTIFS.knife : MOTIFS.magnifier;
  return picture(`noir/marker/${role}`, motif, { cls: "art marker-art" });
}
