-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "experimentId" TEXT;

-- CreateTable
CREATE TABLE "experiments" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "metric" TEXT NOT NULL,
    "minPerVariant" INTEGER NOT NULL,
    "createdById" TEXT,
    "concludedAt" TIMESTAMPTZ(3),
    "concludedById" TEXT,
    "winnerVersionId" TEXT,
    "conclusionReason" TEXT,
    "overrideReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "experiments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experiment_variants" (
    "experimentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "promptVersionId" TEXT NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "experiment_variants_pkey" PRIMARY KEY ("experimentId","position")
);

-- CreateIndex
CREATE INDEX "experiments_workspaceId_campaignId_id_idx" ON "experiments"("workspaceId", "campaignId", "id");

-- CreateIndex
CREATE INDEX "experiments_campaignId_step_idx" ON "experiments"("campaignId", "step");

-- CreateIndex
CREATE INDEX "experiment_variants_promptVersionId_idx" ON "experiment_variants"("promptVersionId");

-- CreateIndex
CREATE UNIQUE INDEX "experiment_variants_experimentId_promptVersionId_key" ON "experiment_variants"("experimentId", "promptVersionId");

-- CreateIndex
CREATE INDEX "drafts_experimentId_promptVersionId_idx" ON "drafts"("experimentId", "promptVersionId");

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "experiments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiment_variants" ADD CONSTRAINT "experiment_variants_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "experiments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiment_variants" ADD CONSTRAINT "experiment_variants_promptVersionId_fkey" FOREIGN KEY ("promptVersionId") REFERENCES "prompt_versions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
