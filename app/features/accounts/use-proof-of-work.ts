import { useEffect, useRef, useState, type FormEvent } from "react";
import { PROOF_FIELD, provedAction, solveChallenge } from "./proof-of-work";

/**
 * During a sign-in surge (docs/decisions/087) a sign-in form carries a challenge: with JavaScript it is solved as soon
 * as the form shows (Web Crypto, a few hundred milliseconds at most), and a submit before that waits for it; without
 * JavaScript the server accepts the unsolved challenge once it is a few seconds old. Once solved, the form posts to
 * `provedAction(action, …)` (docs/decisions/134: the admission sees the proof before reading any body) with the proof
 * in its hidden PROOF_FIELD too. The patients' sign-in dialog and the staff console's sign-in (docs/decisions/140).
 */
export function useProofOfWork(challenge: string | undefined, action: string) {
  const [proof, setProof] = useState("");
  const pending = useRef<Promise<string> | null>(null);
  useEffect(() => {
    setProof("");
    if (!challenge || typeof crypto === "undefined" || !crypto.subtle) return;
    let live = true;
    pending.current = solveChallenge(challenge).then((found) => {
      if (live) setProof(found ?? "");
      return found ?? "";
    });
    return () => {
      live = false;
      pending.current = null;
    };
  }, [challenge]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const solving = pending.current;
    if (!challenge || proof || !solving) return;
    event.preventDefault();
    const form = event.currentTarget;
    void solving.then((found) => {
      const field = form.elements.namedItem(PROOF_FIELD);
      if (field instanceof HTMLInputElement) field.value = found;
      if (found) form.setAttribute("action", provedAction(action, challenge, found));
      pending.current = null;
      // An older browser without requestSubmit posts the form as a document (the server takes it the same way).
      if (typeof form.requestSubmit === "function") form.requestSubmit();
      else form.submit();
    });
  };
  /** The form's action: `action`, with the solved proof once there is one. */
  const formAction = challenge && proof ? provedAction(action, challenge, proof) : action;
  return { proof, onSubmit, formAction };
}
