-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "promptSet" JSONB,
ADD COLUMN     "promptSetHash" TEXT;

-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "createdById" TEXT,
ADD COLUMN     "rejectReason" TEXT,
ADD COLUMN     "rejectedAt" TIMESTAMPTZ(3),
ADD COLUMN     "rejectedById" TEXT;

-- CreateTable
CREATE TABLE "prompt_set_approvals" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "setHash" TEXT NOT NULL,
    "versions" JSONB NOT NULL,
    "scopeType" TEXT NOT NULL,
    "scopeId" TEXT NOT NULL,
    "packId" TEXT NOT NULL,
    "approvedById" TEXT NOT NULL,
    "overrideReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "prompt_set_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prompt_promotions" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "baseName" TEXT NOT NULL,
    "promptVersionId" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rolledBackAt" TIMESTAMPTZ(3),

    CONSTRAINT "prompt_promotions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "prompt_set_approvals_workspaceId_setHash_idx" ON "prompt_set_approvals"("workspaceId", "setHash");

-- CreateIndex
CREATE INDEX "prompt_set_approvals_workspaceId_scopeType_scopeId_idx" ON "prompt_set_approvals"("workspaceId", "scopeType", "scopeId");

-- CreateIndex
CREATE INDEX "prompt_promotions_workspaceId_baseName_id_idx" ON "prompt_promotions"("workspaceId", "baseName", "id");

-- AddForeignKey
ALTER TABLE "prompt_set_approvals" ADD CONSTRAINT "prompt_set_approvals_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_promotions" ADD CONSTRAINT "prompt_promotions_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_promotions" ADD CONSTRAINT "prompt_promotions_promptVersionId_fkey" FOREIGN KEY ("promptVersionId") REFERENCES "prompt_versions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
