import { describe, expect, it } from "vitest";
import { decodeSheet, encodingName } from "./sheet-encoding.server";

/** The text in a single-byte encoding, byte by byte from the decoder's own table. */
function encode(text: string, encoding: string): Uint8Array {
  const decoder = new TextDecoder(encoding);
  const byteOf = new Map(Array.from({ length: 256 }, (_, byte) => [decoder.decode(Uint8Array.of(byte)), byte] as const));
  return Uint8Array.from([...text].map((char) => byteOf.get(char) ?? 0x3f));
}

const RUSSIAN = "name;city;street\nВелоцентр;Москва;ул. Тверская, 15\nВелосипеды;Санкт-Петербург;Невский проспект, 120\n";
const GERMAN = "name;city;street\nRadhaus Müller;München;Hauptstraße 1\nVelo Zürich;Zürich;Bahnhofstrasse 3\n";
const POLISH = "name;city;street\nSklep rowerowy;Łódź;ulica Piotrkowska 12\nRowery Gdańsk;Gdańsk;Długa 5\nŻółty rower;Kraków;Floriańska 3\n";

describe("decodeSheet", () => {
  it("reads byte-order marks, valid UTF-8 and UTF-16 without a mark", () => {
    expect(decodeSheet(Buffer.from(`\ufeff${GERMAN}`))).toEqual({ text: GERMAN, encoding: "utf-8", how: "byte-order mark" });
    expect(decodeSheet(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(GERMAN, "utf16le")]))).toMatchObject({ text: GERMAN, encoding: "utf-16le" });
    const bigEndian = Buffer.from(GERMAN, "utf16le").swap16();
    expect(decodeSheet(Buffer.concat([Buffer.from([0xfe, 0xff]), bigEndian]))).toMatchObject({ text: GERMAN, encoding: "utf-16be" });
    expect(decodeSheet(Buffer.from(GERMAN))).toEqual({ text: GERMAN, encoding: "utf-8", how: "valid UTF-8" });
    expect(decodeSheet(Buffer.from(GERMAN, "utf16le"))).toEqual({ text: GERMAN, encoding: "utf-16le", how: "detected" });
    expect(decodeSheet(bigEndian)).toEqual({ text: GERMAN, encoding: "utf-16be", how: "detected" });
  });

  it("detects the single-byte sets spreadsheets write, Windows-1252 where another Latin set reads the same", () => {
    expect(decodeSheet(encode(RUSSIAN, "windows-1251"))).toEqual({ text: RUSSIAN, encoding: "windows-1251", how: "detected" });
    expect(decodeSheet(encode(GERMAN, "windows-1252"))).toEqual({ text: GERMAN, encoding: "windows-1252", how: "detected" });
    const polish = decodeSheet(encode(POLISH, "windows-1250"));
    expect(polish).toMatchObject({ how: "detected" });
    // Windows-1250 and ISO-8859-2 differ in few letters: either is a fair answer for a short sample.
    expect(["windows-1250", "iso-8859-2"]).toContain("encoding" in polish ? polish.encoding : "");
  });

  it("uses a named encoding as it is, and refuses an unknown name and binary garbage", () => {
    expect(decodeSheet(encode(RUSSIAN, "koi8-r"), "KOI8-R")).toEqual({ text: RUSSIAN, encoding: "koi8-r", how: "named" });
    expect(decodeSheet(Buffer.from(GERMAN), "klingon-8")).toEqual({ problem: expect.stringMatching(/^unknown encoding "klingon-8"/) });
    const garbage = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    expect(decodeSheet(garbage)).toEqual({ problem: expect.stringMatching(/^not a text file/) });
    expect(decodeSheet(new Uint8Array(1000))).toEqual({ problem: expect.stringMatching(/^not a text file/) });
  });

  it("knows the WHATWG names and labels", () => {
    expect(encodingName("cp1251")).toBe("windows-1251");
    expect(encodingName(" latin1 ")).toBe("windows-1252");
    expect(encodingName("UTF-16")).toBe("utf-16le");
    expect(encodingName("bogus")).toBeNull();
  });
});
