import net from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the SMTP server received it: envelope, raw source, parsed headers and decoded parts. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** Header names in lower case; a repeated header keeps every value. */
  headers: Map<string, string[]>;
  text: string;
  html: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A port nothing listens on right now (the sink can be started on it later: "the server comes back"). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function splitHeaders(block: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  // Folded lines (starting with whitespace) continue the previous header.
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

function decodePart(headers: Map<string, string[]>, body: string): string {
  const encoding = headers.get("content-transfer-encoding")?.[0]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** Just enough MIME for nodemailer's text + HTML alternative messages. */
export function parseMail(raw: string): Pick<ReceivedMail, "headers" | "text" | "html"> {
  const split = raw.indexOf("\r\n\r\n");
  const headers = splitHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const result = { headers, text: "", html: "" };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type")?.[0] ?? "")?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw.slice(0, split) + "\r\n\r\n" + body];
  for (const part of parts) {
    const at = part.indexOf("\r\n\r\n");
    const partHeaders = splitHeaders(part.slice(0, at));
    const content = decodePart(partHeaders, part.slice(at + 4).replace(/\r\n$/, ""));
    const type = partHeaders.get("content-type")?.[0] ?? "";
    if (type.startsWith("text/html")) result.html = content;
    else if (type.startsWith("text/plain")) result.text = content;
  }
  return result;
}

/** A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it receives. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // A reverse DNS lookup per connection would make every delivery wait on the resolver.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom;
        messages.push({
          envelopeFrom: from ? from.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // Without it every reply waits for a delayed ACK (Nagle), about 40 ms per SMTP command.
  server.server.on("connection", (socket: net.Socket) => socket.setNoDelay(true));
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} mails, received ${messages.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
