// The invariants, read from the private database, the webhook receiver and the SMTP sink once the
// run has completed and the deliveries have settled. Each check yields a line; any failed check
// fails the chaos run.
import type pg from "pg";
import type { Received } from "../../tests/helpers/webhook-receiver";
import type { ReceivedMail } from "../../tests/helpers/smtp-sink";
import type { Resolution } from "./in-doubt";

export type Check = { name: string; ok: boolean; detail: string };
export type Figures = Record<string, number | string>;

type Inputs = {
  pool: pg.Pool;
  runId: string;
  workspaceId: string;
  leads: number;
  decided: Map<string, "approve" | "reject">;
  received: Received[];
  mails: ReceivedMail[];
  /** The in-doubt sends the driver resolved, by send id (in-doubt.ts). */
  resolutions: Map<string, Resolution>;
};

const count = async (pool: pg.Pool, query: string, params: unknown[]) => Number((await pool.query<{ n: string }>(query, params)).rows[0].n);

function tally<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export async function checkInvariants({
  pool,
  runId,
  workspaceId,
  leads,
  decided,
  received,
  mails,
  resolutions,
}: Inputs): Promise<{ checks: Check[]; figures: Figures }> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const run = (await pool.query<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [runId])).rows[0];
  check("run completed", run?.status === "completed", `status ${run?.status}`);

  // Leads: one run-lead per lead, each in a terminal state; with no stop_after that is `done`
  // (sent), `rejected` (not_icp at qualify, or draft_rejected at review); nothing stopped or failed.
  const states = await pool.query<{ state: string; reason: string | null; n: string }>(
    `SELECT state, "reasonCode" AS reason, count(*) AS n FROM run_leads WHERE "runId" = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [runId],
  );
  const byState = new Map(states.rows.map((row) => [`${row.state}${row.reason ? `:${row.reason}` : ""}`, Number(row.n)]));
  const runLeads = [...byState.values()].reduce((a, b) => a + b, 0);
  const distinctLeads = await count(pool, `SELECT count(DISTINCT "leadId") AS n FROM run_leads WHERE "runId" = $1`, [runId]);
  check(
    "every lead in the run once",
    runLeads === leads && distinctLeads === leads,
    `${runLeads} run leads, ${distinctLeads} distinct leads, ${leads} rows in the CSV`,
  );
  const terminal = ["done", "rejected:not_icp", "rejected:draft_rejected"];
  const other = [...byState.entries()].filter(([key]) => !terminal.includes(key));
  check("every lead in one expected terminal state", other.length === 0, [...byState.entries()].map(([k, v]) => `${k} ${v}`).join(", "));

  // Drafts: one per qualified lead; each decided as the reviewer decided it.
  const drafts = await pool.query<{ id: string; status: string; leadId: string }>(`SELECT id, status, "leadId" FROM drafts WHERE "runId" = $1`, [runId]);
  const draftsPerLead = tally(drafts.rows, (row) => row.leadId);
  const qualified = await count(pool, `SELECT count(*) AS n FROM run_leads WHERE "runId" = $1 AND NOT ("state" = 'rejected' AND "reasonCode" = 'not_icp')`, [
    runId,
  ]);
  check(
    "one draft per drafted lead",
    drafts.rows.length === qualified && [...draftsPerLead.values()].every((n) => n === 1),
    `${drafts.rows.length} drafts for ${qualified} qualified leads (${draftsPerLead.size} leads with a draft)`,
  );
  const approved = [...decided.values()].filter((d) => d === "approve").length;
  const wrongStatus = drafts.rows.filter((row) => (decided.get(row.id) === "approve" ? row.status !== "sent" : row.status !== "rejected"));
  check(
    "each draft sent or rejected as reviewed",
    decided.size === drafts.rows.length && wrongStatus.length === 0,
    `${decided.size} decided (${approved} approved), ${wrongStatus.length} in another status${wrongStatus.length ? ` e.g. ${wrongStatus[0].id} ${wrongStatus[0].status}` : ""}`,
  );
  const doneLeads = byState.get("done") ?? 0;
  check("done leads = approved drafts", doneLeads === approved, `${doneLeads} done, ${approved} approved`);

  // Sends: one row per approved draft in the database; at the SMTP sink every Message-ID of ours
  // and none twice.
  const sends = await pool.query<{ messageId: string; draftId: string; confirmed: boolean; committingAt: Date | null; error: string | null }>(
    `SELECT s."messageId", s."draftId", s.confirmed, s."committingAt", s.error FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status = 'sent'`,
    [runId],
  );
  check(
    "one recorded send per approved draft",
    sends.rows.length === approved && new Set(sends.rows.map((s) => s.draftId)).size === approved,
    `${sends.rows.length} sends recorded`,
  );
  const byMessageId = tally(mails, (mail) => mail.headers.get("message-id") ?? "?");
  const byDraft = tally(mails, (mail) => mail.headers.get("x-leadpipe-draft") ?? "?");
  const missing = sends.rows.filter((s) => !byMessageId.has(s.messageId));
  const notDelivered = missing.length;
  // Which sends, and when they began ending their message: to match them with the faults above.
  for (const send of missing)
    console.log(`  lost: ${send.draftId} confirmed=${send.confirmed} committingAt=${send.committingAt?.toISOString() ?? "-"} ${send.error ?? ""}`);
  const mailCopies = mails.length - byMessageId.size;
  check("every send reached the SMTP sink", notDelivered === 0, `${notDelivered} of ${sends.rows.length} Message-IDs never arrived`);
  check(
    "no Message-ID or draft sent twice",
    mailCopies === 0 && byDraft.size === byMessageId.size,
    `${mails.length} mails, ${byMessageId.size} distinct Message-IDs, ${byDraft.size} distinct drafts`,
  );
  const unconfirmed = await count(
    pool,
    `SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status = 'sent' AND NOT s.confirmed`,
    [runId],
  );

  // Sends in doubt, counted apart: none may be left, each was resolved as the sink showed (a
  // `resend` only for a mail the sink never had, which then arrived once), and a send recorded
  // `sent` without the relay's answer (confirmed = false) only by such a resolution.
  const leftInDoubt = await count(
    pool,
    `SELECT count(*) AS n FROM sends s JOIN drafts d ON d.id = s."draftId" WHERE d."runId" = $1 AND s.status = 'in_doubt'`,
    [runId],
  );
  const resolved = [...resolutions.values()];
  const resolvedSent = resolved.filter((r) => r.outcome === "sent");
  const resent = resolved.filter((r) => r.outcome === "resend");
  const resentNotOnce = resent.filter((r) => byMessageId.get(r.messageId) !== 1);
  check(
    "no send left in doubt",
    leftInDoubt === 0,
    `${leftInDoubt} in doubt; ${resolved.length} resolved over /v1 (${resolvedSent.length} sent: at the sink; ${resent.length} resent: not at the sink)`,
  );
  check(
    "each resent doubt arrived once, under its Message-ID",
    resentNotOnce.length === 0,
    `${resentNotOnce.length} of ${resent.length} resent sends not at the sink exactly once`,
  );
  check(
    "sent without the relay's answer only by a reviewer",
    unconfirmed === resolvedSent.length,
    `${unconfirmed} sends with confirmed = false, ${resolvedSent.length} resolved sent`,
  );

  // Events: the outbox has what the leads did, once each; every event reached the receiver at
  // least once, under its own id.
  const events = await pool.query<{ id: string; type: string; subject: string }>(
    `SELECT id, type, coalesce(data->>'draft_id', data->>'lead_id') AS subject FROM events WHERE "workspaceId" = $1`,
    [workspaceId],
  );
  const byType = tally(events.rows, (event) => event.type);
  const expected: Record<string, number> = {
    "lead.qualified": qualified,
    "lead.rejected": leads - qualified,
    "draft.ready": drafts.rows.length,
    "draft.approved": approved,
    "draft.rejected": decided.size - approved,
    "send.completed": approved,
  };
  const typeMismatch = Object.entries(expected).filter(([type, n]) => (byType.get(type) ?? 0) !== n);
  const repeated = [...tally(events.rows, (e) => `${e.type}/${e.subject}`).values()].filter((n) => n > 1).length;
  check(
    "each state change has one event",
    typeMismatch.length === 0 && repeated === 0 && events.rows.length === Object.values(expected).reduce((a, b) => a + b, 0),
    `${[...byType.entries()].map(([t, n]) => `${t} ${n}`).join(", ")}${repeated ? `; ${repeated} repeated` : ""}`,
  );

  const receivedIds = received.map((r) => String(r.headers["x-service-event-id"]));
  const distinctReceived = new Set(receivedIds);
  const eventIds = new Set(events.rows.map((e) => e.id));
  const lost = [...eventIds].filter((id) => !distinctReceived.has(id));
  const unknown = [...distinctReceived].filter((id) => !eventIds.has(id));
  const bodyMismatch = received.filter((r) => (JSON.parse(r.body) as { id?: string }).id !== r.headers["x-service-event-id"]).length;
  check("every outbox event delivered at least once", lost.length === 0, `${lost.length} lost${lost.length ? ` e.g. ${lost.slice(0, 3).join(", ")}` : ""}`);
  check("duplicates carry the same id", bodyMismatch === 0 && unknown.length === 0, `${bodyMismatch} bodies with another id, ${unknown.length} unknown ids`);
  const undelivered = await count(pool, `SELECT count(*) AS n FROM deliveries WHERE "workspaceId" = $1 AND status <> 'succeeded'`, [workspaceId]);
  check("every delivery row succeeded", undelivered === 0, `${undelivered} not succeeded`);

  return {
    checks,
    figures: {
      leads,
      "run leads": runLeads,
      qualified,
      drafts: drafts.rows.length,
      approved,
      rejected: decided.size - approved,
      "sends recorded": sends.rows.length,
      "mails at the sink": mails.length,
      "re-sent copies": mailCopies,
      events: events.rows.length,
      "deliveries received": received.length,
      "duplicate deliveries": received.length - distinctReceived.size,
      "events lost": lost.length,
      "sends lost": notDelivered,
      "sends in doubt": resolved.length,
      "in doubt, at the sink (sent)": resolvedSent.length,
      "in doubt, not at the sink (resent)": resent.length,
    },
  };
}
