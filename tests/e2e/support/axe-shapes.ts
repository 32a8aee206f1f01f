import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "./e2e-env";

/**
 * The page shapes (support/page-shape.ts) axe has already passed in this run, by any worker of any project: one
 * empty file per shape in a directory beside the e2e portal's data, emptied when the run starts (playwright.config.ts).
 * docs/decisions/117.
 */
export const axeShapesDir = `${dataDir}-axe-shapes`;

const fileOf = (key: string) => path.join(axeShapesDir, createHash("sha256").update(key).digest("hex"));

/** Whether a page of this shape, with these media and this viewport, already passed axe in this run. */
export function shapePassed(key: string): boolean {
  return fs.existsSync(fileOf(key));
}

/** After axe found nothing on a page of this shape (a shape that failed is checked again each time). */
export function markShapePassed(key: string): void {
  fs.mkdirSync(axeShapesDir, { recursive: true });
  fs.writeFileSync(fileOf(key), "");
}
