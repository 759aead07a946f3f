import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("formats kilobytes for each language", () => {
    expect(formatFileSize(70_100, "de")).toBe("70,1 KB");
    expect(formatFileSize(70_100, "en")).toBe("70.1 KB");
  });
  it("uses bytes and megabytes at the ends", () => {
    expect(formatFileSize(512, "en")).toBe("512 B");
    expect(formatFileSize(2_345_678, "de")).toBe("2,3 MB");
  });
});
