import { describe, expect, it } from "vitest";
import { CONTENT_FILES } from "./content-files";

describe("the content registry", () => {
  it("names each file once, by a unique name, under the content folder", () => {
    const names = CONTENT_FILES.map((entry) => entry.name);
    const paths = CONTENT_FILES.map((entry) => entry.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const entry of CONTENT_FILES) {
      expect(entry.path, entry.name).toMatch(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[\w./-]+\.(ya?ml|md)$/);
      expect(entry.path.endsWith(".md"), entry.name).toBe(entry.format === "markdown");
    }
  });
});
