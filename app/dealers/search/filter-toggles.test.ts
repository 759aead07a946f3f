import { describe, expect, it } from "vitest";
import { FILTER_CHIPS, matchesServices, pickFilterValues } from "./dealer-filters";
import { applyToggles, isFilterKey, withoutFilters } from "./filter-toggles";
import { isDealerSearch, parseDealerSearchParams } from "./search-params";

const toggled = (search: string) => applyToggles(new URLSearchParams(search)).toString();

describe("applyToggles", () => {
  it("switches a service or open now on and off, keeping the search", () => {
    expect(toggled("q=Berlin&r=50&toggle=workshop")).toBe("q=Berlin&r=50&service=workshop");
    expect(toggled("q=Berlin&service=workshop&toggle=workshop")).toBe("q=Berlin");
    expect(toggled("service=workshop&toggle=test-rides")).toBe("service=workshop&service=test-rides");
    expect(toggled("service=test-rides&toggle=workshop")).toBe("service=workshop&service=test-rides");
    expect(toggled("toggle=open")).toBe("open=1");
    expect(toggled("open=1&service=rental&toggle=open")).toBe("service=rental");
  });

  it("drops empty fields, the page count, unknown services and unknown toggles", () => {
    expect(toggled("q=&r=50&lat=&limit=100&service=sauna&toggle=workshop&toggle=sauna")).toBe("r=50&service=workshop");
    expect(toggled("article=VB-1&lang=en&toggle=open")).toBe("article=VB-1&lang=en&open=1");
  });

  it("without filters keeps the rest", () => {
    expect(withoutFilters(new URLSearchParams("q=10115&service=workshop&open=1&limit=100&article=X")).toString()).toBe("q=10115&article=X");
  });
});

describe("every chip", () => {
  it.each(FILTER_CHIPS.map((chip) => [chip.key, chip] as const))("%s: its address is a search that parses back with the chip pressed, and off again", (_, chip) => {
    const on = applyToggles(new URLSearchParams(`q=Kassel&toggle=${chip.key}`));
    expect(isDealerSearch(on)).toBe(true);
    const parsed = parseDealerSearchParams(on);
    expect(parsed).not.toBeNull();
    expect(chip.pressed(pickFilterValues(parsed!))).toBe(true);
    on.append("toggle", chip.key);
    expect(applyToggles(on).toString()).toBe("q=Kassel");
  });
});

describe("filter keys", () => {
  it("are open now and every service", () => {
    expect(FILTER_CHIPS[0]?.key).toBe("open");
    expect(FILTER_CHIPS.every((chip) => isFilterKey(chip.key))).toBe(true);
    expect(isFilterKey("toggle")).toBe(false);
  });

  it("need every wanted service", () => {
    expect(matchesServices({ services: ["workshop", "rental"] }, ["workshop"])).toBe(true);
    expect(matchesServices({ services: ["workshop"] }, ["workshop", "rental"])).toBe(false);
    expect(matchesServices({}, ["workshop"])).toBe(false);
    expect(matchesServices({}, [])).toBe(true);
  });
});
