import pino from "pino";

export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: process.env.LEADPIPE_PROCESS ?? "web" },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: { paths: ["req.headers.authorization", "*.password", "*.apiKey", "*.secret"], censor: "[redacted]" },
});
