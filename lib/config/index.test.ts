import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";

const required = { AUTH_SECRET: "x".repeat(32), ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") };

function problemsOf(env: Record<string, string>) {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => p.name);
    throw error;
  }
  return [];
}

describe("parseConfig", () => {
  it("fills contract defaults", () => {
    const config = parseConfig(required);
    expect(config.PORT).toBe(3000);
    expect(config.WEBHOOK_RETRY_SCHEDULE).toEqual([5, 300, 1800, 7200, 18000, 36000]);
    expect(config.WEBHOOK_RETRY_WINDOW_SECONDS).toBe(86400);
    expect(config.WEBHOOK_DISABLE_AFTER_SECONDS).toBe(259200);
    expect(config.OUTBOUND_ALLOWLIST).toEqual([]);
    expect(config.APP_URL).toBe("http://localhost:3000");
  });

  it("parses lists and trims a trailing slash from APP_URL", () => {
    const config = parseConfig({
      ...required,
      WEBHOOK_RETRY_SCHEDULE: "1, 2,3",
      OUTBOUND_ALLOWLIST: "127.0.0.0/8, ::1/128",
      APP_URL: "https://leads.example.com/",
    });
    expect(config.WEBHOOK_RETRY_SCHEDULE).toEqual([1, 2, 3]);
    expect(config.OUTBOUND_ALLOWLIST).toEqual(["127.0.0.0/8", "::1/128"]);
    expect(config.APP_URL).toBe("https://leads.example.com");
  });

  it("names every missing or bad value", () => {
    expect(problemsOf({})).toEqual(["AUTH_SECRET", "ENCRYPTION_KEY"]);
    expect(problemsOf({ ...required, PORT: "70000" })).toEqual(["PORT"]);
    expect(problemsOf({ ...required, REDIS_URL: "localhost:6379" })).toEqual(["REDIS_URL"]);
    expect(problemsOf({ ...required, ENCRYPTION_KEY: "c2hvcnQ=" })).toEqual(["ENCRYPTION_KEY"]);
    expect(problemsOf({ ...required, OUTBOUND_ALLOWLIST: "everything" })).toEqual(["OUTBOUND_ALLOWLIST"]);
    expect(problemsOf({ ...required, WEBHOOK_RETRY_SCHEDULE: "0,5" })).toEqual(["WEBHOOK_RETRY_SCHEDULE"]);
    expect(problemsOf({ ...required, WEBHOOK_DISABLE_AFTER_SECONDS: "-1" })).toEqual(["WEBHOOK_DISABLE_AFTER_SECONDS"]);
    expect(problemsOf({ ...required, WEBHOOK_DISABLE_AFTER_SECONDS: "3 days" })).toEqual(["WEBHOOK_DISABLE_AFTER_SECONDS"]);
    expect(problemsOf({ ...required, WEBHOOK_DISABLE_AFTER_SECONDS: "1.5" })).toEqual(["WEBHOOK_DISABLE_AFTER_SECONDS"]);
    expect(parseConfig({ ...required, WEBHOOK_DISABLE_AFTER_SECONDS: "0" }).WEBHOOK_DISABLE_AFTER_SECONDS).toBe(0);
  });

  it("treats an empty value as unset", () => {
    expect(parseConfig({ ...required, PORT: "" }).PORT).toBe(3000);
  });

  it("formats a message that names the variable", () => {
    expect(() => parseConfig({ ...required, CSV_MAX_ROWS: "-1" })).toThrow(/CSV_MAX_ROWS: /);
  });
});
