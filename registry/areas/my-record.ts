import { RegistryMessage } from "../contract/envelope";
import {
  AccountClosedMessage,
  AccountClosedReason,
  closeAccountRequest,
  closeAccountResult,
  MY_RECORD_CONTENT_TYPE,
  MY_RECORD_FILE,
  myRecordFile as myRecordFileSchema,
  type CloseAccountResult,
  type MyRecordFormat,
} from "../contract/my-record";
import { z } from "zod";
import { findAccount } from "../data/accounts";
import { accountClosed, closeAccount, recordAccessLog, screeningDates } from "../data/account-closure";
import { audit } from "../data/audit";
import { findConsentSignature } from "../data/consent-signatures";
import { labOrdersOfScreenings } from "../data/lab-orders";
import { labResultValues } from "../data/lab-result-values";
import { listMedicalHistories } from "../data/medical-histories";
import { findMedicalRecord } from "../data/medical-records";
import { listScreenings } from "../data/screenings";
import { readJsonObject } from "../http/body";
import type { Ctx } from "../http/context";
import { requireOwnRecord } from "../http/patient";
import { fileAnswer, ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { bodyFieldErrors } from "../http/validation";
import { langOf, type MessageLang } from "../messages/index";
import { checkCurrentPassword } from "./current-password";
import { myRecordFile, myRecordPdf, type MyRecordData } from "./my-record-document";

/**
 * The patient's own record (ACC-043, ACC-044; docs/decisions/108) as a PDF and as JSON, and closing the account
 * (ACC-045, ACC-046; docs/decisions/107). Every call: the token's own record only (PLT-013: 403 for another's).
 */

/** Everything the registry holds about the record, read as the record's owner. */
async function gather(ctx: Ctx, id: number): Promise<MyRecordData> {
  const record = await findMedicalRecord(ctx.db, id);
  if (!record) throw new Refusal(404, RegistryMessage.notFound);
  const [account, screenings, dates, medicalHistories, consent, access] = await Promise.all([
    findAccount(ctx.db, id),
    listScreenings(ctx.db, id),
    screeningDates(ctx.db, id),
    listMedicalHistories(ctx.db, id),
    findConsentSignature(ctx.db, id),
    recordAccessLog(ctx.db, id),
  ]);
  const orders = await labOrdersOfScreenings(
    ctx.db,
    screenings.map((s) => s.id),
  );
  const labOrders = [];
  for (const order of orders) labOrders.push({ ...order, values: await labResultValues(ctx.db, order.id) });
  return { record, account, screenings, screeningDates: dates, labOrders, medicalHistories, consent, access };
}

/** `?lang=en|es` when given (the page's language), else the patient's preferred one. */
function fileLang(ctx: Ctx, preferredLanguage: number): MessageLang {
  const asked = ctx.url.searchParams.get("lang");
  return asked === "es" || asked === "en" ? asked : langOf(preferredLanguage);
}

function download(format: MyRecordFormat) {
  return async (ctx: Ctx, params: Record<string, string>): Promise<Response> => {
    const id = await requireOwnRecord(ctx, params.id);
    const now = ctx.now();
    // The download is itself an access to the record: audited first, so the file lists it too.
    await audit(ctx.db, { actor: { kind: "patient", id }, action: "record.download", medicalRecordId: id, detail: { format }, at: now });
    const data = await gather(ctx, id);
    const file = myRecordFile(data, fileLang(ctx, data.record.preferredLanguage), now);
    const body = format === "pdf" ? await myRecordPdf(file) : new TextEncoder().encode(`${JSON.stringify(file, null, 2)}\n`);
    return fileAnswer(body, MY_RECORD_CONTENT_TYPE[format], MY_RECORD_FILE[format]);
  };
}

/**
 * POST /api/pass/{id}/close-account { currentPassword } (ACC-045, ACC-046; docs/decisions/107): with the right
 * current password, closes the account in one transaction (data/account-closure.ts closeAccount) and audits it.
 * A wrong or empty one: 400 errors.currentPassword (as a password change: it counts toward the sign-in lockout), and
 * nothing changes.
 */
async function close(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id, { fresh: true });
  const raw = await readJsonObject(ctx.request);
  const parsed = closeAccountRequest.safeParse({ currentPassword: raw.currentPassword ?? "" });
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, bodyFieldErrors(parsed.error, raw));
  const now = ctx.now();
  if (await accountClosed(ctx.db, id)) throw new Refusal(409, AccountClosedMessage.closed, { form: AccountClosedReason.closed });
  await checkCurrentPassword(ctx, id, parsed.data.currentPassword, now, "account.close");
  const record = (await findMedicalRecord(ctx.db, id))!;
  await ctx.db.transaction(async (tx) => {
    const { droppedMessages } = await closeAccount(
      tx,
      {
        medicalRecordId: id,
        email: record.email,
        phoneDigits: [record.phoneNumber, record.phoneNumberSecondary].map((p) => p.replace(/\D/g, "")),
      },
      now,
    );
    await audit(tx, { actor: { kind: "patient", id }, action: "account.close", medicalRecordId: id, detail: { droppedMessages }, at: now });
  });
  ctx.revocations.forget(id);
  const results: CloseAccountResult = { closedDateTime: now.toISOString() };
  return ok(results);
}

const langQuery = z.object({
  lang: z.enum(["en", "es"]).optional().describe("The file's language (the patient's preferred one when left out)."),
});

export const myRecordRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/api/pass/:id/my-record/pdf",
    handle: download("pdf"),
    doc: {
      summary: "The patient's own record as a PDF to read (my-record.pdf): answers, screenings, referrals, labs, consent, who read it.",
      auth: "patient",
      query: langQuery,
      answer: { file: "application/pdf" },
    },
  },
  {
    method: "GET",
    pattern: "/api/pass/:id/my-record/json",
    handle: download("json"),
    doc: {
      summary: "The patient's own record as JSON for a program (my-record.json, an attachment): the same content as the PDF.",
      auth: "patient",
      query: langQuery,
      answer: { bare: myRecordFileSchema },
    },
  },
  {
    method: "POST",
    pattern: "/api/pass/:id/close-account",
    handle: close,
    doc: {
      summary: "Close the account with the current password: signed out everywhere, no more messages, no more sign-in (decision 107).",
      auth: "patient",
      body: closeAccountRequest,
      answer: closeAccountResult,
    },
  },
];
