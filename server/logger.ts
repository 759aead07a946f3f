import { pino, type Logger } from "pino";

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "velocat" },
    // Visitors' addresses and cookies are personal data: keep them out of the logs.
    redact: { paths: ["req.headers.cookie", "req.remoteAddress", "req.remotePort", 'res.headers["set-cookie"]'], remove: true },
  });
}
