import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import { Country } from "../../../registry/contract/enums";
import { toE164 } from "../../../registry/contract/phone";
import { PHONE_CHECK_TOAST, phoneCheckView, type PhoneCheckView } from "./phone-check-rules";
import type { FlashMessage } from "~/platform/session-keys";

type State = { status: "idle" } | { status: "validating" } | PhoneCheckView;

/** ACC-015: the live check waits 500 ms after typing stops. */
export const PHONE_CHECK_DEBOUNCE_MS = 500;

const STATUSES = new Set<unknown>(["valid", "invalid", "duplicate", "error"]);

/** What /register/phone-check answered, when it is the feedback it promises. */
function asView(body: unknown): PhoneCheckView | null {
  const v = body as Partial<PhoneCheckView> | null;
  return v && typeof v === "object" && STATUSES.has(v.status) && typeof v.key === "string" ? (v as PhoneCheckView) : null;
}

/**
 * The live phone availability check, with JavaScript only (without it the same check runs on submit):
 * starts only with a complete number (10 digits; outside the US, with its country code), 500 ms after typing stops, immediately on blur if not already validating.
 * A check that fails without a message (the portal or the registry cannot be reached) also raises the toast of
 * ACC-015, for the page to show in its alert region (`toasts`, PLT-008).
 */
export function usePhoneCheck() {
  const [state, setState] = useState<State>({ status: "idle" });
  const [toasts, setToasts] = useState<FlashMessage[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<AbortController | undefined>(undefined);
  const checked = useRef<string>("");
  /** The number the toast was raised for: a retry of the same number (e.g. on leaving the field) does not raise it again. */
  const toasted = useRef<string>("");

  const run = useCallback(async (key: string, number: string, country: number) => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    checked.current = key;
    setState({ status: "validating" });
    // The toast is about the last check: a new one takes it away.
    setToasts((current) => (current.length ? [] : current));
    let view: PhoneCheckView;
    try {
      const response = await fetch(
        `${import.meta.env.BASE_URL}register/phone-check?${new URLSearchParams({ phoneNumber: number, country: String(country) })}`,
        {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        },
      );
      view = (response.ok ? asView(await response.json()) : null) ?? phoneCheckView(number, null, country);
    } catch {
      view = phoneCheckView(number, null, country);
    }
    if (controller.signal.aborted) return;
    // A failed check is tried again on the next change or on leaving the field.
    if (view.status === "error") checked.current = "";
    setState(view);
    if (!view.toast) toasted.current = "";
    else if (toasted.current !== key) {
      toasted.current = key;
      setToasts([{ kind: "alert", key: PHONE_CHECK_TOAST }]);
    }
  }, []);

  const onValue = useCallback(
    (value: string, immediate: boolean, country: number = Country.UnitedStates) => {
      // The number in E.164 by the rule of the address's country (docs/decisions/049); null until it is complete.
      const number = toE164(value, country);
      const key = number === null ? null : `${country}:${number}`;
      clearTimeout(timer.current);
      if (key === null) {
        inflight.current?.abort();
        checked.current = "";
        setState({ status: "idle" });
        return;
      }
      if (key === checked.current) return;
      if (immediate) void run(key, value.trim(), country);
      else timer.current = setTimeout(() => void run(key, value.trim(), country), PHONE_CHECK_DEBOUNCE_MS);
    },
    [run],
  );

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );
  return { state, toasts, onValue };
}

export type PhoneCheck = ReturnType<typeof usePhoneCheck>;

/** The check's feedback under the phone field, in a polite live region. */
export function PhoneCheckStatus({ id, state }: { id: string; state: State }) {
  const { t } = useTranslation();
  const text = state.status === "idle" ? "" : state.status === "validating" ? t("register.phoneValidating") : t(state.key, state.params);
  const tone = state.status === "valid" ? "check-ok" : state.status === "validating" || state.status === "idle" ? "check-pending" : "check-error";
  return (
    <p id={id} className={`live-check ${tone}`} aria-live="polite">
      {text}
    </p>
  );
}
