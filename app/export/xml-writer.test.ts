import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { escapeAttribute, escapeText, xmlSafe, XmlWriter } from "./xml-writer";

/** Parses a document and returns the text and attributes of its elements, as a reader sees them. */
function parse(xml: string): { name: string; text: string; attributes: Record<string, string> }[] {
  const parser = new SaxesParser();
  const elements: { name: string; text: string; attributes: Record<string, string> }[] = [];
  const open: { name: string; text: string; attributes: Record<string, string> }[] = [];
  parser.on("opentag", (tag) => {
    const element = { name: tag.name, text: "", attributes: tag.attributes as Record<string, string> };
    elements.push(element);
    open.push(element);
  });
  parser.on("text", (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on("closetag", () => open.pop());
  parser.on("error", (error) => {
    throw error;
  });
  parser.write(xml).close();
  return elements;
}

async function document(write: (xml: XmlWriter) => void): Promise<string> {
  let out = "";
  const xml = new XmlWriter({ write: (chunk) => void (out += chunk) });
  write(xml);
  await xml.finish();
  return out;
}

describe("escaping", () => {
  it("escapes markup characters in text", () => {
    expect(escapeText(`Tom & Jerry <b>fett</b> ]]> "q" 'a'`)).toBe(`Tom &amp; Jerry &lt;b&gt;fett&lt;/b&gt; ]]&gt; "q" 'a'`);
  });

  it("escapes quotes, line breaks and tabs in attributes, which a parser would otherwise change", () => {
    expect(escapeAttribute(`a "b" & <c>\n\td\r`)).toBe("a &quot;b&quot; &amp; &lt;c&gt;&#10;&#9;d&#13;");
  });

  it("drops the characters XML 1.0 forbids and keeps everything else", () => {
    const forbidden = "\u0000\u0001\u0008\u000b\u000c\u000e\u001f\ufffe\uffff\udfff\ud800";
    expect(xmlSafe(`a${forbidden}b`)).toBe("ab");
    expect(escapeText(`x\u0007y`)).toBe("xy");
    expect(escapeAttribute(`x\u001by`)).toBe("xy");
    const allowed = "\t\n Grüße ß € \u007f \u0085 \ud7ff \ue000 \ufffd 🚲";
    expect(xmlSafe(allowed)).toBe(allowed);
  });

  it("gives a parser back exactly the text that was written", async () => {
    const text = "Zeile 1\r\nZeile 2 & <3> ]]> \"Zitat\" 🚲\tTab";
    const attribute = "Wert mit\nZeilenumbruch, \"Anführung\" & <Tab>\t und CR\r";
    const xml = await document((w) => {
      w.declaration();
      w.start("ROOT");
      w.element("TEXT", text, { note: attribute });
      w.end();
    });
    const text1 = parse(xml).find((e) => e.name === "TEXT");
    expect(text1?.text).toBe(text);
    expect(text1?.attributes.note).toBe(attribute);
  });

  it("leaves out a forbidden character instead of writing a document no parser reads", async () => {
    const xml = await document((w) => w.element("A", "vor\u0002nach", { b: "x\u0000y" }));
    expect(parse(xml)[0]).toMatchObject({ text: "vornach", attributes: { b: "xy" } });
  });
});

describe("XmlWriter", () => {
  it("indents nested elements and leaves out undefined attributes", async () => {
    const xml = await document((w) => {
      w.start("A", { x: 1, y: undefined });
      w.element("B", 2);
      w.end();
    });
    expect(xml).toBe(`<A x="1">\n  <B>2</B>\n</A>\n`);
  });

  it("refuses element names that are not XML names, and an unfinished document", async () => {
    const writer = new XmlWriter({ write: () => {} });
    expect(() => writer.start("A B")).toThrow(/not an XML name/);
    expect(() => writer.element("<x>", "")).toThrow(/not an XML name/);
    writer.start("OPEN");
    await expect(writer.finish()).rejects.toThrow(/unclosed elements: OPEN/);
  });

  it("hands the sink chunks of about the chunk size and waits for each", async () => {
    const chunks: string[] = [];
    let waiting = 0;
    const xml = new XmlWriter(
      {
        write: async (chunk) => {
          waiting++;
          await new Promise((resolve) => setTimeout(resolve, 1));
          chunks.push(chunk);
          waiting--;
        },
      },
      100,
    );
    xml.start("ROOT");
    for (let i = 0; i < 50; i++) {
      xml.element("ITEM", i);
      await xml.drain();
      expect(waiting).toBe(0);
    }
    xml.end();
    await xml.finish();
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.slice(0, -1).every((c) => c.length >= 100 && c.length < 130)).toBe(true);
    expect(parse(chunks.join("")).filter((e) => e.name === "ITEM")).toHaveLength(50);
  });
});
