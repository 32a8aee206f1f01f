import type { Route } from "./+types/_private.e-sign";
import { Form, Link, redirect } from "react-router";
import { useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import stylesHref from "~/styles/immune-tolerance.css?url";
import { addFlash, withPatient, type SignedIn } from "~/platform/auth.server";
import { CsrfField } from "~/components/csrf-field";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormAnswer } from "~/components/form-context";
import { useHydrated } from "~/components/use-hydrated";
import { signatureMatches } from "../../registry/contract/e-sign";
import { eSignRefusal, signatureMismatch, type ESignRefusal } from "~/features/e-sign/e-sign";
import { formFailure, inputFailure, readForm, textFields } from "~/forms/form.server";
import { asFieldError } from "~/texts/text-key.server";
import { notSavedMessageKey } from "~/registry/client.server";
import { answerOr, reach } from "~/registry/reach.server";
import { SIGNATURE_NAME_MAX } from "../../registry/contract/limits";
import { PageFlash } from "~/components/flash-messages";
import { withTexts } from "~/texts/texts.server";
import { type PortalContext, portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "eSign.title" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const FORM_ID = "e-sign";
const FIELDS = ["typedName"] as const;
const REFUSALS: readonly string[] = ["eSign.notInProgram", "eSign.medicalHistoryFirst", "eSign.alreadySigned"] satisfies ESignRefusal[];
const isRefusal = (reason: string): reason is ESignRefusal => REFUSALS.includes(reason);

/** Back to the dashboard with the reason the consent cannot be signed now. */
function toDashboard(context: PortalContext, reason: ESignRefusal): Response {
  addFlash(context.session, { kind: "alert", key: reason });
  return redirect("/landing");
}

/**
 * The stage reached (GET /api/pass/{id}) and, when it is the moment to sign, the consent document (GET
 * /api/e-sign/create-pdf). "unavailable" when the registry cannot say; a redirect when signing makes no sense now.
 */
async function documentToSign(context: PortalContext, patient: SignedIn) {
  const record = await answerOr(context.registry.passRecord(patient.medicalRecordId, patient.token), null);
  if (!record?.success || !record.results) return "unavailable" as const;
  const refusal = eSignRefusal(record.results.medicalRecord.ifRegistration);
  if (refusal) return toDashboard(context, refusal);
  const doc = await answerOr(context.registry.eSignDocument(patient.token, patient.medicalRecordId), null);
  if (!doc) return "unavailable" as const;
  if (doc.success && doc.results && !doc.results.signedDateTime) return doc.results;
  if (doc.results?.signedDateTime) return toDashboard(context, "eSign.alreadySigned");
  const reason = doc.errors?.form;
  if (reason && isRefusal(reason)) return toDashboard(context, reason);
  return "unavailable" as const;
}

/**
 * /e-sign (ESG-001, MHX-006; docs/decisions/015): only once the medical history is in and before the
 * consent is signed; otherwise the patient goes back to the dashboard with the reason.
 */
export const loader = withTexts("_private.e-sign", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return withPatient(context, async (patient) => {
    const doc = await documentToSign(context, patient);
    if (doc instanceof Response) throw doc;
    if (doc === "unavailable") return { document: null };
    // The registry builds the HTML and escapes every patient value in it (contract/e-sign.ts); nothing the patient
    // types here ever reaches it.
    return {
      document: {
        html: doc.html,
        fullName: doc.fullName,
        documentHash: doc.documentHash,
      },
    };
  });
});

/**
 * 'Continue': the typed name must be the full name exactly (ESG-002; checked here and again by the registry), then
 * POST /api/e-sign with the hash of the document shown, the browser's address and user agent (ESG-003). Success goes to
 * /landing; a wrong name comes back with the inline error and what was typed; a changed document comes back with
 * the new one to read.
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const values = textFields(form, FIELDS);
  const refused = inputFailure(FORM_ID, values, FIELDS);
  if (refused) return refused;
  const documentHash = String(form.get("documentHash") ?? "");
  return withPatient(context, async (patient) => {
    const doc = await documentToSign(context, patient);
    if (doc instanceof Response) return doc;
    if (doc === "unavailable") return formFailure(FORM_ID, values, {}, FIELDS, { key: "errors.notSaved" }, 503);
    if (!signatureMatches(values.typedName, doc.fullName)) return formFailure(FORM_ID, values, { typedName: "eSign.nameMismatch" }, FIELDS);
    const sent = await reach(
      context.registry.eSign(
        patient.token,
        patient.medicalRecordId,
        {
          typedName: values.typedName.trim().slice(0, SIGNATURE_NAME_MAX),
          documentHash: documentHash.slice(0, 128),
        },
        {
          clientAddress: context.clientAddress,
          userAgent: request.headers.get("user-agent") ?? "",
        },
      ),
    );
    if (!sent.reached) return formFailure(FORM_ID, values, {}, FIELDS, { key: notSavedMessageKey(sent.error) }, 503);
    const answer = sent.answer;
    if (answer.success) {
      addFlash(context.session, {
        kind: "status",
        key: "eSign.signed",
      });
      return redirect("/landing");
    }
    const reason = answer.errors?.form;
    if (reason && isRefusal(reason)) return toDashboard(context, reason);
    if (answer.errors?.typedName) return formFailure(FORM_ID, values, { typedName: asFieldError(answer.errors.typedName) }, FIELDS);
    // A document that changed since it was shown (a new day, a new name): 200, so the page reloads the new one.
    if (reason === "eSign.documentChanged") return formFailure(FORM_ID, values, {}, FIELDS, { key: reason }, 200);
    return formFailure(FORM_ID, values, {}, FIELDS, {
      key: "eSign.signFailed",
    });
  });
}

function SignForm({ fullName, documentHash }: { fullName: string; documentHash: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const answer = useFormAnswer(FORM_ID);
  const [typed, setTyped] = useState(answer?.values.typedName ?? "");
  // With JavaScript, Continue waits for the exact full name (ESG-002) and the hint says why; without, the server checks it.
  const ready = !hydrated || signatureMatches(typed, fullName);
  const why = hydrated ? signatureMismatch(typed, fullName) : null;
  return (
    <Form method="post" noValidate>
      <CsrfField />
      <input type="hidden" name="documentHash" value={documentHash} />
      <p id="e-sign-instruction" className="e-sign__instruction">
        {t("eSign.instruction", { name: fullName })}
      </p>
      <FormState id={FORM_ID}>
        <TextField
          name="typedName"
          label={t("eSign.nameLabel")}
          describedById="e-sign-instruction e-sign-wait"
          autoComplete="off"
          spellCheck={false}
          maxLength={SIGNATURE_NAME_MAX}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </FormState>
      {/* Always in the page, so a screen reader hears the hint when it appears (and it names the disabled button's reason). */}
      <p id="e-sign-wait" className="e-sign__wait" aria-live="polite">
        {why === "case" ? t("eSign.waitCase", { name: fullName }) : why === "name" ? t("eSign.waitName", { name: fullName }) : null}
      </p>
      <div className="button-row">
        <button type="submit" disabled={!ready} aria-describedby="e-sign-wait">
          {t("eSign.continue")}
        </button>
        <Link to="/landing" role="button" className="secondary outline">
          {t("eSign.returnToDashboard")}
        </Link>
      </div>
    </Form>
  );
}

export default function ESign({ loaderData: { document } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useFormAnswer(FORM_ID);
  return (
    <main id="main" className="container e-sign" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("eSign.heading")}</h1>
      {document ? (
        <>
          <section
            className="e-sign__document"
            aria-label={t("eSign.documentLabel")}
            tabIndex={0}
            dangerouslySetInnerHTML={{ __html: document.html }}
          />
          <SignForm
            key={`${document.documentHash}-${answer?.attempt ?? "fresh"}`}
            fullName={document.fullName}
            documentHash={document.documentHash}
          />
        </>
      ) : (
        <>
          <p role="alert">{t("eSign.loadFailed")}</p>
          <Link to="/landing" role="button" className="secondary outline">
            {t("eSign.returnToDashboard")}
          </Link>
        </>
      )}
    </main>
  );
}
