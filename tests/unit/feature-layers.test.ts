// Features may use one another, but never in a circle (decision 100): a cycle means two features are one, or a rule
// belongs in a layer below both (app/forms, app/platform, registry/contract).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const features = path.resolve(__dirname, "../../app/features");

/** feature -> the other features its (non-test) modules import. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of fs.readdirSync(features)) {
    const dir = path.join(features, feature);
    if (!fs.statSync(dir).isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      for (const m of text.matchAll(/from "(?:~\/features\/|(?:\.\.\/)+features\/|\.\.\/)([\w-]+)\//g)) if (m[1] !== feature) uses.add(m[1]!);
    }
    graph.set(feature, uses);
  }
  return graph;
}

/** The first cycle found, as a path of features, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const visit = (node: string, trail: string[]): string[] | null => {
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node];
    if (state.get(node) === "done") return null;
    state.set(node, "open");
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe("feature layering", () => {
  it("reads the features' imports", () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect([...graph.get("dashboard")!]).toContain("screening");
  });

  it("finds a cycle when there is one", () => {
    expect(
      findCycle(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set(["c"])],
          ["c", new Set(["a"])],
        ]),
      ),
    ).toEqual(["a", "b", "c", "a"]);
  });

  it("has no import cycle between features", () => {
    expect(findCycle(featureGraph())).toBeNull();
  });
});
