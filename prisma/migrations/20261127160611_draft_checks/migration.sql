-- AlterTable
ALTER TABLE "packs" ADD COLUMN     "maxWords" INTEGER NOT NULL DEFAULT 150;

-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "checks" JSONB,
ADD COLUMN     "evidence" JSONB,
ADD COLUMN     "opening" TEXT,
ADD COLUMN     "risk" TEXT NOT NULL DEFAULT 'low',
ADD COLUMN     "riskRank" SMALLINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "drafts_workspaceId_riskRank_id_idx" ON "drafts"("workspaceId", "riskRank", "id");

-- CreateIndex
CREATE INDEX "drafts_runId_opening_idx" ON "drafts"("runId", "opening");
