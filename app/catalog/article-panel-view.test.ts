import { describe, expect, it } from "vitest";
import { panelSearch, readPanelState } from "./article-panel-view";
import { onlyPanelChanged, withoutPanelParams } from "./panel-revalidation";

const shape = { hasDescription: true, imageCount: 3 };
const read = (query: string, s = shape) => readPanelState(new URLSearchParams(query), s);

describe("article panel view", () => {
  it("reads the views and pictures its links name as canonical", () => {
    expect(read("")).toEqual({ state: { view: "description", image: 0 }, canonical: true });
    expect(read("view=properties&image=3&page=2")).toEqual({ state: { view: "properties", image: 2 }, canonical: true });
  });

  it("finds every other value not canonical and falls back to the default", () => {
    for (const query of ["view=description", "view=Properties", "image=1", "image=0", "image=4", "image=02", "image=2.0", "image=2&image=2", "view=properties&view=properties"]) {
      expect(read(query).canonical, query).toBe(false);
    }
    expect(read("view=properties", { hasDescription: false, imageCount: 1 })).toEqual({ state: { view: "description", image: 0 }, canonical: false });
    expect(read("image=9&view=properties").state).toEqual({ view: "properties", image: 0 });
  });

  it("builds addresses that keep the other parameters and leave the defaults out", () => {
    expect(panelSearch("?page=2&lang=en", { view: "properties", image: 1 })).toBe("?page=2&lang=en&view=properties&image=2");
    expect(panelSearch("?view=properties&image=2", { view: "description", image: 0 })).toBe("");
    expect(withoutPanelParams("?image=2&page=3")).toBe("?page=3");
  });

  it("tells a change of view from a change of page", () => {
    const at = (target: string) => new URL(target, "http://x");
    expect(onlyPanelChanged(at("/p/a/X?page=2"), at("/p/a/X?page=2&image=2"))).toBe(true);
    expect(onlyPanelChanged(at("/p/a/X?image=2"), at("/p/a/X?image=2"))).toBe(false);
    expect(onlyPanelChanged(at("/p/a/X?image=2"), at("/p/a/Y?image=3"))).toBe(false);
    expect(onlyPanelChanged(at("/p/a/X"), at("/p/a/X?lang=en"))).toBe(false);
  });
});
