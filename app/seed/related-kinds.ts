import type { RelationKind } from "~/db/schema";
import type { DrawingKind } from "./vocabulary-articles";

/**
 * Which demo articles name which others as accessories and spare parts, by kind: what a dealer
 * would sell with the article (a tube with a tyre) and what wears out on it (pads on a brake).
 * Every kind named here exists in the demo catalogue, so every demo reference resolves.
 */
export const RELATED_KINDS: Partial<Record<DrawingKind, Partial<Record<RelationKind, readonly DrawingKind[]>>>> = {
  rimbrake: { sparepart: ["brakepad"], accessory: ["tool"] },
  chain: { accessory: ["tool"] },
  pedal: { accessory: ["tool"] },
  saddle: { accessory: ["saddlebag"] },
  frontlight: { accessory: ["rearlight"] },
  rearlight: { accessory: ["frontlight"] },
  lightset: { sparepart: ["frontlight", "rearlight"] },
  tyre: { accessory: ["tube", "pump"] },
  tube: { accessory: ["pump", "tool"] },
  mudguard: { accessory: ["rack"] },
  rack: { accessory: ["bag", "basket"] },
  ulock: { accessory: ["chainlock"] },
  chainlock: { accessory: ["ulock"] },
  bag: { accessory: ["rack"] },
  handlebarbag: { accessory: ["bell", "mirror"] },
  bottlecage: { accessory: ["pump"] },
  grip: { accessory: ["bell", "mirror"] },
};

/** At most this many of each kind of reference per article: the detail panel lists them all. */
export const MAX_RELATED_PER_KIND = 3;
