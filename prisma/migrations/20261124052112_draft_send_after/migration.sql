-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "sendAfter" TIMESTAMPTZ(3);
