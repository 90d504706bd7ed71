-- AlterTable
ALTER TABLE "sends" ADD COLUMN     "inDoubtAt" TIMESTAMPTZ(3),
ADD COLUMN     "sentCheckedAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "sends_workspaceId_status_idx" ON "sends"("workspaceId", "status");

-- The send statuses of lib/statuses.ts gain in_doubt (only this column's CHECK is re-created, so a
-- migration of another status column merged beside this one is not undone)
ALTER TABLE "sends" DROP CONSTRAINT IF EXISTS "sends_status_check";
ALTER TABLE "sends" ADD CONSTRAINT "sends_status_check" CHECK ("status" IN ('waiting_relay', 'pending', 'sending', 'committing', 'in_doubt', 'sent', 'failed'));
