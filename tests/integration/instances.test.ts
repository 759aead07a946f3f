import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resellerListSchema } from "~/exchange/provider-schema";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import { type TestServer, startTestServer } from "../support/test-server";

/**
 * Two instances over one database (issue 16; on both stores, vitest.postgres.config.ts): each has
 * its own handle, memos and page cache, and a change one writes reaches what the other serves once
 * the other's data-version check comes round (at most a second; its clock is moved, not waited for).
 */
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({}, { sharedWith: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe("two instances over one database", () => {
  it("an import written through one is served by the other after its next data-version check", async () => {
    const dealers = resellerListSchema.parse(await (await fetch(`${second.url}/api/reseller`)).json());
    const dealer = dealers.find((d) => d.slug && d.tag.includes("viva"));
    expect(dealer?.slug).toBeTruthy();
    const page = `${second.url}/handlersuche/${dealer!.slug}`;
    // The second instance has rendered and stored the page.
    expect(await (await fetch(page)).text()).toContain(dealer!.name);
    expect(await (await fetch(page)).text()).toContain(dealer!.name);

    const renamed = "Zweirad Umbenannt Testhaus";
    await first.db.transaction().execute(async (trx) => {
      await trx.updateTable("dealers").set({ name: renamed }).where("slug", "=", dealer!.slug!).execute();
      await recordImport(trx, newDataVersion());
    });
    // The first instance sees its own write at its next check, the second at its own.
    first.advanceClock(1000);
    second.advanceClock(1000);
    const [onFirst, onSecond] = await Promise.all([fetch(`${first.url}/handlersuche/${dealer!.slug}`), fetch(page)]);
    expect(await onFirst.text()).toContain(renamed);
    expect(await onSecond.text()).toContain(renamed);
    const api = resellerListSchema.parse(await (await fetch(`${second.url}/api/reseller`)).json());
    expect(api.find((d) => d.slug === dealer!.slug)?.name).toBe(renamed);
  });
});
