import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

/**
 * Whether the page shows a failed form's error summary, for the document title ("Error: ..."), which the root
 * renders in <head> before the page's own routes. On the server, entry.server.tsx knows it from the answer's action
 * data (a public field of React Router's entry context); in the browser, each error summary on show reports itself
 * here. No framework internals are read (docs/decisions/080).
 */
export const FailedPostContext = createContext(false);

const ReportContext = createContext<(delta: 1 | -1) => void>(() => {});
const ShownContext = createContext(0);

/** Held by the root layout: counts the error summaries on show. */
export function FormProblemProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(0);
  const report = useCallback((delta: 1 | -1) => setShown((n) => Math.max(0, n + delta)), []);
  return (
    <ReportContext.Provider value={report}>
      <ShownContext.Provider value={shown}>{children}</ShownContext.Provider>
    </ReportContext.Provider>
  );
}

/** An error summary calls this while it shows a problem. */
export function useReportFormProblem(showing: boolean): void {
  const report = useContext(ReportContext);
  useEffect(() => {
    if (!showing) return;
    report(1);
    return () => report(-1);
  }, [showing, report]);
}

/** True when a failed post's problems are on the page: known to the server, or reported in the browser. */
export function useFormProblemShown(): boolean {
  const failedPost = useContext(FailedPostContext);
  const shown = useContext(ShownContext);
  return failedPost || shown > 0;
}
