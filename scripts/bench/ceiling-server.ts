/**
 * The ceiling row of `npm run bench -- http`: bare Node `http` answering velocat's recorded answers
 * (headers and body) with nothing else to do. If the load generator cannot push this at least twice
 * as fast as velocat, it was the client, not the server, that set velocat's figure.
 *
 * Usage: node --import tsx scripts/bench/ceiling-server.ts answers.json; prints the port once listening.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedAnswer {
  path: string;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error("usage: ceiling-server.ts answers.json");
const answers = new Map(
  (JSON.parse(fs.readFileSync(file, "utf8")) as RecordedAnswer[]).map((a) => [a.path, { headers: a.headers, body: Buffer.from(a.body, "base64") }]),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => process.exit(0));
