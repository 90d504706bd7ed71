import pino from "pino";

// One JSON line per event. Writes are buffered (async destination, flushed every 4 KiB and on
// exit), so the per-request line costs no syscall of its own on the hot path.
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
process.on("exit", () => destination.flushSync());
setInterval(() => destination.flush(), 1000).unref();

export const log = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: process.env.LEADPIPE_PROCESS ?? "web" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["req.headers.authorization", "*.password", "*.apiKey", "*.secret"], censor: "[redacted]" },
  },
  destination,
);
