import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  articleListSchema,
  categoryListSchema,
  resellerListSchema,
} from "~/exchange/provider-schema";
import { isValidEan13 } from "~/utils/ean";
import { type TestServer, startTestServer } from "../support/test-server";
import { testStore } from "../support/test-store";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`);

async function expectJsonError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
}

describe("GET /catalog/list/categories/37", () => {
  it("returns the category tree in the provider's shape", async () => {
    const response = await get("/catalog/list/categories/37");
    expect(response.status).toBe(200);
    const categories = categoryListSchema.parse(await response.json());
    expect(categories.length).toBeGreaterThan(15);
    const groups = new Set(categories.map((c) => c.bbf_cat_ID_PUBLICGRPORDERMAIN));
    expect(groups).toContain(1962);
    expect(groups).toContain(1963);
    expect(categories.some((c) => c.bbf_cat_name === "VIVA Sortiment")).toBe(true);
    for (const c of categories) {
      expect(c.translations.german.NAME).toBe(c.bbf_cat_name);
      expect(c.translations.english.NAME.length).toBeGreaterThan(0);
    }
  });

  it("answers 404 JSON for any other shop id", async () => {
    await expectJsonError(await get("/catalog/list/categories/38"), 404, "not_found");
    await expectJsonError(await get("/catalog/list/categories/abc"), 404, "not_found");
  });
});

describe("GET /catalog/list/categories/articles/{categoryId}", () => {
  it("returns articles and blocks with valid EANs", async () => {
    const categories = categoryListSchema.parse(await (await get("/catalog/list/categories/37")).json());
    const leaf = categories.find(
      (c) => !categories.some((child) => child.bbf_cat_parent_category === c.bbf_cat_ID_PUBLICGRPORDER),
    )!;
    const response = await get(`/catalog/list/categories/articles/${leaf.bbf_cat_ID_PUBLICGRPORDER}`);
    expect(response.status).toBe(200);
    const list = articleListSchema.parse(await response.json());
    expect(list.articles.length).toBeGreaterThan(0);
    expect(list.blocks.length).toBeGreaterThan(0);
    for (const article of list.articles) {
      expect(article.eans.length).toBeGreaterThan(0);
      for (const { EAN } of article.eans) expect(isValidEan13(EAN)).toBe(true);
      expect(article.media.every((m) => m.TYPE === "Bild")).toBe(true);
    }
  });

  it("answers 404 for an unknown id and 400 for a non-numeric one", async () => {
    await expectJsonError(await get("/catalog/list/categories/articles/999999"), 404, "not_found");
    await expectJsonError(await get("/catalog/list/categories/articles/abc"), 400, "bad_request");
  });
});

describe("GET /api/reseller", () => {
  it("lists dealers with the provider's fields", async () => {
    const response = await get("/api/reseller");
    expect(response.status).toBe(200);
    const dealers = resellerListSchema.parse(await response.json());
    expect(dealers.length).toBeGreaterThan(100);
    expect(dealers.some((d) => d.web === undefined)).toBe(true);
    // The demo's dealers without coordinates stand on their postal code's centre, marked approximate.
    expect(dealers.filter((d) => d.position[0] === null)).toEqual([]);
    expect(dealers.some((d) => d.approximate === true)).toBe(true);
    expect(dealers.filter((d) => /\bviva\b/i.test(d.tag)).length).toBeGreaterThan(dealers.length / 2);
  });
});

describe("media and health", () => {
  it("serves article images under shop/images and documents with their real size", async () => {
    const list = articleListSchema.parse(
      await (await get("/catalog/list/categories/articles/" + (await firstLeafId()))).json(),
    );
    const image = list.articles[0]!.media[0]!.IMAGENAME;
    const response = await get(`/media/shop/images/${image}.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
  });

  it.each(["/media/../velocat.sqlite", "/media/%2e%2e/velocat.sqlite", "/media/shop/..%2f..%2fvelocat.sqlite", "/media/x%00.jpg"])(
    "answers 404 for %s",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
    },
  );

  it("reports health and readiness, with the store it uses", async () => {
    const store = testStore() === "postgres" ? "postgresql" : "sqlite";
    const health = await get("/healthz");
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "ok", store, content: expect.stringMatching(/^[0-9a-f]{12}$/), contentProblems: 0 });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", store });
  });

  it("is not ready while it starts or drains, so a load balancer sends visitors elsewhere", async () => {
    let state: "starting" | "ready" | "draining" = "starting";
    const other = await startTestServer({}, { readiness: () => state });
    try {
      const readyz = async () => {
        const response = await fetch(`${other.url}/readyz`);
        return `${response.status} ${((await response.json()) as { status: string }).status}`;
      };
      expect(await readyz()).toBe("503 starting");
      // Alive all the while: /healthz is about the process and its store, not about traffic.
      expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
      state = "ready";
      expect(await readyz()).toBe("200 ready");
      state = "draining";
      expect(await readyz()).toBe("503 draining");
    } finally {
      await other.close();
    }
  });
});

async function firstLeafId(): Promise<number> {
  const categories = categoryListSchema.parse(await (await get("/catalog/list/categories/37")).json());
  return categories.find((c) => !categories.some((child) => child.bbf_cat_parent_category === c.bbf_cat_ID_PUBLICGRPORDER))!
    .bbf_cat_ID_PUBLICGRPORDER;
}
