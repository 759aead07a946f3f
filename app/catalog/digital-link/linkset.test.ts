import { describe, expect, it } from "vitest";
import type { ProductLink } from "./link-types";
import { linkHeader, linksetJson } from "./linkset";

const pipDe: ProductLink = { rel: "pip", href: "https://example.com/p/A-1", title: "Griff „Komfort“", hreflang: ["de"], type: "text/html" };
const pipEn: ProductLink = { rel: "pip", href: "https://example.com/p/A-1?lang=en", title: "Grip", hreflang: ["en"], type: "text/html" };
const manual: ProductLink = { rel: "instructions", href: "https://example.com/media/a.pdf", title: 'Anleitung "A"', hreflang: ["de", "en"], type: "application/pdf" };

describe("link sets", () => {
  it("lists the links by GS1 relation IRI under the Digital Link as anchor (RFC 9264)", () => {
    const json = linksetJson("https://example.com/01/04006381333931", "Griff", [pipDe, pipEn, manual], pipDe);
    expect(json).toEqual({
      linkset: [
        {
          anchor: "https://example.com/01/04006381333931",
          itemDescription: "Griff",
          "https://gs1.org/voc/pip": [
            { href: pipDe.href, title: pipDe.title, type: "text/html", hreflang: ["de"] },
            { href: pipEn.href, title: "Grip", type: "text/html", hreflang: ["en"] },
          ],
          "https://gs1.org/voc/instructions": [{ href: manual.href, title: manual.title, type: "application/pdf", hreflang: ["de", "en"] }],
          "https://gs1.org/voc/defaultLink": [{ href: pipDe.href, title: pipDe.title, type: "text/html", hreflang: ["de"] }],
        },
      ],
    });
  });

  it("writes a Link header of plain ASCII, with the real title as an RFC 8187 value", () => {
    const header = linkHeader("https://example.com/01/04006381333931?linkType=linkset", [pipDe, manual], pipDe);
    expect(/^[\x20-\x7e]+$/.test(header)).toBe(true);
    expect(header).toContain('<https://example.com/01/04006381333931?linkType=linkset>; rel="linkset"; type="application/linkset+json"');
    expect(header).toContain(`<https://example.com/p/A-1>; rel="https://gs1.org/voc/pip"; title="Griff ?Komfort?"; title*=UTF-8''Griff%20%E2%80%9EKomfort%E2%80%9C; hreflang="de"; type="text/html"`);
    expect(header).toContain('rel="https://gs1.org/voc/instructions"; title="Anleitung \\"A\\""; hreflang="de"; hreflang="en"; type="application/pdf"');
    expect(header).toContain('<https://example.com/p/A-1>; rel="https://gs1.org/voc/defaultLink"');
  });
});
