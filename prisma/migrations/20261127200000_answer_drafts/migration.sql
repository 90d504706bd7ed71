-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'first',
ADD COLUMN     "replyId" TEXT;

-- AlterTable
ALTER TABLE "replies" ADD COLUMN     "messageId" TEXT;

-- CreateIndex
CREATE INDEX "drafts_workspaceId_kind_id_idx" ON "drafts"("workspaceId", "kind", "id");

-- CreateIndex
CREATE INDEX "drafts_replyId_idx" ON "drafts"("replyId");

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_replyId_fkey" FOREIGN KEY ("replyId") REFERENCES "replies"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Backfill (contract section 13): the kind of a draft from its step, the Message-ID of a reply from the mailbox
-- message it came from, else one made for it.
UPDATE "drafts" SET "kind" = 'follow_up' WHERE "step" > 1;
UPDATE "replies" r SET "messageId" = i."messageId" FROM "inbound_messages" i WHERE i.id = r."inboundMessageId" AND i."messageId" IS NOT NULL;
UPDATE "replies" SET "messageId" = '<' || id || '@replies.leadpipe.local>' WHERE "messageId" IS NULL;
