import { execFile } from "node:child_process";
import net from "node:net";

/**
 * The slow-header attack of issue 25: sockets from one address that send the start of a request
 * and then one header byte now and then, never finishing, and open a new socket for every one the
 * server closes. Bounded: at most `sockets` at a time, reconnecting until `stop()`.
 */
export interface SlowHeaders {
  /** Sockets opened so far, the reconnections included. */
  opened: number;
  /** Sockets open right now. */
  open(): number;
  stop(): void;
}

export function startSlowHeaders(options: { port: number; sockets: number; localAddress: string; trickleMs?: number }): SlowHeaders {
  const live = new Set<net.Socket>();
  let stopped = false;
  const trickleMs = options.trickleMs ?? 2000;
  const attack: SlowHeaders = {
    opened: 0,
    open: () => live.size,
    stop: () => {
      stopped = true;
      for (const socket of live) socket.destroy();
    },
  };
  const openOne = () => {
    if (stopped) return;
    attack.opened++;
    const socket = net.connect({ port: options.port, host: "127.0.0.1", localAddress: options.localAddress });
    live.add(socket);
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.on("connect", () => {
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      timer = setInterval(() => socket.write("X-a: b\r\n"), trickleMs);
    });
    socket.on("error", () => undefined);
    socket.on("data", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      live.delete(socket);
      // A little later than at once: the attacker's own loop must not starve this process.
      if (!stopped) setTimeout(openOne, 20);
    });
  };
  for (let i = 0; i < options.sockets; i++) openOne();
  return attack;
}

/**
 * Probes `/healthz` `count` times from `localAddress`, one after the other, in a process of its own:
 * the attacker's busy event loop in this process must not be what makes a probe late. Each status,
 * or 0 when no answer came within `timeoutMs`.
 */
export function probeHealth(options: { port: number; localAddress: string; count: number; timeoutMs: number; gapMs: number }): Promise<number[]> {
  const probe = String.raw`
    const net = require("node:net");
    const [port, localAddress, count, timeoutMs, gapMs] = JSON.parse(process.argv[1]);
    const one = () => new Promise((resolve) => {
      const socket = net.connect({ port, host: "127.0.0.1", localAddress });
      let text = "";
      const finish = (status) => { clearTimeout(timer); socket.destroy(); resolve(status); };
      const timer = setTimeout(() => finish(0), timeoutMs);
      socket.on("connect", () => socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
        const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
        if (status) finish(Number(status[1]));
      });
      socket.on("error", () => finish(0));
      socket.on("close", () => finish(0));
    });
    (async () => {
      const statuses = [];
      for (let i = 0; i < count; i++) {
        statuses.push(await one());
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
      console.log(JSON.stringify(statuses));
    })();`;
  const args = JSON.stringify([options.port, options.localAddress, options.count, options.timeoutMs, options.gapMs]);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["-e", probe, args], (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as number[]);
    });
  });
}
