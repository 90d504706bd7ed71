-- CreateTable
CREATE TABLE "replays" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "promptVersionId" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "requested" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "leadCount" INTEGER NOT NULL DEFAULT 0,
    "changed" INTEGER NOT NULL DEFAULT 0,
    "verdictsChanged" INTEGER NOT NULL DEFAULT 0,
    "valid" INTEGER NOT NULL DEFAULT 0,
    "latencyMs" INTEGER NOT NULL DEFAULT 0,
    "costMicros" BIGINT NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "replays_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "replay_results" (
    "id" TEXT NOT NULL,
    "replayId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "leadId" TEXT NOT NULL,
    "leadLabel" TEXT NOT NULL,
    "beforeVersionId" TEXT,
    "before" JSONB,
    "beforeText" TEXT NOT NULL,
    "after" JSONB,
    "afterText" TEXT NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "changed" BOOLEAN NOT NULL,
    "verdictChanged" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "latencyMs" INTEGER NOT NULL,
    "costMicros" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "replay_results_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "replays_workspaceId_promptVersionId_id_idx" ON "replays"("workspaceId", "promptVersionId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "replay_results_replayId_position_key" ON "replay_results"("replayId", "position");

-- AddForeignKey
ALTER TABLE "replays" ADD CONSTRAINT "replays_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replays" ADD CONSTRAINT "replays_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replays" ADD CONSTRAINT "replays_promptVersionId_fkey" FOREIGN KEY ("promptVersionId") REFERENCES "prompt_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replay_results" ADD CONSTRAINT "replay_results_replayId_fkey" FOREIGN KEY ("replayId") REFERENCES "replays"("id") ON DELETE CASCADE ON UPDATE CASCADE;
