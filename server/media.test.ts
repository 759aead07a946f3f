import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaRouter } from "./media";

/** /media answers what it has, and 404 for anything else: never a 500 with a stack (issue 37). */
describe("mediaRouter", () => {
  let root: string;
  let url: string;
  let close: () => Promise<void>;
  const logged: Record<string, unknown>[] = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-media-"));
    fs.mkdirSync(path.join(root, "shop", "images"), { recursive: true });
    fs.writeFileSync(path.join(root, "shop", "images", "a.jpg"), "jpeg");
    // A file that cannot be read whoever runs the test (root reads a mode-000 file): a dangling link
    // to a loop makes the read fail with ELOOP, as a disk error or wrong permissions would.
    fs.symlinkSync("loop.jpg", path.join(root, "shop", "images", "loop.jpg"));
    const app = express();
    app.use("/media", mediaRouter(root, { warn: (fields, message) => logged.push({ ...fields, message }) }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("serves a file, and answers 404 JSON with one log line for one that cannot be read", async () => {
    expect((await fetch(`${url}/shop/images/a.jpg`)).status).toBe(200);
    const unreadable = await fetch(`${url}/shop/images/loop.jpg`);
    expect(unreadable.status).toBe(404);
    expect(await unreadable.json()).toEqual({ error: { code: "not_found", message: "No such media file." } });
    expect(logged).toEqual([expect.objectContaining({ file: "/shop/images/loop.jpg", message: "media file could not be read" })]);
  });
});
