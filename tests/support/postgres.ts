import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./smtp-sink";

/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, listening on loopback only
 * (and a socket in that folder), trust authentication, fsync off. `stop()` shuts it down and deletes
 * the folder; callers put it in a `finally` or a teardown so a failed test does not leave it running.
 */
export interface ThrowawayPostgres {
  /** postgres://velocat@127.0.0.1:PORT/velocat */
  url: string;
  port: number;
  dir: string;
  /** A fresh, empty database in this cluster; returns its URL. */
  createDatabase(name: string): string;
  /** Shuts the server down (fast: open connections are closed) and keeps its data, for an outage test. */
  pause(): void;
  /** Starts it again on the same port after pause(). */
  resume(): void;
  stop(): void;
}

const USER = "velocat";

/** initdb and pg_ctl: pg_config's bindir first, then Debian's versioned folders (newest first). */
export function postgresBinDir(): string {
  const candidates: string[] = [];
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromConfig.status === 0) candidates.push(fromConfig.stdout.trim());
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, "bin")));
  }
  // pg_config may come from libpq-dev alone, whose bindir has no server: look for the server itself.
  const found = candidates.find((dir) => ["initdb", "pg_ctl", "postgres"].every((bin) => fs.existsSync(path.join(dir, bin))));
  if (!found) {
    throw new Error(
      "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found via pg_config --bindir or /usr/lib/postgresql/*/bin. " +
        "Install them with `apt-get install postgresql` (Debian) to run the PostgreSQL tests.",
    );
  }
  return found;
}

/** initdb refuses to run as root; as root the cluster belongs to the `postgres` system user instead. */
function runAsOwner(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-pg-"));
  const data = path.join(dir, "data");
  const log = path.join(dir, "log");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      try {
        runAsOwner(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already gone (killed with the test run): the folder still has to go.
      }
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const startArgs = ["-D", data, "-o", options, "-l", log, "-w", "-t", "30"];
  try {
    runAsOwner(path.join(bin, "initdb"), ["-D", data, "-U", USER, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
    runAsOwner(path.join(bin, "pg_ctl"), [...startArgs, "start"]);
    started = true;
    runAsOwner(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", USER, USER]);
  } catch (error) {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").slice(-10).join("\n") : "";
    stop();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`Could not start a throwaway PostgreSQL: ${(error as Error).message}\n${stderr}\n${tail}`);
  }
  const urlFor = (database: string) => `postgres://${USER}@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor(USER),
    port,
    dir,
    createDatabase(name) {
      runAsOwner(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", USER, name]);
      return urlFor(name);
    },
    pause() {
      runAsOwner(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    resume() {
      runAsOwner(path.join(bin, "pg_ctl"), [...startArgs, "start"]);
    },
    stop,
  };
}
