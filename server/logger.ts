/** JSON log lines on stdout. Callers pass only safe fields: never query strings, bodies, tokens, codes or health data. */
export type Log = (entry: Record<string, unknown>) => void;

export function createLogger(level: "info" | "error" | "silent"): Log {
  return (entry) => {
    if (level === "silent") return;
    if (level === "error" && entry.level !== "error") return;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: "info", ...entry })}\n`);
  };
}
