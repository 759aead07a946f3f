import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./inline-script-hashes.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const hashesOf = (html: string) => inlineScriptHashes(Buffer.from(html, "utf8"));

describe("inlineScriptHashes", () => {
  it("hashes the exact bytes of every inline script, classic and module, once each", () => {
    const html = `<html><head><script>window.x = "ä";</script></head><body><script type="module" async="">import "/a.js";</script><script>window.x = "ä";</script></body></html>`;
    expect(hashesOf(html)).toEqual([sha('window.x = "ä";'), sha('import "/a.js";')]);
  });

  it("leaves out scripts with a src and data blocks the browser does not run", () => {
    const html = `<script src="/a.js"></script><script type="application/ld+json">{"@type":"Thing"}</script><script type="application/json">{}</script><script type="text/javascript">run()</script><script type="importmap">{"imports":{}}</script>`;
    expect(hashesOf(html)).toEqual([sha("run()"), sha('{"imports":{}}')]);
  });

  it("does not take other elements whose names start with script", () => {
    expect(hashesOf(`<scripts>no</scripts><script-x>no</script-x><script>yes</script>`)).toEqual([sha("yes")]);
  });

  it("hashes an empty script and survives a document cut short", () => {
    expect(hashesOf(`<script></script><script>unfinished`)).toEqual([sha("")]);
  });
});
