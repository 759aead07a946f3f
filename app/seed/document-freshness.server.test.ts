import { describe, expect, it } from "vitest";
import type { DB } from "~/db/database.server";
import type { DocumentBrand } from "~/documents/document-brand.server";
import { shippedBrand } from "~/../tests/support/shipped-brand";
import { followBrandContent, type BrandSource, type DocumentsState } from "./document-freshness.server";

/** A content store stand-in: `edit` changes the brand and tells the listeners, as the live store does. */
function fakeContent() {
  let brand: DocumentBrand = shippedBrand();
  const listeners = new Set<(name: string) => void>();
  const content: BrandSource = {
    get: () => brand,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const tell = (name: string) => {
    for (const listener of listeners) listener(name);
  };
  return {
    content,
    listeners,
    edit(street: string) {
      brand = { ...brand, company: { ...brand.company, street } };
      tell("brand");
    },
    tell,
  };
}

/** A rebuild that waits until the test lets it finish, recording the street each one printed. */
function gatedRebuild() {
  const printed: string[] = [];
  let release: () => void = () => {};
  const rebuild = (brand: DocumentBrand): Promise<DocumentsState> => {
    printed.push(brand.company.street);
    return new Promise((resolve) => {
      release = () => resolve("rebuilt");
    });
  };
  return { printed, rebuild, finish: () => release() };
}

const db = {} as DB;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("followBrandContent", () => {
  it("rebuilds once per change, one at a time: changes during a rebuild make exactly one more, with the latest brand", async () => {
    const store = fakeContent();
    const work = gatedRebuild();
    const lines: string[] = [];
    const follower = followBrandContent({ content: store.content, db, mediaDir: "/nowhere", log: (line) => lines.push(line), rebuild: work.rebuild });
    store.edit("Erste Straße 1");
    await tick();
    expect(work.printed).toEqual(["Erste Straße 1"]);
    store.edit("Zweite Straße 2");
    store.edit("Dritte Straße 3");
    await tick();
    // Still the first: nothing runs beside it.
    expect(work.printed).toEqual(["Erste Straße 1"]);
    work.finish();
    await tick();
    await tick();
    expect(work.printed).toEqual(["Erste Straße 1", "Dritte Straße 3"]);
    work.finish();
    await follower.idle();
    expect(work.printed).toHaveLength(2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Documents rebuilt for brand version [0-9a-f]{12} in \d+ ms$/);
    follower.close();
  });

  it("ignores other content files, logs a failure in one line without throwing, and stops listening when closed", async () => {
    const store = fakeContent();
    const lines: string[] = [];
    let calls = 0;
    const follower = followBrandContent({
      content: store.content,
      db,
      mediaDir: "/nowhere",
      log: (line) => lines.push(line),
      rebuild: () => {
        calls += 1;
        return Promise.reject(new Error("disk full"));
      },
    });
    store.tell("home");
    await follower.idle();
    expect(calls).toBe(0);
    store.edit("Vierte Straße 4");
    await follower.idle();
    expect(calls).toBe(1);
    expect(lines).toEqual(["Rebuilding the documents for the changed brand failed: disk full"]);
    follower.close();
    expect(store.listeners.size).toBe(0);
    store.edit("Fünfte Straße 5");
    await follower.idle();
    expect(calls).toBe(1);
  });

  it("catches up at once with an edit saved while the server started, and does nothing when the start's brand is the store's", async () => {
    const store = fakeContent();
    const started = store.content.get("brand");
    store.edit("Während des Starts 7");
    const work = gatedRebuild();
    const follower = followBrandContent({ content: store.content, db, mediaDir: "/nowhere", log: () => {}, since: started, rebuild: work.rebuild });
    await tick();
    expect(work.printed).toEqual(["Während des Starts 7"]);
    work.finish();
    await follower.idle();
    follower.close();

    const quiet = gatedRebuild();
    const same = followBrandContent({ content: store.content, db, mediaDir: "/nowhere", log: () => {}, since: store.content.get("brand"), rebuild: quiet.rebuild });
    await same.idle();
    expect(quiet.printed).toEqual([]);
    same.close();
  });
});
