-- DropIndex
DROP INDEX "drafts_runLeadId_key";

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "steps" JSONB;

-- AlterTable
ALTER TABLE "run_leads" ADD COLUMN     "nextAt" TIMESTAMPTZ(3),
ADD COLUMN     "sequenceEndedReason" TEXT,
ADD COLUMN     "sequenceStatus" TEXT,
ADD COLUMN     "sequenceStep" INTEGER;

-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "step" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex
-- Partial: only leads the scheduler will act on are in it, so a tick reads the due ones by index scan.
CREATE INDEX "run_leads_nextAt_idx" ON "run_leads"("nextAt") WHERE "nextAt" IS NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "drafts_runLeadId_step_key" ON "drafts"("runLeadId", "step");

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
ALTER TABLE "run_leads" ADD CONSTRAINT "run_leads_sequenceEndedReason_check" CHECK ("sequenceEndedReason" IN ('completed', 'replied', 'bounced', 'unsubscribed', 'rejected', 'stopped'));
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
