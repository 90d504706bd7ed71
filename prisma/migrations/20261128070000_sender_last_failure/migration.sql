-- AlterTable
ALTER TABLE "senders" ADD COLUMN     "lastFailure" TEXT,
ADD COLUMN     "lastFailureAt" TIMESTAMPTZ(3);
