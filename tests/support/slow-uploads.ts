import fs from "node:fs";
import net from "node:net";

/**
 * An attacker that opens many connections, sends the headers of a 60 KB form post and then one
 * byte of its body, and waits: the slow-body attack of issue 12. Sockets come from many loopback
 * addresses (127.0.0.x all reach a server on 127.0.0.1), so per-address limits alone do not stop it.
 */
export interface SlowUploads {
  opened: number;
  /** Sockets the server answered or closed. */
  answered: number;
  statuses: Map<number, number>;
  close(): void;
}

export function startSlowUploads(options: { port: number; total: number; perWave: number; waveMs: number; addresses: number; paths: string[] }): {
  attack: SlowUploads;
  done: Promise<void>;
} {
  const sockets = new Set<net.Socket>();
  const attack: SlowUploads = {
    opened: 0,
    answered: 0,
    statuses: new Map(),
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
  const openOne = (n: number) => {
    const path = options.paths[n % options.paths.length] ?? "/";
    const socket = net.connect({ port: options.port, host: "127.0.0.1", localAddress: `127.0.0.${1 + (n % options.addresses)}` });
    sockets.add(socket);
    attack.opened++;
    let seen = false;
    socket.on("connect", () => {
      const type = path.startsWith("/api/") ? "application/json" : "application/x-www-form-urlencoded";
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: 60000\r\n\r\nx`);
    });
    socket.on("data", (chunk: Buffer) => {
      if (seen) return;
      seen = true;
      attack.answered++;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1"))?.[1] ?? 0);
      attack.statuses.set(status, (attack.statuses.get(status) ?? 0) + 1);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      if (!seen) {
        seen = true;
        attack.answered++;
        attack.statuses.set(0, (attack.statuses.get(0) ?? 0) + 1);
      }
      sockets.delete(socket);
    });
  };
  const done = (async () => {
    for (let n = 0; n < options.total; ) {
      for (let i = 0; i < options.perWave && n < options.total; i++, n++) openOne(n);
      await new Promise((resolve) => setTimeout(resolve, options.waveMs));
    }
  })();
  return { attack, done };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
