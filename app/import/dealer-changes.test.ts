import { describe, expect, it } from "vitest";
import type { DealerRow } from "~/db/schema";
import { type IncomingDealer, planDealerChanges } from "./dealer-changes";

const values = (sourceId: string, changes: Partial<IncomingDealer> = {}): IncomingDealer => ({
  source_id: sourceId,
  name: `Radhaus ${sourceId}`,
  street: "Weg 1",
  postal_code: "20457",
  city: "Hamburg",
  country: "DE",
  tel: "",
  email: "",
  web: null,
  tag: "viva",
  lat: 53.54,
  lng: 9.98,
  approximate: 0,
  services: "",
  opening_hours: "",
  product_lines: "",
  region: "",
  ...changes,
});
const row = (id: number, sourceId: string | null, changes: Partial<IncomingDealer> = {}, slug = `radhaus-${id}`): DealerRow => ({
  id,
  ...values(sourceId ?? "", changes),
  source_id: sourceId,
  slug,
});

describe("planDealerChanges", () => {
  const existing = [row(1, "A"), row(2, "B"), row(3, "C"), row(4, null)];
  const incoming = [values("A"), values("B", { name: "Neu" }), values("D")];

  it("matches by the list's id: same data unchanged, other data changed under the old id, unknown ids added, the rest kept", () => {
    const changes = planDealerChanges(existing, incoming, false);
    expect(changes.added.map((d) => d.source_id)).toEqual(["D"]);
    expect(changes.changed).toEqual([{ id: 2, values: { ...incoming[1], slug: "neu-hamburg" } }]);
    expect(changes.removed).toEqual([]);
    expect(changes.counts).toEqual({ added: 1, changed: 1, removed: 0, unchanged: 3 });
  });

  it("with prune removes every dealer the file does not list, also one without a source id", () => {
    const changes = planDealerChanges(existing, incoming, true);
    expect(changes.removed).toEqual([3, 4]);
    expect(changes.counts).toEqual({ added: 1, changed: 1, removed: 2, unchanged: 1 });
  });

  it("keeps a dealer's page address until its name or town changes; new and renamed dealers get unique ones", () => {
    const existing = [row(1, "A", {}, "radhaus-a-hamburg"), row(2, "B", {}, "radhaus-b-hamburg"), row(3, "C", {}, "radhaus-c-hamburg")];
    const changes = planDealerChanges(
      existing,
      [
        values("A", { opening_hours: "Mo-Fr 09:00-18:00" }),
        values("B", { name: "Radhaus A" }),
        values("D", { name: "Radhaus C" }),
        values("E", { name: "Radhaus A" }),
      ],
      true,
    );
    expect(changes.changed).toEqual([
      { id: 1, values: expect.objectContaining({ slug: "radhaus-a-hamburg" }) },
      { id: 2, values: expect.objectContaining({ slug: "radhaus-a-hamburg-2" }) },
    ]);
    // C is pruned, so its address is free for the new dealer of the same name.
    expect(changes.added.map((d) => d.slug)).toEqual(["radhaus-c-hamburg", "radhaus-a-hamburg-3"]);
  });

  it("sees a dealer that moved onto its postal code's centre as changed", () => {
    const changes = planDealerChanges([row(1, "A")], [values("A", { lat: 53.55, approximate: 1 })], false);
    expect(changes.counts.changed).toBe(1);
  });
});
