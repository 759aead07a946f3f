import { execFile } from "node:child_process";
import path from "node:path";

/**
 * Validates a BMEcat file the way a partner would: xmllint (Debian's libxml2-utils, installed by
 * .ci/run) against the official BMEcat 2005 schema plus velocat's UDX schema, which pulls the
 * official one in from beside it. --nonet: nothing is fetched, every schema is in schemas/.
 */
export const VELOCAT_UDX_SCHEMA = path.resolve(import.meta.dirname, "..", "..", "schemas", "velocat-udx.xsd");

export interface SchemaCheck {
  valid: boolean;
  /** xmllint's messages, one per line ("file.xml:12: element X: Schemas validity error : …"). */
  errors: string[];
}

export function validateBmecat(file: string, schema = VELOCAT_UDX_SCHEMA): Promise<SchemaCheck> {
  return new Promise((resolve, reject) => {
    execFile("xmllint", ["--noout", "--nonet", "--schema", schema, file], { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        reject(new Error("xmllint is missing: install Debian's libxml2-utils (apt-get install libxml2-utils), as .ci/run does"));
        return;
      }
      // 0: valid; 3: not valid; 1: not well-formed or unreadable; 4/5: the schema itself is broken, which is the test's fault.
      const code = error ? error.code : 0;
      if (code !== 0 && code !== 1 && code !== 3) {
        reject(new Error(`xmllint failed (exit ${String(code)}): ${stderr}`));
        return;
      }
      const errors = stderr.split("\n").filter((l) => l !== "" && !/ (validates|fails to validate)$/.test(l));
      resolve({ valid: code === 0, errors });
    });
  });
}
