-- AlterTable
ALTER TABLE "relay_settings" ADD COLUMN     "lastFailure" TEXT,
ADD COLUMN     "lastFailureAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "sends" ADD COLUMN     "claimedAt" TIMESTAMPTZ(3),
ADD COLUMN     "committingAt" TIMESTAMPTZ(3),
ADD COLUMN     "confirmed" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
-- Existing rows get ids that sort before every ULID (they are the oldest entries).
ALTER TABLE "suppressions" ADD COLUMN     "id" TEXT,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'manual';
UPDATE "suppressions" SET "id" = 'sup_000000' || substr(md5("workspaceId" || ' ' || "emailLower"), 1, 20),
  "source" = CASE WHEN "reason" IN ('unsubscribe', 'bounce') THEN 'reply' ELSE 'manual' END;
ALTER TABLE "suppressions" ALTER COLUMN "id" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "suppressions_id_key" ON "suppressions"("id");
