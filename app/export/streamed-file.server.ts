import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { finished } from "node:stream/promises";
import type { XmlSink } from "./xml-writer";

/**
 * Streams what `produce` writes into a temporary file beside `target` and renames it into place
 * only when all went well: a failed or interrupted export never leaves half a catalogue under the
 * real name, and whoever reads the old file meanwhile reads it whole. Each write waits while the
 * stream's buffer is full (backpressure).
 */
export async function writeStreamedFile(target: string, produce: (sink: XmlSink) => Promise<void>): Promise<void> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  const stream = fs.createWriteStream(temporary, { flags: "wx" });
  let failure: Error | null = null;
  // An error between writes (disk full) would otherwise be unhandled; the next write reports it.
  stream.on("error", (error) => {
    failure ??= error;
  });
  const sink: XmlSink = {
    async write(chunk) {
      if (failure) throw failure;
      if (!stream.write(chunk, "utf8")) await once(stream, "drain");
    },
  };
  try {
    await produce(sink);
    stream.end();
    await finished(stream);
    if (failure) throw failure;
    // On disk before the name points at it: after a crash the file is whole or the old one.
    const handle = await fs.promises.open(temporary, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, target);
  } catch (error) {
    // The stream opens its file asynchronously: removing it before the stream has closed could
    // run before the open and leave the temporary file behind.
    if (!stream.closed) {
      const closed = once(stream, "close").catch(() => undefined);
      stream.destroy();
      await closed;
    }
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}
