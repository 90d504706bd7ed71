// What the chaos run asks of the service: a migrated, seeded private database with an
// enterprise-plan workspace and admin tokens; a 20,000-lead CSV on a loopback file server; then,
// over /v1, a webhook endpoint, the SMTP relay, the run, and a reviewer approving or rejecting
// every draft.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { toCsv } from "../../tests/helpers/csv-fixtures";
import { ROOT } from "../../tests/helpers/processes";
import { expectStatus, type Api } from "./api";

const actor = { type: "system" as const, id: "chaos", name: "chaos" };

/** Creates the database, applies the migrations, seeds the built-in prompts and packs, and a workspace with tokens. */
export async function prepareDatabase(databaseUrl: string, tokenCount: number): Promise<{ workspaceId: string; tokens: string[] }> {
  const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, "/postgres") });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${new URL(databaseUrl).pathname.slice(1)}"`);
  await admin.end();
  execFileSync(path.join(ROOT, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "ignore",
  });

  // The service's own functions, as the CLI uses them (process.env points at the private services).
  const { seed } = await import("@/prisma/seed/run-seed");
  const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
  const { createUser } = await import("@/lib/users/create-user");
  const { createToken } = await import("@/lib/tokens/create-token");
  const { closeDb } = await import("@/lib/db");
  await seed();
  // Enterprise plan: 20× the rate limit, so the reviewer's thousands of calls are not throttled much.
  const workspace = await ensureWorkspace({ slug: "chaos", name: "Chaos", plan: "enterprise" });
  const { user } = await createUser({ workspaceSlug: "chaos", email: "admin@chaos.example", password: "chaos-admin-pass", role: "admin" });
  const tokens: string[] = [];
  for (let i = 0; i < tokenCount; i++) {
    tokens.push((await createToken({ workspaceId: workspace.id, userId: user.id, name: `chaos ${i}`, scope: "write", expiresInDays: null, actor })).token);
  }
  await closeDb();
  return { workspaceId: workspace.id, tokens };
}

/** A workspace of its own (enterprise plan) and an admin token for it: the service's own functions, as the CLI uses them. */
export async function prepareWorkspace(slug: string, name: string): Promise<{ workspaceId: string; token: string }> {
  const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
  const { createUser } = await import("@/lib/users/create-user");
  const { createToken } = await import("@/lib/tokens/create-token");
  const { closeDb } = await import("@/lib/db");
  const workspace = await ensureWorkspace({ slug, name, plan: "enterprise" });
  const { user } = await createUser({ workspaceSlug: slug, email: `admin@${slug}.example`, password: "chaos-admin-pass", role: "admin" });
  const { token } = await createToken({ workspaceId: workspace.id, userId: user.id, name, scope: "write", expiresInDays: null, actor });
  await closeDb();
  return { workspaceId: workspace.id, token };
}

/**
 * The lead list: one row in ten fits the saas-outbound ICP (and gets a draft), the others do not
 * (rejected `not_icp` by qualify).
 */
export function leadsCsv(count: number): string {
  return toCsv(
    Array.from({ length: count }, (_, i) =>
      i % 10 === 0
        ? {
            email: `lead${i}@chaos.example`,
            first_name: `Ada${i}`,
            last_name: "Fit",
            company: `Engines ${i % 211}`,
            title: "VP of Engineering",
            industry: "Software",
            employees: "400",
            country: "GB",
            notes: i % 20 === 0 ? "Hiring engineers" : "",
          }
        : {
            email: `lead${i}@chaos.example`,
            first_name: `Bob${i}`,
            last_name: "Poor",
            company: `Bakery ${i % 211}`,
            title: "Office Manager",
            industry: "Food",
            employees: "8",
            country: "IT",
            notes: "",
          },
    ),
  );
}

export async function configureAndStartRun(
  api: Api,
  token: string,
  options: { hookUrl: string; smtpPort: number; csvUrl: string; stopAfter: string | null },
): Promise<string> {
  expectStatus(
    await api.call("POST", "/v1/webhook-endpoints", token, { url: options.hookUrl, events: [], description: "chaos receiver" }),
    "create webhook endpoint",
    201,
  );
  expectStatus(
    await api.call("PUT", "/v1/relay", token, { host: "127.0.0.1", port: options.smtpPort, secure: false, from_email: "sam@chaos.example", from_name: "Sam" }),
    "set relay",
    200,
  );
  const body: Record<string, unknown> = { pack: "saas-outbound", leads_csv_url: options.csvUrl };
  if (options.stopAfter) body.stop_after = options.stopAfter;
  const run = expectStatus(await api.call("POST", "/v1/runs", token, body), "create run", 202);
  return run.body.id as string;
}

/** Approve three drafts in five, reject the others: decided by the draft id, so any order gives the same split. */
export const decide = (draftId: string): "approve" | "reject" => (createHash("sha256").update(draftId).digest()[0] % 5 < 3 ? "approve" : "reject");

export type Review = { total: number; decided: Map<string, "approve" | "reject">; done: Promise<void> };

/**
 * Decides every draft of the run over /v1, `concurrency` calls at a time, paced to about
 * `perSecond` decisions a second so that the faults land while reviews, sends and deliveries are
 * all in flight. A 409 (a retry of a decision whose answer was lost with the web process) counts
 * as decided; the final checks compare every draft's status in the database with `decided`.
 */
export function reviewDrafts(api: Api, tokens: string[], draftIds: string[], { concurrency = 8, perSecond = 100 } = {}): Review {
  const decided = new Map<string, "approve" | "reject">();
  let next = 0;
  const started = Date.now();
  async function lane(lane: number) {
    while (next < draftIds.length) {
      const index = next++;
      const id = draftIds[index];
      const ahead = started + (index / perSecond) * 1000 - Date.now();
      if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead));
      const token = tokens[(lane + index) % tokens.length];
      const choice = decide(id);
      const answer =
        choice === "approve"
          ? await api.call("POST", `/v1/drafts/${id}/approve`, token, {})
          : await api.call("POST", `/v1/drafts/${id}/reject`, token, { reason: "Not this quarter (chaos run)" });
      expectStatus(answer, `${choice} ${id}`, 200, 409);
      // A 409 is only fine when it says the draft was decided already (by our own cut-off try).
      if (answer.status === 409 && !/already|a moment ago/.test(String(answer.body.detail))) throw new Error(`${choice} ${id}: ${JSON.stringify(answer.body)}`);
      decided.set(id, choice);
    }
  }
  const done = Promise.all(Array.from({ length: concurrency }, (_, i) => lane(i))).then(() => undefined);
  return { total: draftIds.length, decided, done };
}
