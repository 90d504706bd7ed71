import pino from "pino";

// One JSON line per event. Writes are buffered (async destination, flushed every 4 KiB and on
// exit), so the per-request line costs no syscall of its own on the hot path.
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
process.on("exit", () => destination.flushSync());
setInterval(() => destination.flush(), 1000).unref();

const options = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: process.env.LEADPIPE_PROCESS ?? "web" },
  timestamp: pino.stdTimeFunctions.isoTime,
};

export const log = pino(
  { ...options, redact: { paths: ["req.headers.authorization", "*.password", "*.apiKey", "*.secret"], censor: "[redacted]" } },
  destination,
);

/**
 * The request wrappers' one line per request (lib/api/v1-route.ts, lib/web/web-route.ts): flat
 * fields of our choosing (ids, method, path, status, duration), never a header, body or secret, so
 * it skips the redaction pass, which cost more than the rest of the line (docs/benchmarks.md).
 * Anything else, and anything that may carry a caller's data, goes through `log`.
 */
export const requestLog = pino(options, destination);
