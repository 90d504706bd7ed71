import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { RISK_ORDER, storedChecks } from "@/lib/review-checks/draft-checks";
import { enqueueBulkAfterCommit } from "@/lib/queues";
import { log } from "@/lib/log";
import { riskOf, type Check } from "@/lib/review-checks";
import { relayForDraft } from "@/lib/senders/sender-relay";
import { draftMessage, messageIdFor, type MessageSender } from "@/lib/sending/draft-message";
import { composeMessage } from "@/lib/sending/smtp-delivery";
import { threadHeaders, threadsOf } from "@/lib/sending/thread";
import { DRAFT_STATUS } from "@/lib/statuses";
import { SPAM_WARN_SCORE } from "@/lib/spam/spam-score";
import { checkMessage, SpamdError, type SpamRule } from "@/lib/spam/spamd-client";
import { SPAM_STATUS } from "@/lib/states/spam";

// The `spam_score` check (contract §13; docs/review-checks.md): a draft is scored by SpamAssassin
// as the very message we would send (lib/sending/draft-message.ts: From its lead's sender, To, Subject,
// body, the unsubscribe headers, the thread's headers), in the `spam-score` job queued after the
// draft is written or edited, off the drafting path. Until then its `spam_score.status` is
// `pending`; a score of 5 or more adds a `warn` check naming the score and its top rules and the
// risk is computed again; spamd unreachable (not installed, SPAMD_PORT=0) makes it `unavailable`,
// said by an `info` check.

/** Rules named in the check's message. */
const TOP_RULES = 3;

/** The columns of a draft whose text (or sender) just changed: its score is pending again. Queue it with queueSpamScores after the commit. */
export const PENDING_SPAM_SCORE = { spamStatus: "pending", spamScore: null, spamRules: Prisma.DbNull, spamScoredAt: null } as const;

/** Drafts per job: small, so a job a reviewer is waiting for starts soon after the ones running (spamd takes ~0.2 s a message). */
const DRAFTS_PER_JOB = 10;

/** Queues the spam-score job for drafts whose rows were just committed (never throws: the sweep queues what Redis missed). */
export async function queueSpamScores(draftIds: string[], occasion = String(Date.now()), priority?: number): Promise<void> {
  const jobs = [];
  for (let i = 0; i < draftIds.length; i += DRAFTS_PER_JOB)
    jobs.push({ payload: { v: 1 as const, draftIds: draftIds.slice(i, i + DRAFTS_PER_JOB) }, options: { tag: occasion, priority } });
  await enqueueBulkAfterCommit("spam-score", jobs);
}

/**
 * The drafts a reviewer is reading now (the review queue's page, a draft's page) whose score is
 * still pending are scored before the rest of the backlog: SpamAssassin cannot keep up with a
 * local-engine run on two cores, so it scores what a person reads next first. Once a minute per
 * draft at most (the job id); never throws.
 */
export async function queueSpamScoresFirst(drafts: { id: string; spam_score: { status: string } }[]): Promise<void> {
  const pending = drafts.filter((draft) => draft.spam_score.status === SPAM_STATUS.pending).map((draft) => draft.id);
  if (pending.length) await queueSpamScores(pending, `read-${Math.floor(Date.now() / 60_000)}`, 1);
}

/** queueSpamScores for the pending drafts of these run leads at `step` (their ids were not returned by the write). */
export async function queueSpamScoresOfRunLeads(runLeadIds: string[], step: number): Promise<void> {
  // Never throws: the caller's rows are committed; the sweep queues what this missed.
  const drafts = await db()
    .draft.findMany({ where: { runLeadId: { in: runLeadIds }, step, spamStatus: "pending" }, select: { id: true } })
    .catch((error: Error) => {
      log.warn({ err: error.message, runLeads: runLeadIds.length }, "could not find the drafts to score; the sweep will queue them");
      return [];
    });
  await queueSpamScores(drafts.map((draft) => draft.id));
}

function spamChecks(verdict: { score: number; rules: SpamRule[] } | null): Check[] {
  if (!verdict)
    return [
      {
        code: "spam_score",
        severity: "info",
        message: "SpamAssassin's score is unavailable: spamd could not be reached.",
        field: "body",
        span: null,
      },
    ];
  if (verdict.score < SPAM_WARN_SCORE) return [];
  const top = verdict.rules
    .filter((rule) => rule.score > 0)
    .slice(0, TOP_RULES)
    .map((rule) => `${rule.name} ${rule.score} (${rule.description})`);
  return [
    {
      code: "spam_score",
      severity: "warn",
      message: `SpamAssassin scores this message ${verdict.score} (${SPAM_WARN_SCORE} or more reads as spam)${top.length ? `; top rules: ${top.join(", ")}` : ""}.`,
      field: "body",
      span: null,
    },
  ];
}

function load(draftId: string) {
  return db().draft.findUnique({
    where: { id: draftId },
    // relayForDraft takes the relay row as the send path loads it (its password stays encrypted and unused here).
    include: { lead: true, runLead: true, send: true, workspace: { include: { relay: { omit: { passwordEncrypted: false } } } } },
  });
}

/** From as the draft would be sent now: its lead's sender, else the default sender; a placeholder when neither is set up yet. */
async function senderOf(draft: NonNullable<Awaited<ReturnType<typeof load>>>): Promise<MessageSender> {
  const relay = await relayForDraft(draft);
  if (relay && relay !== "moved") return relay;
  return { fromName: null, fromEmail: `sender@${draft.lead.email.split("@")[1] ?? "leadpipe.local"}` };
}

export type ScoreOutcome = "scored" | "unavailable" | "skipped" | "changed";
/** `spamd`: another spamd address than the configuration's (the tests' unreachable one). */
export type ScoreOptions = { lastAttempt?: boolean; spamd?: { SPAMD_HOST?: string; SPAMD_PORT?: number } };

/**
 * Scores one draft when its score is pending. `lastAttempt`: a spamd error other than "nothing
 * listens" is thrown for the job to retry, and on the last attempt recorded as unavailable.
 */
export async function scoreDraft(draftId: string, { lastAttempt = true, spamd }: ScoreOptions = {}): Promise<ScoreOutcome> {
  const draft = await load(draftId);
  if (!draft || draft.spamStatus !== "pending") return "skipped";
  const { SPAMD_HOST, SPAMD_PORT, SPAMD_TIMEOUT_MS } = { ...config(), ...spamd };
  let verdict: { score: number; rules: SpamRule[] } | null = null;
  if (SPAMD_PORT) {
    const sender = await senderOf(draft);
    const thread = draft.step > 1 ? ((await threadsOf([draft.runLeadId], draft.step)).get(draft.runLeadId) ?? []) : [];
    const raw = await composeMessage(draftMessage(draft, sender, draft.send?.messageId ?? messageIdFor(sender.fromEmail), threadHeaders(thread)));
    try {
      const answer = await checkMessage({ host: SPAMD_HOST, port: SPAMD_PORT, timeoutMs: SPAMD_TIMEOUT_MS }, raw);
      verdict = { score: answer.score, rules: answer.rules.filter((rule) => rule.score !== 0) };
    } catch (error) {
      if (!(error instanceof SpamdError) || (!error.unreachable && !lastAttempt)) throw error;
    }
  }
  return record(draft, verdict);
}

/** Stores the outcome, only if the draft still says what was scored and still waits for it (an edit since queued its own job). */
async function record(scored: { id: string; subject: string; body: string; updatedAt: Date }, verdict: { score: number; rules: SpamRule[] } | null) {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ subject: string; body: string; spamStatus: string; checks: unknown }[]>`
      SELECT subject, body, "spamStatus", checks FROM drafts WHERE id = ${scored.id} FOR UPDATE`;
    if (!row || row.spamStatus !== "pending") return "skipped" as const;
    if (row.subject !== scored.subject || row.body !== scored.body) return "changed" as const;
    const checks = [...storedChecks(row.checks).filter((check) => check.code !== "spam_score"), ...spamChecks(verdict)];
    const risk = riskOf(checks);
    await tx.draft.update({
      where: { id: scored.id },
      data: {
        spamStatus: verdict ? SPAM_STATUS.scored : SPAM_STATUS.unavailable,
        spamScore: verdict?.score ?? null,
        spamRules: verdict ? (verdict.rules as unknown as object) : Prisma.DbNull,
        spamScoredAt: verdict ? new Date() : null,
        checks: checks as unknown as object,
        risk,
        riskRank: RISK_ORDER.indexOf(risk),
      },
    });
    return verdict ? SPAM_STATUS.scored : SPAM_STATUS.unavailable;
  });
}

/** The job: each draft in turn (spamd's children work in parallel across jobs). */
export async function scoreDrafts(draftIds: string[], options: ScoreOptions = {}) {
  const outcomes: Record<ScoreOutcome, number> = { scored: 0, unavailable: 0, skipped: 0, changed: 0 };
  for (const id of draftIds) outcomes[await scoreDraft(id, options)]++;
  return outcomes;
}

/** The sweep (housekeeping `score-pending-drafts`): drafts awaiting review still pending a minute after their last change, not in a live job. */
export async function queuePendingSpamScores(liveDrafts: Set<string>, olderThanMs = 60_000, limit = 1000): Promise<number> {
  const rows = await db().draft.findMany({
    where: { spamStatus: "pending", status: DRAFT_STATUS.awaiting_review, updatedAt: { lt: new Date(Date.now() - olderThanMs) } },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  const ids = rows.map((row) => row.id).filter((id) => !liveDrafts.has(id));
  await queueSpamScores(ids, `sweep-${Math.floor(Date.now() / 60_000)}`);
  return ids.length;
}
