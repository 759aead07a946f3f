import { describe, expect, it } from "vitest";
import { cleanTitle } from "~/utils/article-rules";
import { generateDemoData, type DemoArticle, type DemoData } from "./generate";
import { archetypes, type DrawingKind } from "./vocabulary-articles";
import { shippedBrand } from "~/../tests/support/shipped-brand";

/** The generated catalogue read as a whole: its English is English, its packaging fits each kind of part. */
const data: DemoData = generateDemoData(1962, { brand: shippedBrand() });

const GERMAN_WORDS = new Set(
  ("und oder mit für ohne inklusive ja nein stück stueck paar packung zoll fach farbe schwarz grau weiß weiss rot blau grün gelb " +
    "braun silber jahre jahr stahl kunststoff vorne hinten vorderrad hinterrad einseitig beidseitig einheitsgröße " +
    "bis von zum zur der die das ein eine").split(" "),
);
const GERMAN_PARTS = [
  "fach", "zoll", "stück", "schloss", "tasche", "sattel", "licht", "reifen", "bremse", "kette", "schlauch", "blech",
  "ständer", "träger", "werkzeug", "spiegel", "klingel", "lenker", "pumpe", "korb", "gepäck", "sclaverand", "autoventil",
  "dunlopventil", "markenqualität",
];
const GERMAN_EXACT = new Set(["Lux", "AV", "SV", "DV", "E-Bike", "Stk", "Pck"]);

/** Why an English text is not English, or null. */
function germanIn(text: string): string | null {
  if (/[äöüßÄÖÜ]/.test(text)) return "a German letter";
  if (/\d,\d/.test(text)) return "a decimal comma";
  const lower = text.toLowerCase();
  const part = GERMAN_PARTS.find((p) => lower.includes(p));
  if (part) return `"${part}"`;
  for (const token of text.split(/[^\p{L}\p{N}-]+/u)) {
    if (GERMAN_EXACT.has(token)) return `"${token}"`;
    for (const word of token.split("-")) if (GERMAN_WORDS.has(word.toLowerCase())) return `"${word}"`;
  }
  return null;
}

/** Every English text of the demo catalogue, named by where it comes from. */
function englishTexts(d: DemoData): [where: string, text: string][] {
  const texts: [string, string][] = [];
  for (const c of d.categories) {
    texts.push([`category ${c.id} name`, c.name_en], [`category ${c.id} description`, c.description_en]);
  }
  for (const a of d.articles) {
    // The brand's noise words are the catalogue system's own (specification section 3); the site strips them.
    texts.push([`${a.partno} title`, cleanTitle(a.title_en)], [`${a.partno} product category`, a.prodcatname_en]);
    if (a.description_en !== null) texts.push([`${a.partno} description`, a.description_en]);
    for (const p of a.properties) {
      texts.push([`${a.partno} property name`, p.attribute_en], [`${a.partno} ${p.attribute_en}`, p.value_en]);
    }
  }
  return texts;
}

const PIECE = "1 piece";
const PAIR = "1 pair";
const SET = "1 set";
const PACK = "1 pack";
const GERMAN_UNIT: Record<string, string> = { [PIECE]: "1 Stück", [PAIR]: "1 Paar", [SET]: "1 Set", [PACK]: "1 Packung" };

/**
 * What fits each kind of product: how it is sold and its heading in the EU Combined Nomenclature
 * (7315 chains, 8301 padlocks, 8512 bicycle lighting, 8714 94/95/96/99 brakes, saddles, pedals,
 * carriers and other bicycle parts, 4011/4013 bicycle tyres and tubes, 8306 bells, 8414 bicycle pumps,
 * 4202 bags, 7009 rear-view mirrors, 8204/8205 hand tools).
 */
const FITTING: Record<DrawingKind, { packaging: readonly string[]; customs: readonly string[] }> = {
  grip: { packaging: [PAIR], customs: ["87149990"] },
  rimbrake: { packaging: [PIECE], customs: ["87149420"] },
  brakepad: { packaging: [PACK], customs: ["87149490"] },
  chain: { packaging: [PIECE], customs: ["73151110"] },
  pedal: { packaging: [PAIR], customs: ["87149610"] },
  saddle: { packaging: [PIECE], customs: ["87149500"] },
  frontlight: { packaging: [PIECE], customs: ["85121000"] },
  rearlight: { packaging: [PIECE], customs: ["85121000"] },
  lightset: { packaging: [SET], customs: ["85121000"] },
  tyre: { packaging: [PIECE], customs: ["40115000"] },
  tube: { packaging: [PIECE], customs: ["40132000"] },
  mudguard: { packaging: [SET], customs: ["87149990"] },
  rack: { packaging: [PIECE], customs: ["87149930"] },
  ulock: { packaging: [PIECE], customs: ["83011000"] },
  chainlock: { packaging: [PIECE], customs: ["83011000"] },
  combolock: { packaging: [PIECE], customs: ["83011000"] },
  bell: { packaging: [PIECE], customs: ["83061000"] },
  pump: { packaging: [PIECE], customs: ["84142020"] },
  bag: { packaging: [PIECE], customs: ["42029298"] },
  handlebarbag: { packaging: [PIECE], customs: ["42029298"] },
  saddlebag: { packaging: [PIECE], customs: ["42029298"] },
  bottlecage: { packaging: [PIECE], customs: ["87149990"] },
  kickstand: { packaging: [PIECE], customs: ["87149990"] },
  mirror: { packaging: [PIECE], customs: ["70091000"] },
  tool: { packaging: [PIECE, SET], customs: ["82055980", "82041100"] },
  basket: { packaging: [PIECE], customs: ["87149990"] },
};

function kindOf(article: DemoArticle): DrawingKind {
  const kind = (Object.keys(archetypes) as DrawingKind[]).find((k) => archetypes[k].prodcat[0] === article.prodcatname_de);
  if (!kind) throw new Error(`${article.partno}: no product kind for ${article.prodcatname_de}`);
  return kind;
}

describe("texts and properties of the whole generated catalogue", () => {
  it("recognises German in English text", () => {
    for (const text of ["Hub gear chain 8-fach black", "1 Stück", "28 Zoll", "Ja", "Weiß", "22,2 mm", "LED headlight 30 Lux", "Inner tube AV"]) {
      expect(germanIn(text), text).not.toBeNull();
    }
    for (const text of ["Hub gear chain 8-speed black", "22.2 mm", "30 lux", "E-bike ready", "Presta valve 40 mm", "Ø 80 mm"]) {
      expect(germanIn(text), text).toBeNull();
    }
  });

  for (const seed of [1962, 42]) {
    it(`writes English texts without German words (seed ${seed})`, () => {
      const d = seed === 1962 ? data : generateDemoData(seed, { brand: shippedBrand() });
      const texts = englishTexts(d);
      expect(texts.length).toBeGreaterThan(4000);
      const german = texts.flatMap(([where, text]) => {
        const why = germanIn(text);
        return why ? [`${where}: "${text}" has ${why}`] : [];
      });
      expect(german).toEqual([]);
    });

    it(`gives each article the packaging unit and customs tariff number of its product kind (seed ${seed})`, () => {
      const d = seed === 1962 ? data : generateDemoData(seed, { brand: shippedBrand() });
      const seen = { packaging: 0, customs: 0 };
      const kinds = new Set<DrawingKind>();
      for (const article of d.articles) {
        const kind = kindOf(article);
        kinds.add(kind);
        const fitting = FITTING[kind];
        for (const p of article.properties) {
          const where = `${article.partno} (${kind}, ${article.title_en})`;
          if (p.attribute_en === "Packaging unit") {
            seen.packaging += 1;
            expect(fitting.packaging, where).toContain(p.value_en);
            expect(p.attribute_de).toBe("Verpackungseinheit");
            expect(p.value_de, where).toBe(GERMAN_UNIT[p.value_en]);
            // A set is named a set, a single piece is not.
            if (fitting.packaging.length > 1) expect(p.value_en === SET, where).toBe(/\bset\b/i.test(article.title_en));
          }
          if (p.attribute_en === "Customs tariff number") {
            seen.customs += 1;
            expect(fitting.customs, where).toContain(p.value_en);
            expect([p.attribute_de, p.value_de]).toEqual(["Zolltarifnummer", p.value_en]);
          }
        }
      }
      expect(kinds.size).toBe(Object.keys(archetypes).length);
      expect(seen.packaging).toBeGreaterThan(50);
      expect(seen.customs).toBeGreaterThan(50);
    });
  }
});
