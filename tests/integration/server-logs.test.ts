import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LogLine, hammer, startServer } from "../support/server-process";
import { copyTemplateDataDir } from "../support/test-server";

/**
 * The compiled server buffers its log lines and writes them off the request path (issue 15): none
 * may be lost when it is stopped or crashes, and the lines keep their fields and redactions.
 */
let dataDir: string;
beforeAll(() => {
  // One copy for both servers: the first start writes the catalogue PDFs, the second finds them.
  dataDir = copyTemplateDataDir();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const completed = (lines: LogLine[], path: string) => lines.filter((line) => line.msg === "request completed" && line.req?.url === path);

describe("server logs", () => {
  it("are all written when the server is stopped with SIGTERM, with their fields and without private data", { timeout: 120_000 }, async () => {
    const server = await startServer(dataDir);
    // A cache hit (answered before Express), a page rendered on the page path, and Express.
    const cached = "/catalog/list/categories/37";
    const rendered = "/handlersuche?q=Musterstadt&lat=48.100&lng=11.500&bench=1";
    await hammer(`${server.url}${cached}`, 3000, 16);
    await hammer(`${server.url}${rendered}`, 20, 4, { headers: { Cookie: "secret-session=abc123" } });
    // Express's static files: no route, so its query is left out of the log (issue 37 item 10).
    const express = "/favicon.svg?from=test";
    await hammer(`${server.url}${express}`, 10, 2);
    // At once, before the buffer's periodic write: the last lines are still in memory.
    server.signal("SIGTERM");
    const { code, lines, stdout } = await server.exited;

    expect(code).toBe(0);
    expect(completed(lines, cached)).toHaveLength(3000);
    // bench= is read by no route: left out of the log (issue 37 item 10); q, lat and lng redacted.
    expect(completed(lines, "/handlersuche?q=_&lat=_&lng=_")).toHaveLength(20);
    const expressLogged = "/favicon.svg";
    expect(completed(lines, expressLogged)).toHaveLength(10);
    expect(lines.at(-1)?.msg).toBe("shutting down");

    // The fields of a request line, on each path (pino-http's on the Express one).
    for (const path of [cached, expressLogged]) {
      const line = completed(lines, path)[0];
      expect(Object.keys(line ?? {}).sort(), path).toEqual(["level", "msg", "req", "res", "responseTime", "service", "time"]);
      expect(line).toMatchObject({ level: 30, service: "velocat", req: { method: "GET", url: path }, res: { statusCode: 200 } });
    }
    // The privacy page: no typed search, no position, no cookie, no visitor address.
    expect(stdout).not.toMatch(/Musterstadt|48\.1|secret-session|abc123|remoteAddress|remotePort/);
  });

  it("a crash writes its fatal line after every request line before it, and exits with 1", { timeout: 120_000 }, async () => {
    // A signal handler that throws: an exception no code of the server catches.
    const server = await startServer(dataDir, `process.on("SIGUSR2", () => { throw new Error("crash for the test"); });`);
    const cached = "/catalog/list/categories/37";
    await hammer(`${server.url}${cached}`, 500, 8);
    server.signal("SIGUSR2");
    const { code, lines } = await server.exited;

    expect(code).toBe(1);
    expect(completed(lines, cached)).toHaveLength(500);
    const fatal = lines.filter((line) => line.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatchObject({ msg: "uncaught exception", err: { message: "crash for the test" } });
  });
});
