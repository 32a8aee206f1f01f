import type { RequestHandler } from "express";
import type { Log } from "./logger";

/** One line per request: method, path without the query string, status, duration. */
export function requestLog(log: Log): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      log({
        msg: "request",
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - start) / 1_000_000n),
      });
    });
    next();
  };
}
