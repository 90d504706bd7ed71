-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "timeZone" TEXT;

-- AlterTable
ALTER TABLE "run_leads" ADD COLUMN     "senderId" TEXT;

-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "schedule" JSONB,
ADD COLUMN     "senderIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "sends" ADD COLUMN     "scheduledFor" TIMESTAMPTZ(3),
ADD COLUMN     "senderId" TEXT;

-- AlterTable
ALTER TABLE "senders" ADD COLUMN     "firstSendDay" DATE;

-- CreateTable
CREATE TABLE "sender_days" (
    "senderId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "scheduled" INTEGER NOT NULL DEFAULT 0,
    "lastAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sender_days_pkey" PRIMARY KEY ("senderId","day")
);

-- CreateIndex
CREATE INDEX "run_leads_senderId_idx" ON "run_leads"("senderId");

-- CreateIndex
CREATE INDEX "sends_senderId_status_idx" ON "sends"("senderId", "status");

-- AddForeignKey
ALTER TABLE "sender_days" ADD CONSTRAINT "sender_days_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "senders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
