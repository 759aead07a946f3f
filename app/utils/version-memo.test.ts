import { describe, expect, it, vi } from "vitest";
import { versionMemo } from "./version-memo";

describe("versionMemo", () => {
  it("reads once per version, and afresh after the version changes", async () => {
    let version = "1";
    const read = vi.fn(async () => [{ name: "a" }]);
    const memo = versionMemo(async () => version);
    const value = memo.value(read);
    expect(await value()).toBe(await value());
    expect(read).toHaveBeenCalledTimes(1);
    version = "2";
    await value();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("freezes what it keeps and forgets a failed read", async () => {
    let fail = true;
    const memo = versionMemo(async () => "1");
    const value = memo.value(async () => {
      if (fail) throw new Error("down");
      return { list: [1, 2] };
    });
    await expect(value()).rejects.toThrow("down");
    fail = false;
    const kept = await value();
    expect(Object.isFrozen(kept.list)).toBe(true);
  });

  it("keeps at most maxKeys answers, the least recently asked going first", async () => {
    const read = vi.fn(async (key: number) => key * 10);
    const keyed = versionMemo(async () => "1").keyed(read, 2);
    await keyed(1);
    await keyed(2);
    await keyed(1);
    await keyed(3); // 2 goes
    await keyed(1);
    expect(read).toHaveBeenCalledTimes(3);
    await keyed(2);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it("clears every memo of one version together", async () => {
    let version = "1";
    const memo = versionMemo(async () => version);
    const a = vi.fn(async () => "a");
    const b = vi.fn(async (key: string) => key);
    const value = memo.value(a);
    const keyed = memo.keyed(b, 10);
    await value();
    await keyed("x");
    version = "2";
    await value();
    await keyed("x");
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 2]);
  });
});
