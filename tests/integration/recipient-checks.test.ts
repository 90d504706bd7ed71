import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeQueues } from "@/lib/queues";
import { createRun } from "@/lib/runs/create-run";
import { RUN_LEAD_STATE, RUN_STATUS } from "@/lib/statuses";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { startFileServer, toCsv } from "../helpers/csv-fixtures";
import { startDnsServer, type DnsTestServer } from "../helpers/dns-server";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// The recipient checks before draft_email (contract §13) through a real worker whose resolver is a
// real DNS server on loopback (DNS_SERVERS): a lead at a domain that does not exist, a role address
// and a disposable-mail address are rejected with their reasons; the others are drafted.

const actor = { type: "system" as const, id: "tests", name: "tests" };
const person = { title: "VP of Engineering", company: "Acme", industry: "Software", employees: "200", country: "US" };
let dns: DnsTestServer;
let files: Awaited<ReturnType<typeof startFileServer>>;
let worker: Spawned | null = null;

beforeAll(async () => {
  await resetDatabase();
  await seed();
  dns = await startDnsServer();
  const rows = [
    { email: "anna@pass.test", first_name: "Anna", ...person },
    { email: "bob@gone.test", first_name: "Bob", ...person },
    { email: "info@pass.test", first_name: "Info", ...person },
    { email: "kim@mailinator.com", first_name: "Kim", ...person },
    { email: "carl@a-only.test", first_name: "Carl", ...person },
    { email: "dora@pass.test", first_name: "Dora", ...person },
  ];
  files = await startFileServer(new Map([["/leads.csv", toCsv(rows)]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port), DNS_SERVERS: dns.address, RECIPIENT_CHECKS: "true", RECIPIENT_WAIT_MS: "10000" });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGKILL");
  await files?.close();
  await dns?.close();
  await closeQueues();
});

describe("recipient checks before drafting", () => {
  it("rejects the NXDOMAIN domain, the role address and the disposable domain, and drafts the rest", async () => {
    const workspace = await ensureWorkspace({ slug: "recipients", name: "Recipients" });
    const run = await createRun(workspace.id, { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv`, stop_after: "draft_email" }, actor);
    await eventually(
      async () => {
        const found = await db().run.findUniqueOrThrow({ where: { id: run.id } });
        return found.status === RUN_STATUS.completed || found.status === RUN_STATUS.failed;
      },
      { timeoutMs: 60_000 },
    );
    const leads = await db().runLead.findMany({ where: { runId: run.id }, include: { lead: { select: { email: true, status: true } } } });
    const byEmail = Object.fromEntries(leads.map((rl) => [rl.lead.email, rl]));
    expect(byEmail["bob@gone.test"]).toMatchObject({ state: RUN_LEAD_STATE.rejected, reasonCode: "no_mx", stage: "draft_email" });
    expect(byEmail["info@pass.test"]).toMatchObject({ state: RUN_LEAD_STATE.rejected, reasonCode: "role_address" });
    expect(byEmail["kim@mailinator.com"]).toMatchObject({ state: RUN_LEAD_STATE.rejected, reasonCode: "disposable_domain" });
    for (const email of ["bob@gone.test", "info@pass.test", "kim@mailinator.com"]) {
      expect(byEmail[email].reasonMessage).toBeTruthy();
      expect(byEmail[email].lead.status).toBe("rejected");
    }
    for (const email of ["anna@pass.test", "carl@a-only.test", "dora@pass.test"]) expect(byEmail[email].state).toBe(RUN_LEAD_STATE.stopped); // stop_after draft_email
    const drafts = await db().draft.findMany({ where: { runId: run.id }, include: { lead: { select: { email: true } } } });
    expect(drafts.map((d) => d.lead.email).sort()).toEqual(["anna@pass.test", "carl@a-only.test", "dora@pass.test"]);
    // The rejections are told as today's qualify rejections are: a lead.rejected event with the reason.
    const events = await db().event.findMany({ where: { workspaceId: workspace.id, type: "lead.rejected" } });
    expect(events.map((e) => (e.data as { reason: { code: string } }).reason.code).sort()).toEqual(["disposable_domain", "no_mx", "role_address"]);
  });
});
