import { describe, expect, it } from "vitest";
import { parseOpeningHours } from "~/dealers/hours/opening-hours";
import { servicesFromText } from "~/dealers/dealer/dealer-services";
import { demoDealerDetails } from "./dealer-details";

describe("demo dealer details", () => {
  const dealers = Array.from({ length: 150 }, (_, i) => ({ name: i % 50 === 0 ? "Radhaus Berger" : `Zweirad ${i}`, city: "Köln" }));
  const details = demoDealerDetails(42, dealers);

  it("are the same for the same seed", () => {
    expect(demoDealerDetails(42, dealers)).toEqual(details);
  });

  it("hold hours in canonical text, some unknown", () => {
    for (const { opening_hours } of details) {
      const parsed = parseOpeningHours(opening_hours);
      expect(parsed.ok && parsed.text).toBe(opening_hours);
    }
    const unknown = details.filter((d) => d.opening_hours === "").length;
    expect(unknown).toBeGreaterThan(5);
    expect(unknown).toBeLessThan(40);
  });

  it("give unique slugs, known services and some specialised ranges", () => {
    expect(new Set(details.map((d) => d.slug)).size).toBe(details.length);
    expect(details.filter((d) => d.slug.startsWith("radhaus-berger-koeln")).map((d) => d.slug)).toEqual([
      "radhaus-berger-koeln",
      "radhaus-berger-koeln-2",
      "radhaus-berger-koeln-3",
    ]);
    for (const { services } of details) expect(servicesFromText(services).join(",")).toBe(services);
    expect(details.some((d) => d.product_lines !== "")).toBe(true);
    expect(details.some((d) => d.services.includes("workshop"))).toBe(true);
  });
});
