// Every status column's allowed values, in one place. PostgreSQL enforces them with a CHECK
// constraint per column (`<table>_<column>_check`), so writing an unknown status fails in every
// writer, raw SQL included. To add a status: add it to its list in lib/states/<lifecycle>.ts, then
// `npm run db:new-migration -- <name> --statuses` (docs/development.md, "Statuses").
// The values, groups and labels live in lib/states/ (one browser-safe module per lifecycle); this
// file gathers the stored ones for the CHECK constraints and re-exports them for lib/.
// Pure data: safe to import from components/.

import { CAMPAIGN_STATUSES } from "@/lib/states/campaign";
import { DELIVERY_STATUSES } from "@/lib/states/delivery";
import { DRAFT_STATUSES } from "@/lib/states/draft";
import { JOB_ROW_STATUSES } from "@/lib/states/job-row";
import { LEAD_STATUSES } from "@/lib/states/lead";
import { MAILBOX_STATES } from "@/lib/states/mailbox";
import { RUN_STATUSES } from "@/lib/states/run";
import { RUN_LEAD_STATES } from "@/lib/states/run-lead";
import { SEND_STATUSES } from "@/lib/states/send";
import { SEQUENCE_END_REASONS, SEQUENCE_STATUSES } from "@/lib/states/sequence";

export { CAMPAIGN_STATUS, CAMPAIGN_STATUSES, type CampaignStatus } from "@/lib/states/campaign";
export { DELIVERY_STATUS, DELIVERY_STATUSES, type DeliveryStatus } from "@/lib/states/delivery";
export { DRAFT_STATUS, DRAFT_STATUSES, type DraftStatus } from "@/lib/states/draft";
export { JOB_ROW_STATUS, JOB_ROW_STATUSES, type JobRowStatus } from "@/lib/states/job-row";
export { LEAD_STATUS, LEAD_STATUSES, type LeadStatus } from "@/lib/states/lead";
export { MAILBOX_STATE, MAILBOX_STATES, type MailboxState } from "@/lib/states/mailbox";
export { RUN_STATUS, RUN_STATUSES, type RunStatus } from "@/lib/states/run";
export { RUN_LEAD_STATE, RUN_LEAD_STATES, type RunLeadState } from "@/lib/states/run-lead";
export { SEND_STATUS, SEND_STATUSES, type SendStatus } from "@/lib/states/send";
export { SENDER_HEALTH_STATUS, SENDER_HEALTH_STATUSES } from "@/lib/states/sender";
export {
  SEQUENCE_END_REASON,
  SEQUENCE_END_REASONS,
  SEQUENCE_STATUS,
  SEQUENCE_STATUSES,
  type SequenceEndReason,
  type SequenceStatus,
} from "@/lib/states/sequence";

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
