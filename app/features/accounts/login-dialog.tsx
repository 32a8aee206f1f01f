import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { SignInCountdown } from "./sign-in-countdown";
import { CHALLENGE_FIELD, PROOF_FIELD } from "./proof-of-work";
import { useProofOfWork } from "./use-proof-of-work";

const LOGIN_ACTION = "/register?login=1";
import type { ResetView } from "./password-form";
import { LiveRecheckForm, useLiveRecheck } from "~/enhance/live-recheck";
import { CsrfField } from "~/components/csrf-field";
import { Dialog } from "~/components/dialog";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormFailure } from "~/components/form-context";

// The rules the form re-checks itself with, once a submit came back with problems (decision 124).
const loadResetRecheck = () => import("./live-rules").then((m) => m.resetRecheck);

export type AccountDialogView =
  | { kind: "none" }
  /** `challenge`: during a sign-in surge, the proof of work the browser solves (docs/decisions/087). */
  | { kind: "login"; challenge?: string }
  | { kind: "forgot"; sent: boolean }
  | { kind: "reset"; token: string; state: ResetView };

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * The 'Already Registered?' dialog of ACC-021, ACC-023 and its other views: 'Forgot Password' (/register?forgot=1) and
 * 'Enter New Password' (/register?h=<reset token>). Each view is a plain form posting to /register; closing is a
 * link back to /register, which resets the fields and errors. With JavaScript each view is a dialog of its own (keyed
 * by its kind): going from one to another closes the first and opens the next, so focus enters a dialog that is
 * announced by its new name, on its first field (docs/decisions/092), and Escape gives focus back to the page's opener.
 */
export function LoginDialog({ view }: { view: AccountDialogView }) {
  const { t } = useTranslation();
  if (view.kind === "none") return null;
  const title = view.kind === "login" ? t("login.heading") : view.kind === "forgot" ? t("forgot.title") : t("reset.title");
  return (
    <Dialog key={view.kind} id="login-dialog" title={title} open closeTo="/register" initialFocus="field">
      {view.kind === "login" ? (
        <LoginView challenge={view.challenge} />
      ) : view.kind === "forgot" ? (
        <ForgotView sent={view.sent} />
      ) : (
        <ResetView token={view.token} state={view.state} />
      )}
    </Dialog>
  );
}

function LoginView({ challenge }: { challenge?: string }) {
  const { t } = useTranslation();
  const failure = useFormFailure("login");
  const submitting = useSubmitting("login");
  const work = useProofOfWork(challenge, LOGIN_ACTION);
  const until = Number(failure?.message?.params?.until ?? 0);
  return (
    <FormState id="login">
      <ErrorSummary failure={failure} />
      {until > 0 ? <SignInCountdown key={until} until={until} /> : null}
      <Form method="post" action={work.formAction} noValidate onSubmit={work.onSubmit}>
        <CsrfField />
        <input type="hidden" name="intent" value="login" />
        {challenge ? (
          <>
            <input type="hidden" name={CHALLENGE_FIELD} value={challenge} />
            <input type="hidden" name={PROOF_FIELD} value={work.proof} />
          </>
        ) : null}
        <TextField name="email" type="email" label={t("login.email")} autoComplete="username" spellCheck={false} />
        <TextField name="password" type="password" label={t("login.password")} autoComplete="current-password" />
        <p>
          <Link to="/register?forgot=1" preventScrollReset>
            {t("login.forgot")}
          </Link>
        </p>
        <button type="submit" disabled={submitting}>
          {t("login.submit")}
        </button>
        {submitting ? <p role="status">{t("login.submitting")}</p> : null}
      </Form>
    </FormState>
  );
}

function ForgotView({ sent }: { sent: boolean }) {
  const { t } = useTranslation();
  const failure = useFormFailure("forgot");
  const submitting = useSubmitting("forgot");
  return (
    <FormState id="forgot">
      <ErrorSummary failure={failure} />
      {sent ? (
        <div role="status" className="notice notice--success">
          <p>{t("forgot.sent")}</p>
          <p>{t("forgot.sentDetail")}</p>
        </div>
      ) : (
        <p>{t("forgot.intro")}</p>
      )}
      {sent ? null : (
        <Form method="post" action="/register?forgot=1" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="forgot" />
          <TextField name="email" type="email" label={t("forgot.email")} autoComplete="username" spellCheck={false} />
          <button type="submit" disabled={submitting}>
            {t("forgot.submit")}
          </button>
          {submitting ? <p role="status">{t("forgot.sending")}</p> : null}
        </Form>
      )}
      <p>
        <Link to="/register?login=1" role="button" className="secondary" preventScrollReset>
          {t("forgot.returnToLogin")}
        </Link>
      </p>
    </FormState>
  );
}

function ResetView({ token, state }: { token: string; state: ResetView }) {
  const { t } = useTranslation();
  const live = useLiveRecheck(useFormFailure("reset"), loadResetRecheck);
  const failure = live.failure;
  const submitting = useSubmitting("reset");
  if (state.kind === "done" && !failure) {
    return (
      <div role="status">
        <p>{t("reset.done")}</p>
        <Link to="/register?login=1" role="button" preventScrollReset>
          {t("login.submit")}
        </Link>
      </div>
    );
  }
  if (state.kind === "failed" && !failure) {
    return (
      <div role="alert">
        <p>{t("reset.failed")}</p>
        <p>
          <span className="badge badge--danger">{t(state.reasonKey)}</span>
        </p>
        <Link to="/register" role="button" className="secondary">
          {t("common.close")}
        </Link>
      </div>
    );
  }
  return (
    <FormState id="reset" defaults={{ resetToken: token }} live={failure}>
      <ErrorSummary failure={failure} rechecked={live.rechecked} />
      <p>{t("reset.intro")}</p>
      <LiveRecheckForm live={live} intent="reset" action="/register?reset=1">
        <input type="hidden" name="resetToken" value={failure?.values.resetToken ?? token} />
        <TextField name="email" type="email" label={t("reset.email")} autoComplete="username" spellCheck={false} />
        <TextField name="password" type="password" label={t("reset.password")} hint={t("register.passwordHint")} autoComplete="new-password" />
        <TextField name="confirmPassword" type="password" label={t("reset.confirmPassword")} autoComplete="new-password" />
        <div className="button-row">
          <button type="submit" disabled={submitting}>
            {t("reset.submit")}
          </button>
          <Link to="/register" role="button" className="secondary">
            {t("common.cancel")}
          </Link>
        </div>
        {submitting ? <p role="status">{t("reset.sending")}</p> : null}
      </LiveRecheckForm>
    </FormState>
  );
}
