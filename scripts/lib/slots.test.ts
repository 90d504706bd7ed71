import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the scripts, without types
import { planShards, slotEnv } from "./slots.mjs";

const env = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/leadpipe_test_h4",
  REDIS_URL: "redis://127.0.0.1:6379/4",
  PORT: "3140",
  WORKER_PORT: "3141",
  APP_URL: "http://localhost:3140",
  TEST_EXTRA_REDIS_DBS: "7,8,9",
};

describe("npm test's slots", () => {
  it("gives each slot its own database, Redis database and ports, slot 0 being the test environment itself", () => {
    expect(slotEnv(env, 0)).toBe(env);
    const second = slotEnv(env, 2);
    expect(second).toMatchObject({ DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/leadpipe_test_h4b", PORT: "3144", WORKER_PORT: "3145" });
    expect(second.REDIS_URL).toBe("redis://127.0.0.1:6379/8");
    expect(second.APP_URL).toBe("http://localhost:3144");
  });

  it("splits files into shards of about equal time, counting a shard's head start, and loses or repeats none", () => {
    const files = Array.from({ length: 12 }, (_, i) => `tests/none-such/file-${i}.test.ts`);
    const two = planShards(files, [0, 0]);
    expect(two.flat()).toEqual(files); // in their order, each once
    expect(two[0]).toEqual(files.slice(0, 6)); // unknown files count the same
    expect(planShards(files, [0, 60_000]).map((group: string[]) => group.length)).toEqual([8, 4]); // the second starts 4 files later (15 s each when unknown)
    // A shard busy for longer than all the files take gets none of them.
    expect(planShards(files, [0, 1e9])).toEqual([files, []]);
    expect(planShards(files, [0, 0, 0]).map((group: string[]) => group.length)).toEqual([4, 4, 4]);
  });
});
