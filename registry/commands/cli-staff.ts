/**
 * Staff commands after the patient's part (docs/decisions/041), registered in registry/cli.ts:
 *   list-referrals [--center N]                                    every referral: ids, date, status (no names)
 *   referral-status --referral N --status approved|completed      a center approved / completed a referral
 *   program-stage --record N --stage preworkup-labs|completed      move an immune-tolerance record's stage on
 * Each step queues the patient's email (and text) as the staff calls do.
 */
import { parseArgs } from "node:util";
import { ImmunoFreeStatus, ReferralStatus } from "../contract/enums";
import { REFERRAL_STATUS_TEXT } from "../contract/screening";
import { StaffMessage } from "../contract/staff";
import { listReferrals } from "../data/staff-referrals";
import type { Db } from "../db/types";
import { moveProgramStage, moveReferral, type StaffOutcome } from "../areas/staff";
import type { RegistryConfig } from "../settings";
import { onDb, out, type Command, type Write } from "./on-db";

const REFERRAL_TARGETS = { approved: ReferralStatus.CenterApproved, completed: ReferralStatus.CompletedByCenter } as const;
const STAGE_TARGETS = { "preworkup-labs": ImmunoFreeStatus.Preworkuplab, completed: ImmunoFreeStatus.Completed } as const;
const STAGE_NAMES: Record<number, string> = {
  [ImmunoFreeStatus.InviteSent]: "Invite Sent",
  [ImmunoFreeStatus.Registration]: "Registration",
  [ImmunoFreeStatus.MedicalHistory]: "Medical History",
  [ImmunoFreeStatus.ESign]: "E-Sign",
  [ImmunoFreeStatus.Preworkuplab]: "Pre-workup Labs",
  [ImmunoFreeStatus.Completed]: "Completed",
};

const positiveId = (name: string, value: string | undefined): number => {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647)
    throw new Error(`${name} must be a positive whole number`);
  return Number(value);
};

function oneOf<T extends Record<string, number>>(name: string, value: string | undefined, choices: T): T[keyof T] {
  if (value === undefined || !Object.hasOwn(choices, value)) throw new Error(`${name} must be one of: ${Object.keys(choices).join(", ")}`);
  return choices[value as keyof T];
}

function done<T>(outcome: StaffOutcome<T>): T {
  if (!outcome.ok) throw new Error(`not changed: ${StaffMessage[outcome.reason]}`);
  return outcome.value;
}

export async function referralStatusCommand(db: Db, config: RegistryConfig, args: string[], write: Write, now = new Date()): Promise<void> {
  const { values } = parseArgs({ args, options: { referral: { type: "string" }, status: { type: "string" } }, strict: true });
  const referralId = positiveId("--referral", values.referral);
  const statusId = oneOf("--status", values.status, REFERRAL_TARGETS);
  const r = done(await moveReferral(db, config.settings, referralId, statusId, "command", now));
  write(`referral ${r.referralId} (screening ${r.screeningId}, center ${r.centerId}) is now ${r.status}; the patient's email is queued.\n`);
}

export async function programStageCommand(db: Db, config: RegistryConfig, args: string[], write: Write, now = new Date()): Promise<void> {
  const { values } = parseArgs({ args, options: { record: { type: "string" }, stage: { type: "string" } }, strict: true });
  const medicalRecordId = positiveId("--record", values.record);
  const stage = oneOf("--stage", values.stage, STAGE_TARGETS);
  const r = done(await moveProgramStage(db, config.settings, medicalRecordId, stage, "command", now));
  write(`medical record ${r.medicalRecordId} is now at the program stage ${STAGE_NAMES[r.stage]}; the patient's email is queued.\n`);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** list-referrals: one line per referral, newest first — ids, the date and statuses only, never names. */
export async function referralsReport(db: Db, args: string[]): Promise<string> {
  const { values } = parseArgs({ args, options: { center: { type: "string" } }, strict: true });
  const centerId = values.center === undefined ? undefined : positiveId("--center", values.center);
  const rows = await listReferrals(db, { centerId });
  if (rows.length === 0) return "No referrals.\n";
  const header = ["referral", "screening", "record", "center", "referred (UTC)", "status", "registration"];
  const cells = rows.map((r) => [
    String(r.id),
    String(r.screeningId),
    String(r.medicalRecordId),
    String(r.centerId),
    day(r.dateReferred),
    REFERRAL_STATUS_TEXT[r.statusId] ?? String(r.statusId),
    String(r.registrationStatus),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), ...cells.map(line)].join("\n") + "\n";
}

export const staffCommands: Record<string, Command> = {
  "list-referrals": onDb(async (db, _config, args) => out(await referralsReport(db, args))),
  "referral-status": onDb((db, config, args) => referralStatusCommand(db, config, args, out)),
  "program-stage": onDb((db, config, args) => programStageCommand(db, config, args, out)),
};
