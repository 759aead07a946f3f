import { describe, expect, it } from "vitest";
import { MANUALS } from "~/documents/build-documents.server";
import { generateDemoData, type DemoArticle } from "./generate";
import { BATTERY_NOTICE_ID, MANUAL_BY_KIND, OTHER_MAKERS, declarationId, hasBattery } from "./product-safety";
import { categoryGroups, type CategorySpec } from "./vocabulary-categories";
import type { DrawingKind } from "./vocabulary-articles";
import { shippedBrand } from "~/../tests/support/shipped-brand";

const data = generateDemoData(1962, { brand: shippedBrand() });

/** Category id → kind, the way the generator numbers the tree (root, top categories, then subcategories). */
function kinds(): Map<number, DrawingKind> {
  const byName = new Map<string, DrawingKind>();
  const walk = (spec: CategorySpec) => {
    byName.set(spec.name.de, spec.drawing);
    for (const child of spec.children ?? []) walk(child);
  };
  for (const group of categoryGroups) for (const spec of group.categories) walk(spec);
  return new Map(data.categories.flatMap((c) => (byName.has(c.name_de) ? [[c.id, byName.get(c.name_de) as DrawingKind] as const] : [])));
}

const kindOf = kinds();
const ofKind = (kind: DrawingKind): DemoArticle[] => data.articles.filter((a) => kindOf.get(a.category_id) === kind);

describe("the demo's product safety information (issue 28)", () => {
  it("links every manual to the articles it belongs to, and only to them", () => {
    const manualIds = new Set(MANUALS.map((m) => m.id));
    for (const [kind, id] of Object.entries(MANUAL_BY_KIND)) {
      expect(manualIds.has(id), id).toBe(true);
      const articles = ofKind(kind as DrawingKind);
      expect(articles.length, kind).toBeGreaterThan(0);
      for (const article of articles) expect(article.documents[0], article.partno).toBe(id);
    }
    const grips = new Set(ofKind("grip").map((a) => a.partno));
    for (const article of data.articles) {
      if (!grips.has(article.partno)) expect(article.documents).not.toContain("griffe-montage");
    }
  });

  it("gives every light a declaration of conformity and battery lights the battery notice, with battery safety text", () => {
    for (const kind of ["frontlight", "rearlight", "lightset"] as const) {
      const lights = ofKind(kind);
      expect(lights.length).toBeGreaterThan(0);
      for (const light of lights) {
        expect(light.documents.at(-1)).toBe(declarationId(kind));
        const battery = hasBattery(light, kind);
        expect(light.documents.includes(BATTERY_NOTICE_ID), light.partno).toBe(battery);
        expect(light.safety_de?.includes("UN 3481"), light.partno).toBe(battery);
        expect(light.safety_de).toContain("StVZO");
        expect(light.safety_en).toContain("StVZO");
      }
    }
    // Both cases show: dynamo lights without the notice, rechargeable ones with it.
    const fronts = ofKind("frontlight");
    expect(fronts.some((a) => a.documents.includes(BATTERY_NOTICE_ID))).toBe(true);
    expect(fronts.some((a) => !a.documents.includes(BATTERY_NOTICE_ID))).toBe(true);
    const declarations = new Map(data.declarations.map((d) => [d.id, d]));
    expect(declarations.get(declarationId("frontlight"))?.models.map((m) => m.partno)).toEqual(fronts.map((a) => a.partno));
  });

  it("warns never to lock a lock on the wheel while riding, in German and English, paragraphs by blank lines", () => {
    for (const kind of ["ulock", "chainlock", "combolock"] as const) {
      for (const lock of ofKind(kind)) {
        expect(lock.safety_de).toContain("niemals während der Fahrt");
        expect(lock.safety_en).toContain("Never close the lock while riding");
        expect(lock.safety_de?.split("\n\n").length).toBe(lock.safety_en?.split("\n\n").length);
      }
    }
    expect(ofKind("combolock")[0]?.safety_de).toContain("Generalschlüssel");
    // Where nothing can hurt, nothing is written.
    for (const bell of ofKind("bell")) expect([bell.safety_de, bell.safety_en]).toEqual([null, null]);
  });

  it("names another maker for a few articles only; the brand makes the rest", () => {
    const others = data.articles.filter((a) => a.manufacturer !== null);
    expect(others.length).toBeGreaterThan(0);
    expect(others.length).toBeLessThan(data.articles.length / 5);
    for (const article of others) expect(Object.values(OTHER_MAKERS)).toContainEqual({ name: article.manufacturer, address: article.manufacturer_address, email: article.manufacturer_email });
    expect(new Set(others.map((a) => a.manufacturer)).size).toBe(Object.keys(OTHER_MAKERS).length);
  });
});
