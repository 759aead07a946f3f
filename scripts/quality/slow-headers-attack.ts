/**
 * The slow-header attack of issue 25, item 1, at full size, for a measurement by hand (the test in
 * tests/quality/slow-headers.test.ts runs it smaller): SOCKETS reconnecting slow-header sockets from
 * 127.0.0.1 against the compiled server, then 20 /healthz probes from 127.0.0.2, each given 1 s.
 * Extra server variables come from the environment (`MAX_CONNECTIONS_PER_CLIENT=4096` switches the
 * per-address cap off). Usage: SOCKETS=4500 npx tsx scripts/quality/slow-headers-attack.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { probeHealth, startSlowHeaders } from "../../tests/support/slow-headers";
import { startLocalServer } from "./local-server";

const sockets = Number(process.env.SOCKETS ?? 4500);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-slow-headers-"));
const server = await startLocalServer(dataDir, { LOG_LEVEL: "silent" }, "ignore");
const port = Number(new URL(server.url).port);
try {
  // A fresh data folder is seeded first and the first pages are rendered: measure the attack, not that.
  while ((await fetch(`${server.url}/readyz`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const attack = startSlowHeaders({ port, sockets, localAddress: "127.0.0.1" });
  // Bounded: the attack gets 20 s to knock with every socket at least once.
  const until = Date.now() + 20_000;
  while (attack.opened < sockets * 1.5 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  const statuses = await probeHealth({ port, localAddress: "127.0.0.2", count: 20, timeoutMs: 1000, gapMs: 200 });
  attack.stop();
  const ok = statuses.filter((status) => status === 200).length;
  console.log(`${sockets} slow sockets, ${attack.opened} opened in all; /healthz from 127.0.0.2: ${ok} of 20 answered 200 within 1 s (${statuses.join(" ")})`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
