import { describe, expect, it } from "vitest";
import { repairDoubleEncoding } from "./double-encoding";

describe("double-encoded UTF-8 (issue 38)", () => {
  it("repairs text that went through Windows-1252 once too often", () => {
    expect(repairDoubleEncoding("weiÃŸ")).toBe("weiß");
    expect(repairDoubleEncoding("MÃ¤nner-Fahrradhelm, GrÃ¶ÃŸe L")).toBe("Männer-Fahrradhelm, Größe L");
    expect(repairDoubleEncoding("Preis in â‚¬")).toBe("Preis in €");
    expect(repairDoubleEncoding("â€žZitatâ€œ")).toBe("„Zitat“");
  });

  it("leaves correct text alone, also words with Ã or Â of their own", () => {
    for (const text of ["weiß", "Männer", "São Paulo", "Ãrvore", "Â", "Café crème", "plain ascii", "Größe Ã 5"]) expect(repairDoubleEncoding(text)).toBeNull();
  });
});
