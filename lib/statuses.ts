// Every status column's allowed values, in one place. PostgreSQL enforces them with a CHECK
// constraint per column (`<table>_<column>_check`), so writing an unknown status fails in every
// writer, raw SQL included. To add a status: add it to its list here, then
// `npm run db:new-migration -- <name> --statuses` (docs/development.md, "Statuses").
// Pure data: safe to import from components/.

export const RUN_STATUSES = ["queued", "importing", "running", "awaiting_review", "sending", "completed", "failed", "canceled"] as const;
export const RUN_LEAD_STATES = ["pending", "running", "done", "rejected", "stopped", "failed", "awaiting_review"] as const;
export const LEAD_STATUSES = ["new", "qualified", "rejected", "drafted", "approved", "sent", "replied", "suppressed", "bounced"] as const;
export const DRAFT_STATUSES = ["awaiting_review", "approved", "rejected", "sent", "failed", "canceled"] as const;
/** lib/lifecycle/send.ts says what each one means. */
export const SEND_STATUSES = ["waiting_relay", "pending", "sending", "committing", "in_doubt", "sent", "failed"] as const;
/** A run lead's sequence (lib/lifecycle/sequence.ts), and why one ended (contract §12). */
export const SEQUENCE_STATUSES = ["active", "paused", "finished"] as const;
export const SEQUENCE_END_REASONS = ["completed", "replied", "bounced", "unsubscribed", "rejected", "stopped", "company_replied"] as const;
export const DELIVERY_STATUSES = ["pending", "succeeded", "dead"] as const;
export const CAMPAIGN_STATUSES = ["draft", "approved", "rejected"] as const;
/** Evaluations and replays: work done by a worker queue. */
export const JOB_ROW_STATUSES = ["queued", "running", "done", "failed"] as const;
export const MAILBOX_STATES = ["connecting", "reading", "idle", "failed"] as const;
/** A sender's health (contract §13; lib/senders/health.ts): computed, not a stored column. */
export const SENDER_HEALTH_STATUSES = ["active", "paused"] as const;

export type RunStatus = (typeof RUN_STATUSES)[number];
export type RunLeadState = (typeof RUN_LEAD_STATES)[number];
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export type SendStatus = (typeof SEND_STATUSES)[number];
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];
export type SequenceEndReason = (typeof SEQUENCE_END_REASONS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type JobRowStatus = (typeof JOB_ROW_STATUSES)[number];
export type MailboxState = (typeof MAILBOX_STATES)[number];

/** Each list as an object of its names (`LEAD_STATUS.bounced`), so code outside lib/lifecycle/ names a
 * status without writing its string. */
function named<T extends string>(values: readonly T[]): { readonly [K in T]: K } {
  return Object.freeze(Object.fromEntries(values.map((value) => [value, value]))) as { readonly [K in T]: K };
}

export const RUN_STATUS = named(RUN_STATUSES);
export const RUN_LEAD_STATE = named(RUN_LEAD_STATES);
export const LEAD_STATUS = named(LEAD_STATUSES);
export const DRAFT_STATUS = named(DRAFT_STATUSES);
export const SEND_STATUS = named(SEND_STATUSES);
export const SEQUENCE_STATUS = named(SEQUENCE_STATUSES);
export const SEQUENCE_END_REASON = named(SEQUENCE_END_REASONS);
export const DELIVERY_STATUS = named(DELIVERY_STATUSES);
export const CAMPAIGN_STATUS = named(CAMPAIGN_STATUSES);
export const JOB_ROW_STATUS = named(JOB_ROW_STATUSES);
export const MAILBOX_STATE = named(MAILBOX_STATES);
export const SENDER_HEALTH_STATUS = named(SENDER_HEALTH_STATUSES);

/** The CHECK constraint of each status column: table, column, allowed values. */
export const STATUS_COLUMNS = [
  { table: "runs", column: "status", values: RUN_STATUSES },
  { table: "run_leads", column: "state", values: RUN_LEAD_STATES },
  { table: "leads", column: "status", values: LEAD_STATUSES },
  { table: "drafts", column: "status", values: DRAFT_STATUSES },
  { table: "sends", column: "status", values: SEND_STATUSES },
  { table: "run_leads", column: "sequenceStatus", values: SEQUENCE_STATUSES },
  { table: "run_leads", column: "sequenceEndedReason", values: SEQUENCE_END_REASONS },
  { table: "deliveries", column: "status", values: DELIVERY_STATUSES },
  { table: "campaigns", column: "status", values: CAMPAIGN_STATUSES },
  { table: "evaluations", column: "status", values: JOB_ROW_STATUSES },
  { table: "replays", column: "status", values: JOB_ROW_STATUSES },
  { table: "mailbox_status", column: "state", values: MAILBOX_STATES },
  { table: "sender_mailbox_status", column: "state", values: MAILBOX_STATES },
] as const;

/** SQL that (re)creates every status CHECK constraint from the lists above. */
export function statusCheckSql(): string {
  return STATUS_COLUMNS.map(({ table, column, values }) => {
    const name = `${table}_${column}_check`;
    const list = values.map((value) => `'${value}'`).join(", ");
    return `ALTER TABLE "${table}" DROP CONSTRAINT IF EXISTS "${name}";\nALTER TABLE "${table}" ADD CONSTRAINT "${name}" CHECK ("${column}" IN (${list}));`;
  }).join("\n");
}
