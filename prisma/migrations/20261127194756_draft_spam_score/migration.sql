-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "spamRules" JSONB,
ADD COLUMN     "spamScore" DOUBLE PRECISION,
ADD COLUMN     "spamScoredAt" TIMESTAMPTZ(3),
ADD COLUMN     "spamStatus" TEXT NOT NULL DEFAULT 'pending';

-- CreateIndex
CREATE INDEX "drafts_spamStatus_updatedAt_idx" ON "drafts"("spamStatus", "updatedAt");

-- Drafts reviewed before SpamAssassin scored drafts are not scored now: only those still awaiting
-- review wait for their score (the spam-score sweep queues them).
UPDATE "drafts" SET "spamStatus" = 'unavailable' WHERE "status" <> 'awaiting_review';
