/**
 * Staff commands for lab orders (LAB-002, LAB-006, PLT-014), registered in registry/cli.ts:
 *   approve-labs --order N | --screening N | --all   approve waiting lab orders; prints their requisition numbers
 *   attach-lab-results <requisition> <file.pdf>      attach the lab's results PDF to an approved order
 *   record-lab-values <requisition> <file.csv|file.json>   record the values the lab reported (docs/decisions/044)
 *   list-lab-orders                                  every lab order: ids, dates and states (no patient data)
 *   add-lab --name "…"                               a new lab (an administrator then grants its staff the lab role)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { hasDisallowedCharacters } from "../contract/text-rules";
import { audit } from "../data/audit";
import { insertLab } from "../data/lab-orders";
import { uniqueViolation } from "../db/errors";
import type { Db } from "../db/types";
import type { RegistryConfig } from "../settings";
import { onDb, out, type Command, type Write } from "./on-db";
import { approveLabs, attachResults, labOrdersReport, recordValuesFromFile, type ApproveTarget } from "./labs";

const positiveId = (name: string, value: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new Error(`${name} must be a positive whole number`);
  return Number(value);
};

/** The one target of approve-labs, from exactly one of --order, --screening, --all. */
export function approveTarget(args: string[]): ApproveTarget {
  const { values } = parseArgs({
    args,
    options: { order: { type: "string" }, screening: { type: "string" }, all: { type: "boolean" } },
    strict: true,
  });
  const given = [values.order !== undefined, values.screening !== undefined, values.all === true].filter(Boolean).length;
  if (given !== 1) throw new Error("usage: approve-labs --order <lab order id> | --screening <screening id> | --all");
  if (values.order !== undefined) return { orderId: positiveId("--order", values.order) };
  if (values.screening !== undefined) return { screeningId: positiveId("--screening", values.screening) };
  return { all: true };
}

export async function approveLabsCommand(db: Db, config: RegistryConfig, args: string[], write: Write): Promise<void> {
  const approved = await approveLabs(db, config.settings, approveTarget(args));
  if (approved.length === 0) write("No lab order is waiting for approval.\n");
  for (const a of approved) {
    write(`approved lab order ${a.orderId} (screening ${a.screeningId}): requisition ${a.requisition}, valid until ${a.expiresOn}\n`);
  }
}

export async function attachLabResultsCommand(db: Db, args: string[], write: Write): Promise<void> {
  const [requisition, file] = args;
  if (!requisition || !file || args.length !== 2) throw new Error("usage: attach-lab-results <requisition> <file.pdf>");
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const done = await attachResults(db, requisition, bytes);
  write(`attached ${file} (${done.bytes} bytes) to requisition ${done.requisition}; process-lab-results records it (or already did).\n`);
}

export async function recordLabValuesCommand(db: Db, args: string[], write: Write): Promise<void> {
  const [requisition, file] = args;
  if (!requisition || !file || args.length !== 2) throw new Error("usage: record-lab-values <requisition> <file.csv|file.json>");
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`cannot read ${file}: the file is not UTF-8 text`);
  }
  const done = await recordValuesFromFile(db, requisition, file, text);
  const summary = done.summaryReplaced ? "; the results summary the patient downloads now shows them" : "";
  write(`recorded ${done.recorded} value${done.recorded === 1 ? "" : "s"} for requisition ${done.requisition}${summary}.\n`);
}

/** add-lab --name "…": a new lab (docs/decisions/133); prints its id. The name is unique. */
export async function addLabCommand(db: Db, args: string[], write: Write): Promise<void> {
  const { values } = parseArgs({ args, options: { name: { type: "string" } }, strict: true });
  const name = (values.name ?? "").trim();
  if (!name || name.length > 200 || hasDisallowedCharacters(name)) throw new Error('usage: add-lab --name "<lab name, 1 to 200 characters>"');
  let id: number;
  try {
    id = await insertLab(db, name);
  } catch (error) {
    if (uniqueViolation(error)) throw new Error(`a lab is already named ${name}`);
    throw error;
  }
  await audit(db, { actor: { kind: "operator" }, action: "labs.lab.add", detail: { labId: id }, at: new Date() });
  write(`added lab ${id}: ${name}\n`);
}

export const labCommands: Record<string, Command> = {
  "add-lab": onDb((db, _config, args) => addLabCommand(db, args, out)),
  "approve-labs": onDb((db, config, args) => approveLabsCommand(db, config, args, out)),
  "attach-lab-results": onDb((db, _config, args) => attachLabResultsCommand(db, args, out)),
  "list-lab-orders": onDb(async (db) => out(await labOrdersReport(db))),
  "record-lab-values": onDb((db, _config, args) => recordLabValuesCommand(db, args, out)),
};
