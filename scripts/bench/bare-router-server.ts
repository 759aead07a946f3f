/**
 * The framework row of `npm run bench -- http` (decision 025): the same server build's routes,
 * rendered by React Router straight from Node's `http` handler, with no framework, no security
 * headers, no compression middleware and no request log. No framework can make a miss cheaper
 * than this, so velocat's uncached figure beside it is what Express (and everything it carries)
 * costs, and the most that Fastify or any other framework could win back.
 *
 * Usage: NODE_ENV=production node --import tsx scripts/bench/bare-router-server.ts DATA_DIR [--express];
 * prints the port once listening.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { createRequestHandler } from "react-router";
import { databasePath, openDatabase } from "~/db/database.server";
import { parseEnv } from "~/env.server";
import { importServerBuild } from "../server-build";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: bare-router-server.ts DATA_DIR");
if (process.env.NODE_ENV !== "production") throw new Error("start it with NODE_ENV=production, as the launcher does");

const entry = await importServerBuild();
const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "silent" });
const db = openDatabase(databasePath(env.DATA_DIR_ABSOLUTE));
const logger = pino({ level: "silent" });
const { contextFor } = entry.loadContexts({ env, db, logger });
// The build object, as velocat hands it over in production (a function is derived anew per request).
const handle = createRequestHandler(await entry.serverBuild(), "production");

const render = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, { method: req.method, headers });
  handle(request, contextFor({ clientIp: req.socket.remoteAddress ?? "", logger, head: false }))
    .then(async (response) => {
      const body = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, [...response.headers].flat());
      res.end(body);
    })
    .catch((error: unknown) => {
      console.error(error);
      res.writeHead(500).end();
    });
};
// `--express`: the same step as the only route of a bare Express app, to see what Express alone costs.
const server = http.createServer(process.argv.includes("--express") ? express().all("*splat", render) : render);
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => process.exit(0));
