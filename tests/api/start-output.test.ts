import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, eventually, freePort } from "../helpers/processes";

// What a newcomer sees on `npm start` (issue 15): a short start-up (no route table, no Next banner
// before ours, no warnings), no second build after `npm test` built the same sources, and Ctrl-C
// letting the worker finish instead of forcing it. Runs the real scripts/start.mjs on a database and
// Redis db of its own, so the test app's data is untouched.
const baseUrl = new URL(process.env.DATABASE_URL!);
const database = `${baseUrl.pathname.slice(1)}_start`;
const databaseUrl = new URL(baseUrl);
databaseUrl.pathname = `/${database}`;
const redisUrl = new URL(process.env.REDIS_URL!);
redisUrl.pathname = "/15";

async function dropDatabase() {
  const admin = new URL(baseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await client.end();
}

afterAll(dropDatabase);

/** The environment a person's shell would have: none of the test runner's log or mode settings. */
function withoutTestSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _mode, LOG_LEVEL: _level, ...rest } = env;
  return rest as NodeJS.ProcessEnv;
}

describe("npm start", () => {
  it("prints a short start-up without warnings, reuses the test build and stops gracefully on Ctrl-C", { timeout: 240_000 }, async () => {
    await dropDatabase();
    const [port, workerPort] = [await freePort(), await freePort()];
    const appUrl = `http://localhost:${port}`;
    const child = spawn(process.execPath, [path.join("scripts", "start.mjs")], {
      cwd: ROOT,
      // Its own process group, as a terminal would run it: Ctrl-C is a SIGINT to the whole group.
      detached: true,
      env: {
        ...withoutTestSettings(process.env),
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: redisUrl.toString(),
        PORT: String(port),
        WORKER_PORT: String(workerPort),
        APP_URL: appUrl,
        NEXTAUTH_URL: appUrl,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await eventually(async () => output.includes("Press Ctrl-C to stop."), { timeoutMs: 180_000, everyMs: 500 });
      const before = output.slice(0, output.indexOf("LeadPipe is"));
      expect(before.split("\n").filter((line) => line.trim()).length, output).toBeLessThan(30);
      expect(output).toContain("LeadPipe is up.");
      expect(output).toContain(`Sign in at ${appUrl}/login`);
      expect(output, "npm test's build is current for npm start").toContain("Build is current");
      expect(output).not.toMatch(/warn(ing)?\b|deprecat|already executing/i);
      expect(output, "no route table").not.toMatch(/Route \(app\)|○ \(Static\)/);

      process.kill(-child.pid!, "SIGINT");
      const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("still running"), 45_000))]);
      expect(code, output).toBe(0);
      expect(output).toContain("worker: stopped");
      expect(output, "one signal reaches the worker, not two").not.toContain("second signal");
    } finally {
      // After a failed expectation it is still up. Its web and worker processes have process groups of
      // their own (so that Ctrl-C reaches only start.mjs): a SIGKILL to its group would orphan them,
      // still running. SIGTERM lets it stop them (it forces them after 30 s); SIGKILL only if it hangs.
      if (child.exitCode === null) {
        process.kill(-child.pid!, "SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 40_000))]);
        if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      }
    }
  });
});
