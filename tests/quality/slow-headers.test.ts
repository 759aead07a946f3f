import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LocalServer, startLocalServer } from "../../scripts/quality/local-server";
import { probeHealth, startSlowHeaders } from "../support/slow-headers";

/**
 * Issue 25, item 1: 4,500 slow-header sockets from one address, reconnecting whenever one was
 * closed, filled MAX_CONNECTIONS, and 31 of 42 /healthz probes from another address got no answer.
 * The same attack at a smaller scale (MAX_CONNECTIONS 600, 1,000 sockets): one address may hold only
 * its share, and a visitor from another address is answered.
 */
let server: LocalServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-slow-headers-"));
  fs.cpSync(inject("templateDataDir"), dataDir, { recursive: true });
  server = await startLocalServer(dataDir, { LOG_LEVEL: "silent", MAX_CONNECTIONS: "600", MAX_CONNECTIONS_PER_CLIENT: "100" }, "ignore");
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("slow request headers from one address", () => {
  it("1,000 reconnecting slow sockets from 127.0.0.1: 19 of 20 /healthz probes from 127.0.0.2 answer 200 within 1 s", { timeout: 60_000 }, async () => {
    const port = Number(new URL(server.url).port);
    const attack = startSlowHeaders({ port, sockets: 1000, localAddress: "127.0.0.1" });
    try {
      // Until the attack has knocked on the server with every socket at least once.
      while (attack.opened < 1500) await new Promise((resolve) => setTimeout(resolve, 100));
      const statuses = await probeHealth({ port, localAddress: "127.0.0.2", count: 20, timeoutMs: 1000, gapMs: 200 });
      const answered = statuses.filter((status) => status === 200).length;
      console.log(`slow headers: ${attack.opened} sockets opened by the attacker, ${answered} of 20 probes answered 200 within 1 s`);
      expect(answered).toBeGreaterThanOrEqual(19);
    } finally {
      attack.stop();
    }
  });
});
