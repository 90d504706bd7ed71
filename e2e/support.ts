import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import pg from "pg";
import { CLI_COMMAND } from "../tests/helpers/processes";

// Shared by the browser tests: signing in, screenshots at both sizes, the ops CLI and SQL against
// the test database that `npm test` prepared (the same environment the app runs with).

export const DEMO = {
  admin: { email: "admin@example.com", password: "demo-admin-pass", name: "Ada Admin" },
  reviewer: { email: "reviewer@example.com", password: "demo-reviewer-pass", name: "Rhea Reviewer" },
  viewer: { email: "viewer@example.com", password: "demo-viewer-pass", name: "Victor Viewer" },
};

export async function signIn(page: Page, user: { email: string; password: string }, path = "/") {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Sign-in hashes the password (argon2id): on a loaded machine it can take longer than a click.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}

// The session cookies of each user signed in by the form, kept for the rest of the worker's spec files.
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();

/**
 * Opens `path` signed in as `user`, for a test that is not about signing in: through the form the
 * first time in this worker (signIn), then with that session's cookies, saving the sign-in's page
 * loads (and its argon2 hash on the server). A session ended meanwhile (signed out, revoked, a role
 * change) sends the page to /login, and the form signs in again.
 */
export async function signedIn(page: Page, user: { email: string; password: string }, path = "/") {
  const cookies = sessions.get(user.email);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(path);
    if (new URL(page.url()).pathname !== "/login") return;
    await page.context().clearCookies();
  }
  await signIn(page, user, path);
  sessions.set(user.email, await page.context().cookies());
}

/** Saves `<name>-1280.png` (1280×800) and `<name>-390.png` (390×844), then returns to 1280×800. */
export async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `e2e/screenshots/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `e2e/screenshots/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * axe-core (WCAG 2.1 A and AA) over the page as it is now. Two settings halve the time of a run
 * without changing which rules run or what they find: `resultTypes: ["violations"]` (axe
 * then describes only the violations' nodes; passes and incomplete results keep one node each, and
 * the callers read only violations) and legacy mode (axe.run in the page itself; the default runs
 * axe.runPartial per frame and axe.finishRun in a new blank tab, built for cross-origin frames: the
 * app's CSP allows only same-origin frames, which legacy mode checks too).
 */
export function axe(page: Page) {
  return new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode();
}

/** Runs the ops CLI (`npm run cli -- ...`) and returns its result line. */
export function cli(...args: string[]): string {
  const out = execFileSync(process.execPath, [...CLI_COMMAND, ...args], { env: process.env, encoding: "utf8" });
  return out.trim().split("\n").at(-1)!;
}

/**
 * The ops CLI's command run in this process (lib/cli/commands.ts, what `npm run cli` runs after
 * parsing its flags), for setup: the same result line without starting a Node process (~2 s of CPU).
 */
export async function cliCommand(name: string, ...args: string[]): Promise<string> {
  const { COMMANDS } = await import("@/lib/cli/commands");
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    if (!args[i].startsWith("--") || args[i + 1] === undefined) throw new Error(`cliCommand: expected --flag value pairs, got ${args.join(" ")}`);
    flags[args[i].slice(2)] = args[i + 1];
  }
  return COMMANDS[name].run(flags);
}

export async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
