-- AlterTable: a run's name. Runs made before it are named as a new one would be: the uploaded
-- file's name, the CSV URL's last path segment, or "Existing leads" for a run over leads.
ALTER TABLE "runs" ADD COLUMN     "name" TEXT;
UPDATE "runs" r SET "name" = COALESCE(
  (SELECT u."filename" FROM "run_uploads" u WHERE u."runId" = r."id"),
  NULLIF(regexp_replace(split_part(split_part(r."leadsCsvUrl", '?', 1), '#', 1), '^.*/', ''), ''),
  r."leadsCsvUrl",
  CASE WHEN r."leadSource" IS NOT NULL THEN 'Existing leads' END,
  'Run ' || r."id"
);
ALTER TABLE "runs" ALTER COLUMN "name" SET NOT NULL;

-- AlterTable
ALTER TABLE "replies" ADD COLUMN     "handledAt" TIMESTAMPTZ(3),
ADD COLUMN     "handledById" TEXT;

-- CreateIndex
CREATE INDEX "replies_workspaceId_handledAt_idx" ON "replies"("workspaceId", "handledAt");
