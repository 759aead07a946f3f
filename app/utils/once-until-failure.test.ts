import { describe, expect, it } from "vitest";
import { onceUntilFailure } from "./once-until-failure";

describe("onceUntilFailure", () => {
  it("loads once for every caller while it succeeds", async () => {
    let calls = 0;
    const get = onceUntilFailure(async () => ++calls);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    expect(await get()).toBe(1);
    expect(calls).toBe(1);
  });

  it("forgets a failure, so the next caller loads again", async () => {
    let calls = 0;
    const get = onceUntilFailure(async () => {
      calls++;
      if (calls === 1) throw new Error("cut off");
      return "loaded";
    });
    const [first, second] = await Promise.allSettled([get(), get()]);
    expect(first).toMatchObject({ status: "rejected" });
    expect(second).toMatchObject({ status: "rejected" });
    expect(await get()).toBe("loaded");
    expect(calls).toBe(2);
  });
});
