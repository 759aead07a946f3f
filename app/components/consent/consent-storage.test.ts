import { describe, expect, it } from "vitest";
import { cookieDomains, cookiePaths } from "./analytics";
import { CONSENT_VERSION, readConsent, writeConsent, type StorageLike } from "./consent-storage";

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe("consent storage", () => {
  it("keeps the specification's key and values, with the text version beside them", () => {
    const storage = memoryStorage();
    expect(readConsent(storage)).toBeNull();
    writeConsent(storage, "accepted");
    expect(storage.data).toEqual({ cookieConsent: "accepted", cookieConsentVersion: CONSENT_VERSION });
    expect(readConsent(storage)).toBe("accepted");
    writeConsent(storage, "rejected");
    expect(readConsent(storage)).toBe("rejected");
  });

  it("asks again for another text version, a missing version or a strange value", () => {
    expect(readConsent(memoryStorage({ cookieConsent: "accepted", cookieConsentVersion: "1999-01" }))).toBeNull();
    expect(readConsent(memoryStorage({ cookieConsent: "accepted" }))).toBeNull();
    expect(readConsent(memoryStorage({ cookieConsent: "yes", cookieConsentVersion: CONSENT_VERSION }))).toBeNull();
    expect(readConsent(null)).toBeNull();
  });

  it("survives storage that throws", () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(readConsent(broken)).toBeNull();
    expect(() => writeConsent(broken, "accepted")).not.toThrow();
  });
});

describe("analytics cookie removal", () => {
  it("tries the host and every parent domain, but not the top-level domain", () => {
    expect(cookieDomains("www.shop.example.de")).toEqual(["www.shop.example.de", "shop.example.de", "example.de"]);
    expect(cookieDomains("127.0.0.1")).toEqual(["127.0.0.1"]);
    expect(cookieDomains("localhost")).toEqual(["localhost"]);
  });

  it("tries every path above the current page", () => {
    expect(cookiePaths("/products/articles/Klingeln")).toEqual(["/", "/products", "/products/articles", "/products/articles/Klingeln"]);
    expect(cookiePaths("/")).toEqual(["/"]);
  });
});
