-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "disabledAt" TIMESTAMPTZ(3),
ADD COLUMN     "disabledReason" TEXT,
ADD COLUMN     "failingSince" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "deliveries_endpointId_status_nextAttemptAt_idx" ON "deliveries"("endpointId", "status", "nextAttemptAt");
