import { expect } from "vitest";

/** Checks that a page's or a PDF's text contains every one of `parts`; a failure names the part missing. */
export function expectAllIn(text: string, parts: readonly string[]): void {
  for (const part of parts) expect(text, `should contain ${JSON.stringify(part)}`).toContain(part);
}
