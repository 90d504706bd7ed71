-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "decisionMs" INTEGER;

-- CreateTable
CREATE TABLE "draft_reads" (
    "draftId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "firstReadAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "draft_reads_pkey" PRIMARY KEY ("draftId","userId")
);

-- AddForeignKey
ALTER TABLE "draft_reads" ADD CONSTRAINT "draft_reads_draftId_fkey" FOREIGN KEY ("draftId") REFERENCES "drafts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
