import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { phoneDigits } from "../../registry/contract/phone";

/** What the portal's /register/phone-check answers (a locale key to show). */
export type PhoneCheckAnswer = { status: "valid" | "invalid" | "duplicate" | "error"; key: string };
type State = { status: "idle" } | { status: "validating" } | PhoneCheckAnswer;

/** 000 §5 Phone / §9: the live check waits 500 ms after typing stops. */
export const PHONE_CHECK_DEBOUNCE_MS = 500;

/**
 * The live phone availability check, with JavaScript only (without it the same check runs on submit):
 * starts only with 10 digits, 500 ms after typing stops, immediately on blur if not already validating.
 */
export function usePhoneCheck() {
  const [state, setState] = useState<State>({ status: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inflight = useRef<AbortController>();
  const checked = useRef<string>("");

  const run = useCallback(async (digits: string) => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    checked.current = digits;
    setState({ status: "validating" });
    try {
      const response = await fetch(`${import.meta.env.BASE_URL}register/phone-check?${new URLSearchParams({ phoneNumber: digits })}`, {
        headers: { Accept: "application/json" },
        signal: controller.signal,
      });
      const answer = (await response.json()) as PhoneCheckAnswer;
      if (!controller.signal.aborted) setState(answer);
    } catch {
      if (!controller.signal.aborted) {
        checked.current = "";
        setState({ status: "error", key: "register.phoneCheckFailed" });
      }
    }
  }, []);

  const onValue = useCallback(
    (value: string, immediate: boolean) => {
      const digits = phoneDigits(value);
      clearTimeout(timer.current);
      if (digits.length !== 10) {
        inflight.current?.abort();
        checked.current = "";
        setState({ status: "idle" });
        return;
      }
      if (digits === checked.current) return;
      if (immediate) void run(digits);
      else timer.current = setTimeout(() => void run(digits), PHONE_CHECK_DEBOUNCE_MS);
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
  return { state, onValue };
}

/** The check's feedback under the phone field, in a polite live region. */
export function PhoneCheckStatus({ id, state }: { id: string; state: State }) {
  const { t } = useTranslation();
  const text =
    state.status === "idle" ? "" : state.status === "validating" ? t("register.phoneValidating") : t(state.key);
  const tone = state.status === "valid" ? "check-ok" : state.status === "validating" || state.status === "idle" ? "check-pending" : "check-error";
  return (
    <p id={id} className={`live-check ${tone}`} aria-live="polite">
      {text}
    </p>
  );
}
