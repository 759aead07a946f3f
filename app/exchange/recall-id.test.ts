import { describe, expect, it } from "vitest";
import { isRecallId, recallId } from "./recall-id";

describe("recallId", () => {
  it("is the date and the part number, lower case, with hyphens", () => {
    expect(recallId("VB-63177", "2026-11-02")).toBe("2026-11-02-vb-63177");
    expect(recallId(" AB 12/ä ", "2026-01-31")).toBe("2026-01-31-ab-12-a");
  });

  it("gives the same id for the same recall, so a re-import keeps the address", () => {
    expect(recallId("VB-1", "2026-01-01")).toBe(recallId("VB-1", "2026-01-01"));
    expect(recallId("VB-1", "2026-01-01")).not.toBe(recallId("VB-1", "2026-01-02"));
  });

  it("names a part number of symbols only by a hash, still a valid address", () => {
    const id = recallId("§§", "2026-01-01");
    expect(id).toMatch(/^2026-01-01-x[0-9a-f]{8}$/);
    expect(isRecallId(id)).toBe(true);
    expect(recallId("§§", "2026-01-01")).not.toBe(recallId("$$", "2026-01-01"));
  });

  it("keeps long part numbers to a bounded address", () => {
    const id = recallId("A".repeat(500), "2026-01-01");
    expect(isRecallId(id)).toBe(true);
  });
});

describe("isRecallId", () => {
  it.each(["2026-11-02-vb-63177", "2026-01-01-x0badf00d"])("accepts %s", (id) => expect(isRecallId(id)).toBe(true));
  it.each(["", "vb-63177", "2026-11-02-VB-63177", "2026-11-02-vb--1", "2026-11-02-..%2f", `2026-11-02-${"a".repeat(80)}`])("refuses %j", (id) =>
    expect(isRecallId(id)).toBe(false),
  );
});
