import fs from "node:fs";
import path from "node:path";

/** deploy/nginx-load-balancer.conf, the configuration docs/operations.md gives for several instances. */
export const LOAD_BALANCER_CONF = path.resolve(import.meta.dirname, "..", "deploy", "nginx-load-balancer.conf");

/**
 * A whole nginx.conf around deploy/nginx-load-balancer.conf for a run on this machine (the scale-out
 * test, the HTTP bench): the file as it is, with only its upstream and listen ports replaced, inside
 * the few lines nginx needs to run in the foreground from `workDir`.
 */
export function loadBalancerConfig(options: { upstreamPorts: readonly number[]; listenPort: number; workDir: string }): string {
  const site = fs.readFileSync(LOAD_BALANCER_CONF, "utf8");
  const listed = site.match(/server 127\.0\.0\.1:\d+/g)?.length ?? 0;
  if (listed !== options.upstreamPorts.length) {
    throw new Error(`${LOAD_BALANCER_CONF} lists ${listed} instances; this run has ${options.upstreamPorts.length}`);
  }
  let next = 0;
  const balanced = site
    .replace(/server 127\.0\.0\.1:\d+/g, () => `server 127.0.0.1:${options.upstreamPorts[next++] ?? 0}`)
    .replace(/listen \d+;/, `listen 127.0.0.1:${options.listenPort};`);
  const inWork = (name: string) => path.join(options.workDir, name);
  return [
    "daemon off;",
    "worker_processes 1;",
    `pid ${inWork("nginx.pid")};`,
    `error_log ${inWork("error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${name}_temp_path ${inWork(name)};`),
    balanced,
    "}",
  ].join("\n");
}
