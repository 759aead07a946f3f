import { describe, expect, it } from "vitest";
import { documentPurposeByName } from "~/exchange/catalogue-model";
import { Problems } from "~/exchange/import-report";
import { mergeEdxfMime, readEdxfMime } from "./edxf-mime.server";
import type { XmlNode } from "./xml-records.server";

const node = (name: string, children: XmlNode[] = [], text = "", attributes: Record<string, string> = {}): XmlNode => ({ name, attributes, text, children, line: 1 });
const el = (name: string, text: string, attributes: Record<string, string> = {}) => node(`UDX.EDXF.${name}`, [], text, attributes);
const product = (...mimes: XmlNode[][]) => node("PRODUCT", [node("USER_DEFINED_EXTENSIONS", [node("UDX.EDXF.MIME_INFO", mimes.map((m) => node("UDX.EDXF.MIME", m)))])]);
const languageOf = (n: XmlNode) => (n.attributes.lang === "eng" ? "en" : "de") as "de" | "en";

describe("EDXF MIME entries", () => {
  it("give one document per language version of a source, named by its designations", () => {
    const problems = new Problems();
    const { documents, pictures } = readEdxfMime(
      product([el("MIME_SOURCE", "de/anleitung.pdf", { lang: "deu" }), el("MIME_SOURCE", "en/manual.pdf", { lang: "eng" }), el("MIME_CODE", "md21"), el("MIME_DESIGNATION", "Montage", { lang: "deu" })]),
      { languageOf, problems, partno: "P-1", today: "2026-01-01" },
    );
    expect(pictures).toEqual([]);
    expect(documents.map((d) => [d.source, d.purpose, d.language, d.names.de])).toEqual([
      ["de/anleitung.pdf", "manual", "de", "Montage"],
      ["en/manual.pdf", "manual", "en", "Montage"],
    ]);
  });

  it("keep a file whose expiry date is no date, with a warning; an expiry on the import's day still counts", () => {
    const problems = new Problems();
    const { pictures } = readEdxfMime(
      product([el("MIME_SOURCE", "a.jpg"), el("MIME_CODE", "MD01"), el("MIME_EXPIRY_DATE", "31.12.2099")], [el("MIME_SOURCE", "b.jpg"), el("MIME_CODE", "MD02"), el("MIME_EXPIRY_DATE", "2026-01-01")]),
      { languageOf, problems, partno: "P-1", today: "2026-01-01" },
    );
    expect(pictures.map((p) => p.source)).toEqual(["a.jpg", "b.jpg"]);
    expect(problems.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/P-1 "31.12.2099": not a date \(YYYY-MM-DD\)/)]);
  });

  it("are merged after MIME_INFO's, a file named by both once", () => {
    expect(mergeEdxfMime([{ source: "a" }, { source: "b" }], [{ source: "b" }, { source: "c" }])).toEqual([{ source: "a" }, { source: "b" }, { source: "c" }]);
  });
});

describe("documents say what they are", () => {
  it("make a data sheet or other document named a manual or instructions the manual, never a safety data sheet or declaration", () => {
    for (const name of ["Bedienungsanleitung", "Montageanleitung", "Anleitung", "User manual", "Assembly instructions", "Kurzanleitung"]) {
      expect(documentPurposeByName("data_sheet", { de: name, en: "" }), name).toBe("manual");
      expect(documentPurposeByName("others", { de: "", en: name }), name).toBe("manual");
    }
    expect(documentPurposeByName("data_sheet", { de: "Datenblatt", en: "Data sheet" })).toBe("data_sheet");
    expect(documentPurposeByName("others", { de: "Manuelle Verstellung", en: "Manually adjusted" })).toBe("others");
    expect(documentPurposeByName("safety_data_sheet", { de: "Anleitung", en: "" })).toBe("safety_data_sheet");
    expect(documentPurposeByName("declaration", { de: "", en: "Instructions" })).toBe("declaration");
  });
});
