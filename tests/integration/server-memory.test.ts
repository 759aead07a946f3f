import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hammer, startServer } from "../support/server-process";
import { copyTemplateDataDir } from "../support/test-server";

/**
 * sharp's libvips holds about 8 MB resident in every instance: a server whose pictures and
 * catalogue PDFs are already made must not load it (issue 15), and loads it for the first picture
 * it has to make.
 */
let dataDir: string;
beforeAll(() => {
  dataDir = copyTemplateDataDir();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const loadsLibvips = (pid: number) => /libvips/.test(fs.readFileSync(`/proc/${pid}/maps`, "utf8"));

describe.runIf(process.platform === "linux")("server memory", () => {
  it("loads sharp only when it makes a picture", { timeout: 180_000 }, async () => {
    // The first start writes the catalogue PDFs (with sharp); the second finds them.
    const first = await startServer(dataDir);
    first.signal("SIGTERM");
    expect((await first.exited).code).toBe(0);
    fs.rmSync(path.join(dataDir, "media", ".variants"), { recursive: true, force: true });

    const server = await startServer(dataDir);
    try {
      await hammer(`${server.url}/products/articles/Lenkergriffe`, 5, 1);
      await hammer(`${server.url}/media/shop/images/VB-17439_1.jpg`, 1, 1);
      expect(loadsLibvips(server.pid)).toBe(false);

      await hammer(`${server.url}/media/w/240/shop/images/VB-17439_1.avif`, 1, 1);
      expect(loadsLibvips(server.pid)).toBe(true);
    } finally {
      server.signal("SIGTERM");
      await server.exited;
    }
  });
});
