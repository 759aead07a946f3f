import os from "node:os";
import path from "node:path";
import { readContent } from "~/content/read-content.server";

/**
 * The brand of the shipped content folder, as the seed and the commands read it (readContent): what
 * tests generate the demo and its documents with, so they check what a fresh start makes.
 */
export const shippedBrand = readContent("brand", {
  dir: path.resolve(import.meta.dirname, "../../content"),
  // The brand file names no pictures; the media folder is never looked into.
  mediaDir: os.tmpdir(),
});
