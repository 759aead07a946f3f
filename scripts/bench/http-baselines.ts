/**
 * What velocat's figures are compared with (http.bench.ts): nginx serving the same bodies as static
 * files, a bare Node server answering the same bytes (the ceiling), and nginx balancing two
 * instances. Each runs on the servers' core.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadBalancerConfig } from "../nginx-load-balancer";
import { freePort } from "../quality/local-server";
import type { RecordedAnswer } from "./ceiling-server";
import { onServerCore } from "./wrk";

export const INSTALL = "apt-get install -y wrk nginx";

export function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

async function waitForAnswer(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nothing answers at ${url}`);
}

/** Every baseline must answer exactly velocat's body, or the comparison means nothing. */
async function checkSameBodies(url: string, answers: Recorded[], who: string, hint = ""): Promise<void> {
  for (const answer of answers) {
    const response = await fetch(`${url}${answer.path}`, { headers: { "Accept-Encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || !body.equals(answer.body)) {
      throw new Error(`${who} answers ${answer.path} with ${response.status} and ${body.length} bytes, not our ${answer.body.length}${hint}`);
    }
  }
}

export async function startNginx(answers: Recorded[]) {
  const bin = findNginx();
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-nginx-"));
  // nginx's worker runs as an unprivileged user when started as root: mkdtemp's 0700 would make
  // every answer a small 403, and the baseline absurdly fast.
  fs.chmodSync(dir, 0o755);
  const root = path.join(dir, "root");
  fs.mkdirSync(root, { recursive: true });
  const locations = answers.map((answer, i) => {
    fs.writeFileSync(path.join(root, `r${i}`), answer.body);
    const exact = answer.path.split("?")[0] ?? answer.path;
    return `location = ${exact} { default_type "${answer.headers["content-type"] ?? "text/html"}"; try_files /r${i} =404; }`;
  });
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  gzip on; gzip_types application/json text/html;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${locations.join("\n    ")}
  }
}
`,
  );
  const child = spawn(...onServerCore(bin, ["-c", conf, "-g", "daemon off;"]), { stdio: "ignore" });
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForAnswer(url);
    await checkSameBodies(url, answers, "nginx", `; see ${dir}/error.log`);
    return { url, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

const HELPER_START_MS = 60_000;

/** A helper server of this folder, on the servers' core; it prints its port once listening. */
export async function startHelper(script: string, args: string[], env: NodeJS.ProcessEnv = process.env, nodeFlags: readonly string[] = []) {
  const child = spawn(...onServerCore(process.execPath, [...nodeFlags, "--import", "tsx", path.join(import.meta.dirname, script), ...args]), {
    stdio: ["ignore", "pipe", "inherit"],
    env,
  });
  const port = await new Promise<number>((resolve, reject) => {
    // A helper that hangs in start-up would hold the whole bench.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} printed no port within ${HELPER_START_MS / 1000} s`));
    }, HELPER_START_MS);
    child.stdout.setEncoding("utf8").once("data", (chunk: string) => {
      clearTimeout(timer);
      const port = Number(chunk.trim());
      if (Number.isInteger(port) && port > 0) resolve(port);
      else reject(new Error(`${script} printed ${JSON.stringify(chunk.slice(0, 80))} instead of its port`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill("SIGTERM") };
}

export async function startCeiling(answers: Recorded[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-ceiling-"));
  const file = path.join(dir, "answers.json");
  const recorded: RecordedAnswer[] = answers.map((a) => ({ path: a.path, headers: a.headers, body: a.body.toString("base64") }));
  fs.writeFileSync(file, JSON.stringify(recorded));
  const helper = await startHelper("ceiling-server.ts", [file]);
  const stop = () => {
    helper.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  await checkSameBodies(helper.url, answers, "the ceiling server").catch((error: unknown) => {
    stop();
    throw error;
  });
  return { url: helper.url, stop };
}


export interface Recorded {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** velocat's answer as wrk receives it (no Accept-Encoding), headers included, for the baselines. */
export async function record(url: string, urlPath: string): Promise<Recorded> {
  const response = await fetch(`${url}${urlPath}`, { headers: { "Accept-Encoding": "identity" } });
  if (response.status !== 200) throw new Error(`${urlPath} answered ${response.status}`);
  const headers: Record<string, string> = {};
  // Node's http writes these itself, as it does for velocat.
  const own = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
  response.headers.forEach((value, name) => {
    if (!own.has(name)) headers[name] = value;
  });
  return { path: urlPath, headers, body: Buffer.from(await response.arrayBuffer()) };
}


/** nginx with deploy/nginx-load-balancer.conf in front of these instances, on the servers' core. */
export async function startLoadBalancer(upstreamPorts: number[]) {
  const bin = findNginx();
  if (!bin) throw new Error(`nginx is needed for the two-instance row: ${INSTALL}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-balancer-"));
  // Started as root, nginx's worker is an unprivileged user: it must reach its temporary folders.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, loadBalancerConfig({ upstreamPorts, listenPort: port, workDir: dir }));
  const child = spawn(...onServerCore(bin, ["-c", conf]), { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill("SIGQUIT");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForAnswer(url);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop };
}
