-- CreateTable
CREATE TABLE "eval_sets" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "context" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "eval_sets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eval_cases" (
    "id" TEXT NOT NULL,
    "setId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "expect" JSONB NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'manual',
    "draftId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "eval_cases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluations" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "setId" TEXT NOT NULL,
    "promptVersionId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "caseCount" INTEGER NOT NULL DEFAULT 0,
    "passed" INTEGER NOT NULL DEFAULT 0,
    "valid" INTEGER NOT NULL DEFAULT 0,
    "latencyMs" INTEGER NOT NULL DEFAULT 0,
    "costMicros" BIGINT NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluation_results" (
    "id" TEXT NOT NULL,
    "evaluationId" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "caseName" TEXT NOT NULL,
    "passed" BOOLEAN NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "output" JSONB,
    "outputText" TEXT NOT NULL,
    "failures" JSONB NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "costMicros" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "evaluation_results_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "eval_sets_workspaceId_ref_key" ON "eval_sets"("workspaceId", "ref");

-- CreateIndex
CREATE INDEX "eval_cases_setId_id_idx" ON "eval_cases"("setId", "id");

-- CreateIndex
CREATE INDEX "evaluations_workspaceId_promptVersionId_setId_id_idx" ON "evaluations"("workspaceId", "promptVersionId", "setId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "evaluation_results_evaluationId_caseId_key" ON "evaluation_results"("evaluationId", "caseId");

-- AddForeignKey
ALTER TABLE "eval_sets" ADD CONSTRAINT "eval_sets_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_cases" ADD CONSTRAINT "eval_cases_setId_fkey" FOREIGN KEY ("setId") REFERENCES "eval_sets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_setId_fkey" FOREIGN KEY ("setId") REFERENCES "eval_sets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_promptVersionId_fkey" FOREIGN KEY ("promptVersionId") REFERENCES "prompt_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_results" ADD CONSTRAINT "evaluation_results_evaluationId_fkey" FOREIGN KEY ("evaluationId") REFERENCES "evaluations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One evaluation set per prompt name: the shipped versions (and forks that kept their parent's
-- reference) name "evals/<stage>" instead of one reference per version.
UPDATE "prompt_versions" SET "evalsRef" = substring("evalsRef" from '^(evals/[a-z_]+)/v[0-9][^/]*$')
WHERE "evalsRef" ~ '^evals/[a-z_]+/v[0-9][^/]*$';
