-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "approvalAnnouncedAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "drafts_approvalAnnouncedAt_sendAfter_idx" ON "drafts"("approvalAnnouncedAt", "sendAfter");

-- Until now draft.approved went out at every approval's click: every approval made so far has been announced.
UPDATE "drafts" SET "approvalAnnouncedAt" = COALESCE("reviewedAt", "updatedAt") WHERE "status" IN ('approved', 'sent', 'failed');
