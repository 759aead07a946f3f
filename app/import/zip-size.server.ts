import zlib from "node:zlib";

/** A workbook past the size limit, or one whose size cannot be checked: the import refuses it. */
export class ZipSizeError extends Error {
  override name = "ZipSizeError";
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** What may follow an entry's data: a data descriptor (signature, CRC, two 4-byte sizes). */
const DESCRIPTOR_BYTES = 16;

/**
 * The bytes a ZIP archive (an XLSX workbook) holds once decompressed, all entries together; throws
 * ZipSizeError past `maxBytes`. A zip bomb declares small sizes and inflates to hundreds of MB
 * (issue 25: 300 KB became 315 MB), and the XLSX reader inflates every part it reads into memory,
 * trusting nothing but the data. So each entry is inflated here with a cap on the output, and the
 * declared sizes are not believed. The entries must lie back to back as the directory says: the XLSX
 * reader walks the local headers in order, and a part hidden between them would escape this count.
 */
export function inflatedZipSize(zip: Buffer, maxBytes: number, onEntry?: (name: string, data: Buffer) => void): number {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new ZipSizeError("the ZIP archive has no directory at its end");
  const count = zip.readUInt16LE(end + 10);
  const directory = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directory === 0xffffffff) throw new ZipSizeError("a ZIP64 archive: no import file is that large");

  const regions: { start: number; end: number }[] = [];
  let total = 0;
  let at = directory;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipSizeError("the ZIP directory is damaged");
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + zip.readUInt16LE(at + 28));
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) throw new ZipSizeError("the ZIP directory points at no entry");
    // Without a data descriptor (flag bit 3) the reader takes the size from the local header.
    if ((flags & 8) === 0 && zip.readUInt32LE(local + 18) !== compressed) throw new ZipSizeError("a ZIP entry's sizes disagree");
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const dataEnd = dataStart + compressed;
    if (dataEnd > zip.length) throw new ZipSizeError("a ZIP entry runs past the end of the file");
    regions.push({ start: local, end: dataEnd });
    const data = inflated(zip.subarray(dataStart, dataEnd), method, maxBytes - total);
    total += data?.length ?? maxBytes + 1;
    if (!data || total > maxBytes) throw new ZipSizeError(`decompressed, the workbook is larger than ${maxBytes / 1024 / 1024} MB`);
    onEntry?.(name, data);
  }
  regions.sort((a, b) => a.start - b.start);
  let expected = 0;
  for (const region of [...regions, { start: directory, end: directory }]) {
    if (region.start < expected || region.start > expected + DESCRIPTOR_BYTES) throw new ZipSizeError("the ZIP archive holds data its directory does not list");
    expected = region.end;
  }
  return total;
}

/** One entry decompressed, or null when it is larger than `room`. */
function inflated(data: Buffer, method: number, room: number): Buffer | null {
  if (method === 0) return data;
  if (method !== 8) throw new ZipSizeError(`a ZIP entry compressed with method ${method}; Excel writes deflate (8)`);
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, room + 1) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return null;
    throw new ZipSizeError(`a ZIP entry cannot be decompressed: ${(error as Error).message}`);
  }
}
