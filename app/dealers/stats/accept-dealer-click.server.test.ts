import { describe, expect, it, vi } from "vitest";
import type { AppLoadContext } from "react-router";
import { TokenBuckets } from "~/utils/token-bucket";
import { DEALER_CLICKS_PER_MINUTE, acceptDealerClick, takeDealerClick } from "./accept-dealer-click.server";
import type { Dealer } from "~/dealers/dealer/dealer";

function context() {
  const dealers = [{ slug: "radhaus-berger-muenchen" }, { slug: "zweirad-koehler-kassel" }] as Dealer[];
  const count = vi.fn();
  const source = { dealers: async () => dealers } as Pick<AppLoadContext["dealers"], "dealers"> as AppLoadContext["dealers"];
  return { count, context: { dealers: source, dealerStats: { count } } satisfies Pick<AppLoadContext, "dealers" | "dealerStats"> };
}

describe("acceptDealerClick", () => {
  it("counts a click on a listed dealer's link", async () => {
    const { count, context: ctx } = context();
    expect(await acceptDealerClick(ctx, { dealer: "zweirad-koehler-kassel", kind: "directions" })).toEqual({ kind: "counted" });
    expect(count).toHaveBeenCalledWith("click.directions", "zweirad-koehler-kassel");
  });

  it("counts nothing for 10,000 made-up slugs", async () => {
    const { count, context: ctx } = context();
    for (let i = 0; i < 10_000; i++) {
      expect(await acceptDealerClick(ctx, { dealer: `fake-dealer-${i}`, kind: "phone" })).toEqual({ kind: "unknown_dealer" });
    }
    expect(count).not.toHaveBeenCalled();
  });

  it("refuses everything that is not exactly the beacon's shape", async () => {
    const { count, context: ctx } = context();
    const bad: unknown[] = [
      null,
      "radhaus-berger-muenchen",
      [],
      {},
      { dealer: "radhaus-berger-muenchen" },
      { dealer: "radhaus-berger-muenchen", kind: "fax" },
      { dealer: "radhaus-berger-muenchen", kind: "phone", ip: "203.0.113.9" },
      { dealer: "Radhaus Berger", kind: "phone" },
      { dealer: "../../etc/passwd", kind: "web" },
      { dealer: "a".repeat(10_000), kind: "web" },
      { dealer: 42, kind: "web" },
      { dealer: ["radhaus-berger-muenchen"], kind: "web" },
      // As the endpoint parses it: an own "__proto__" key, not a prototype.
      JSON.parse('{"__proto__": {"dealer": "radhaus-berger-muenchen", "kind": "web"}}'),
    ];
    for (const input of bad) expect(await acceptDealerClick(ctx, input), JSON.stringify(input)).toEqual({ kind: "invalid" });
    expect(count).not.toHaveBeenCalled();
  });
});

describe("takeDealerClick", () => {
  it("lets one address report a minute's worth of clicks, then asks it to wait", () => {
    const dealerClickLimit = new TokenBuckets(DEALER_CLICKS_PER_MINUTE);
    for (let i = 0; i < DEALER_CLICKS_PER_MINUTE; i++) expect(takeDealerClick({ dealerClickLimit, clientIp: "198.51.100.7" })).toBe(0);
    expect(takeDealerClick({ dealerClickLimit, clientIp: "198.51.100.7" })).toBeGreaterThan(0);
    expect(takeDealerClick({ dealerClickLimit, clientIp: "198.51.100.8" })).toBe(0);
  });
});
