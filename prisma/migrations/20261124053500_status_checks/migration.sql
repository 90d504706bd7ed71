-- Status columns: the allowed values of lib/statuses.ts
ALTER TABLE "runs" DROP CONSTRAINT IF EXISTS "runs_status_check";
ALTER TABLE "runs" ADD CONSTRAINT "runs_status_check" CHECK ("status" IN ('queued', 'importing', 'running', 'awaiting_review', 'sending', 'completed', 'failed', 'canceled'));
ALTER TABLE "run_leads" DROP CONSTRAINT IF EXISTS "run_leads_state_check";
ALTER TABLE "run_leads" ADD CONSTRAINT "run_leads_state_check" CHECK ("state" IN ('pending', 'running', 'done', 'rejected', 'stopped', 'failed', 'awaiting_review'));
ALTER TABLE "leads" DROP CONSTRAINT IF EXISTS "leads_status_check";
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("status" IN ('new', 'qualified', 'rejected', 'drafted', 'approved', 'sent', 'replied', 'suppressed'));
ALTER TABLE "drafts" DROP CONSTRAINT IF EXISTS "drafts_status_check";
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_status_check" CHECK ("status" IN ('awaiting_review', 'approved', 'rejected', 'sent', 'failed'));
ALTER TABLE "sends" DROP CONSTRAINT IF EXISTS "sends_status_check";
ALTER TABLE "sends" ADD CONSTRAINT "sends_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'));
ALTER TABLE "deliveries" DROP CONSTRAINT IF EXISTS "deliveries_status_check";
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK ("status" IN ('pending', 'succeeded', 'dead'));
ALTER TABLE "campaigns" DROP CONSTRAINT IF EXISTS "campaigns_status_check";
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_check" CHECK ("status" IN ('draft', 'approved'));
