-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "companyStop" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "relay_settings" ADD COLUMN     "pausedAt" TIMESTAMPTZ(3),
ADD COLUMN     "pausedReason" TEXT;

-- AlterTable
ALTER TABLE "senders" ADD COLUMN     "pausedAt" TIMESTAMPTZ(3),
ADD COLUMN     "pausedReason" TEXT;

-- CreateTable
CREATE TABLE "sending_policies" (
    "workspaceId" TEXT NOT NULL,
    "maxBounceRate" DOUBLE PRECISION NOT NULL DEFAULT 0.05,
    "minSends" INTEGER NOT NULL DEFAULT 20,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sending_policies_pkey" PRIMARY KEY ("workspaceId")
);

-- AddForeignKey
ALTER TABLE "sending_policies" ADD CONSTRAINT "sending_policies_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Status columns: the allowed values of lib/statuses.ts
ALTER TABLE "runs" DROP CONSTRAINT IF EXISTS "runs_status_check";
ALTER TABLE "runs" ADD CONSTRAINT "runs_status_check" CHECK ("status" IN ('queued', 'importing', 'running', 'awaiting_review', 'sending', 'completed', 'failed', 'canceled'));
ALTER TABLE "run_leads" DROP CONSTRAINT IF EXISTS "run_leads_state_check";
ALTER TABLE "run_leads" ADD CONSTRAINT "run_leads_state_check" CHECK ("state" IN ('pending', 'running', 'done', 'rejected', 'stopped', 'failed', 'awaiting_review'));
ALTER TABLE "leads" DROP CONSTRAINT IF EXISTS "leads_status_check";
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("status" IN ('new', 'qualified', 'rejected', 'drafted', 'approved', 'sent', 'replied', 'suppressed', 'bounced'));
ALTER TABLE "drafts" DROP CONSTRAINT IF EXISTS "drafts_status_check";
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_status_check" CHECK ("status" IN ('awaiting_review', 'approved', 'rejected', 'sent', 'failed', 'canceled'));
ALTER TABLE "sends" DROP CONSTRAINT IF EXISTS "sends_status_check";
ALTER TABLE "sends" ADD CONSTRAINT "sends_status_check" CHECK ("status" IN ('waiting_relay', 'pending', 'sending', 'committing', 'in_doubt', 'sent', 'failed'));
ALTER TABLE "run_leads" DROP CONSTRAINT IF EXISTS "run_leads_sequenceStatus_check";
ALTER TABLE "run_leads" ADD CONSTRAINT "run_leads_sequenceStatus_check" CHECK ("sequenceStatus" IN ('active', 'paused', 'finished'));
ALTER TABLE "run_leads" DROP CONSTRAINT IF EXISTS "run_leads_sequenceEndedReason_check";
ALTER TABLE "run_leads" ADD CONSTRAINT "run_leads_sequenceEndedReason_check" CHECK ("sequenceEndedReason" IN ('completed', 'replied', 'bounced', 'unsubscribed', 'rejected', 'stopped', 'company_replied'));
ALTER TABLE "deliveries" DROP CONSTRAINT IF EXISTS "deliveries_status_check";
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK ("status" IN ('pending', 'succeeded', 'dead'));
ALTER TABLE "campaigns" DROP CONSTRAINT IF EXISTS "campaigns_status_check";
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_check" CHECK ("status" IN ('draft', 'approved', 'rejected'));
ALTER TABLE "evaluations" DROP CONSTRAINT IF EXISTS "evaluations_status_check";
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_status_check" CHECK ("status" IN ('queued', 'running', 'done', 'failed'));
ALTER TABLE "replays" DROP CONSTRAINT IF EXISTS "replays_status_check";
ALTER TABLE "replays" ADD CONSTRAINT "replays_status_check" CHECK ("status" IN ('queued', 'running', 'done', 'failed'));
ALTER TABLE "mailbox_status" DROP CONSTRAINT IF EXISTS "mailbox_status_state_check";
ALTER TABLE "mailbox_status" ADD CONSTRAINT "mailbox_status_state_check" CHECK ("state" IN ('connecting', 'reading', 'idle', 'failed'));
ALTER TABLE "sender_mailbox_status" DROP CONSTRAINT IF EXISTS "sender_mailbox_status_state_check";
ALTER TABLE "sender_mailbox_status" ADD CONSTRAINT "sender_mailbox_status_state_check" CHECK ("state" IN ('connecting', 'reading', 'idle', 'failed'));
