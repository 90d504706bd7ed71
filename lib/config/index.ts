import { z } from "zod";

// The environment of contract §8, validated once per process. A missing or bad value stops the
// process with a message naming the variable (see formatConfigError).

const port = z.coerce.number().int().min(1).max(65535);
const positiveInt = z.coerce.number().int().positive();
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  );

const secondsList = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, "must be comma-separated whole seconds, e.g. 5,300,1800")
  .transform((value) => value.split(",").map((part) => Number(part.trim())))
  .refine((list) => list.every((seconds) => seconds > 0), "every delay must be at least 1 second");

/** A comma-separated list, each item trimmed, empty items dropped, every item matching `pattern`. */
const commaList = (pattern: RegExp, message: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((item) => pattern.test(item)), message);

const cidrList = commaList(/^[0-9a-fA-F:.]+\/\d{1,3}$/, "must be comma-separated CIDR ranges, e.g. 127.0.0.0/8,::1/128");

const dnsServerList = commaList(
  /^([0-9.]+|\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]+)(:\d{1,5})?$/,
  "must be comma-separated IP addresses with optional ports, e.g. 1.1.1.1,127.0.0.1:5353,[::1]:53",
);

const booleanFlag = z.enum(["true", "false", "1", "0", ""]).transform((value) => value === "true" || value === "1");

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).default("postgresql://postgres@127.0.0.1:5432/leadpipe"),
  REDIS_URL: url(["redis:", "rediss:"]).default("redis://127.0.0.1:6379/0"),
  APP_URL: url(["http:", "https:"])
    .default("http://localhost:3000")
    .transform((value) => value.replace(/\/+$/, "")),
  PORT: port.default(3000),
  WORKER_PORT: port.default(3001),
  AUTH_SECRET: z.string({ error: "is required (npm start generates one into .env.local)" }).min(32, "must be at least 32 characters"),
  ENCRYPTION_KEY: z
    .string({ error: "is required (npm start generates one into .env.local)" })
    .refine((value) => Buffer.from(value, "base64").length === 32, "must be 32 bytes, base64-encoded"),
  OUTBOUND_ALLOWLIST: cidrList.default([]),
  TRUSTED_PROXY_CIDRS: cidrList.default([]),
  WEBHOOK_RETRY_SCHEDULE: secondsList.default([5, 300, 1800, 7200, 18000, 36000]),
  WEBHOOK_RETRY_WINDOW_SECONDS: positiveInt.default(86400),
  // An endpoint whose every attempt has failed for this long is disabled (0: never); 3 days.
  WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce
    .number({ error: "must be whole seconds, e.g. 259200" })
    .int("must be whole seconds, e.g. 259200")
    .min(0, "must be 0 (never) or more seconds")
    .default(259200),
  S3_ENDPOINT: url(["http:", "https:"]).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  CSV_MAX_BYTES: positiveInt.default(50 * 1024 * 1024),
  CSV_MAX_ROWS: positiveInt.default(1_000_000),
  MAILBOX_POLL_SECONDS: positiveInt.default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // DNS (lib/dns): the servers asked (empty: the system's), how long a sender's check waits for an
  // answer, and the recipient checks before draft_email (on by default; their wait is shorter).
  DNS_SERVERS: dnsServerList.default([]),
  DNS_TIMEOUT_MS: positiveInt.max(60_000).default(3000),
  RECIPIENT_CHECKS: booleanFlag.default(true),
  RECIPIENT_DNS_TIMEOUT_MS: positiveInt.max(60_000).default(1000),
  RECIPIENT_WAIT_MS: positiveInt.max(60_000).default(200),
  // SpamAssassin's spamd for the spam_score check (lib/spam): scripts/lib/spamd.mjs starts it on
  // loopback there; SPAMD_PORT=0 turns the check off (scores say "unavailable").
  SPAMD_HOST: z.string().min(1).default("127.0.0.1"),
  SPAMD_PORT: z.coerce.number().int().min(0).max(65535).default(7830),
  SPAMD_TIMEOUT_MS: positiveInt.max(120_000).default(15_000),
  // Workers score drafts with spamd (lib/spam/score-draft.ts). `false` leaves every draft's score
  // pending without asking spamd: the test suite's default (spamd spends ~0.3 s of CPU a message, and
  // the suite writes thousands of drafts on two cores); the spam tests turn it on for their worker.
  SPAM_SCORING: booleanFlag.default(true),
  // A measurement switch for `npm run bench:pipeline` (issue 36: the pipeline with evidence and checks
  // against the same build without them). `false` writes first drafts with no evidence, no checks and
  // risk low; never set it in production.
  REVIEW_CHECKS: booleanFlag.default(true),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: { name: string; message: string }[]) {
    super(formatConfigError(problems));
    this.name = "ConfigError";
  }
}

export function formatConfigError(problems: { name: string; message: string }[]): string {
  const lines = problems.map((problem) => `  ${problem.name}: ${problem.message}`);
  return `Invalid environment configuration:\n${lines.join("\n")}`;
}

/** Parses an environment; empty strings count as unset so `FOO=` falls back to the default. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => ({ name: String(issue.path[0] ?? "environment"), message: issue.message })));
  }
  return result.data;
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
