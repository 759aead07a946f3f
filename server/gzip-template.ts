import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip for a stored page whose only changing bytes are its CSP nonce, without compressing the page
 * again for every response.
 *
 * The fixed parts are compressed once, each ended with a sync flush (so each ends on a byte
 * boundary and can be followed by any other block). Per response, the nonce goes between them as a
 * tiny uncompressed ("stored") deflate block, then comes the final empty block and the gzip trailer
 * (CRC-32 and length of the whole text). The result is one ordinary gzip member that any decoder
 * reads; it costs a CRC over the page instead of a compression.
 */
export interface GzipTemplate {
  /** Compressed fixed parts, in order; the nonce goes between neighbours. */
  blocks: Buffer[];
  parts: Buffer[];
  bytes: number;
}

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
/** BFINAL=1, fixed Huffman, end of block: closes the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const MAX_STORED = 0xffff;

export function gzipTemplate(parts: Buffer[]): GzipTemplate {
  const blocks = parts.map((part) =>
    part.length === 0 ? Buffer.alloc(0) : deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  return { blocks, parts, bytes: blocks.reduce((sum, b) => sum + b.length, 0) };
}

function storedBlock(data: Buffer): Buffer {
  if (data.length > MAX_STORED) throw new RangeError("a stored deflate block holds at most 65535 bytes");
  const head = Buffer.from([0x00, data.length & 0xff, data.length >> 8, ~data.length & 0xff, (~data.length >> 8) & 0xff]);
  return Buffer.concat([head, data]);
}

/**
 * The gzip body for one response, the fixed parts joined by `nonce`, as chunks to write in order:
 * the stored blocks are shared, not copied, so a response allocates only its few small pieces.
 */
export function gzipWithNonce(template: GzipTemplate, nonce: Buffer): Buffer[] {
  const chunks: Buffer[] = [HEADER];
  const stored = storedBlock(nonce);
  let crc = 0;
  let size = 0;
  template.blocks.forEach((block, i) => {
    const part = template.parts[i] ?? Buffer.alloc(0);
    if (i > 0) {
      chunks.push(stored);
      crc = crc32(nonce, crc);
      size += nonce.length;
    }
    chunks.push(block);
    crc = crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 0x1_0000_0000, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return chunks;
}
