// Features sit side by side and never import one another (decision 130, replacing 100's "no cycle"): what two features
// share goes down a layer (app/components, app/platform, app/forms, app/texts, registry/contract). ESLint's
// portal/no-sideways-feature-imports (eslint.config.js) keeps it so; these tests show it does.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const features = path.join(root, "app/features");

/** feature -> the other features its (non-test) modules import, statically or by import(). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of fs.readdirSync(features)) {
    const dir = path.join(features, feature);
    if (!fs.statSync(dir).isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      for (const m of text.matchAll(/(?:from |import\()"(?:~\/features\/|(?:\.\.\/)+features\/|\.\.\/)([\w-]+)\//g))
        if (m[1] !== feature) uses.add(m[1]!);
    }
    graph.set(feature, uses);
  }
  return graph;
}

/** The messages of ESLint's sideways rule for this code in a file of app/features/dashboard. */
async function sideways(code: string, file = "app/features/dashboard/example.ts"): Promise<number> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === "portal/no-sideways-feature-imports").length;
}

describe("feature layering", () => {
  it("no feature imports another", () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect(Object.fromEntries([...graph].filter(([, uses]) => uses.size > 0).map(([f, uses]) => [f, [...uses]]))).toEqual({});
  });

  it("the lint rule refuses a sideways import, static, dynamic, re-exported or of a type, by alias or relative path", async () => {
    expect(await sideways(`import { loadCenters } from "~/features/screening/screening.server";\nexport const x = loadCenters;\n`)).toBe(1);
    expect(await sideways(`export const d = () => import("~/features/screening/results-dialog");\n`)).toBe(1);
    expect(await sideways(`export { labButton } from "../labs/lab-page-model";\n`)).toBe(1);
    expect(await sideways(`import type { CenterInfo } from "../../features/screening/step-machine";\nexport type C = CenterInfo;\n`)).toBe(1);
  });

  it("and allows the feature's own modules and the layers below", async () => {
    const code = [
      `import { registrationCard } from "./registration-card-model";`,
      `import { isVerified } from "~/platform/verification";`,
      `import { labButton } from "~/components/lab-buttons";`,
      `import { RegistrationStatus } from "../../../registry/contract/enums";`,
      `export const all = [registrationCard, isVerified, labButton, RegistrationStatus];`,
    ].join("\n");
    expect(await sideways(code)).toBe(0);
    // A test may set up with another feature (an integration test), and a route passes one feature's work to another.
    expect(
      await sideways(
        `import { loadCenters } from "~/features/screening/screening.server";\nexport const x = loadCenters;\n`,
        "app/features/dashboard/x.test.ts",
      ),
    ).toBe(0);
    expect(
      await sideways(`import { loadCenters } from "~/features/screening/screening.server";\nexport const x = loadCenters;\n`, "app/routes/x.tsx"),
    ).toBe(0);
  });
});
