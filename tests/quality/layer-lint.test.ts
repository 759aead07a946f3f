import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../build-dir.js";

/**
 * The layer rules of eslint.config.js (decision 026) for files that several zones cover: a later
 * block's options for a rule replace an earlier one's, which once let components import the
 * server unnoticed.
 */
const eslint = new ESLint({ cwd: projectRoot });

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${projectRoot}/${file}` });
  return (result?.messages ?? []).map((message) => message.message);
}

describe("layer rules", () => {
  it.each(["app/components/probe.tsx", "app/utils/probe.ts", "app/models/probe.server.ts", "app/db/probe.ts", "app/routes/probe.tsx"])(
    "keep %s from importing the server or the scripts",
    async (file) => {
      const found = await problems(file, `import { a } from "../../server/app";\nimport { b } from "../../scripts/import";\nexport const c = [a, b];\n`);
      expect(found.filter((message) => message.includes("never imports the server or the scripts"))).toHaveLength(2);
    },
  );

  it("keep each zone's own rule beside the app-wide one", async () => {
    expect(await problems("app/components/probe.tsx", `import { a } from "~/routes/home";\nexport const b = a;\n`)).toEqual([
      expect.stringContaining("Components get their data from props or hooks"),
    ]);
    expect(await problems("app/models/probe.server.ts", `import { a } from "~/dealers/dealer/dealer";\nexport const b = a;\n`)).toEqual([
      expect.stringContaining("Models only read and write tables"),
    ]);
    expect(await problems("app/catalog/probe.ts", `import { a } from "~/models/article.server";\nexport const b = a;\n`)).toEqual([]);
  });
});
