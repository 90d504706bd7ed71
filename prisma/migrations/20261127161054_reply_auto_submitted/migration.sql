-- AlterTable
ALTER TABLE "replies" ADD COLUMN     "autoSubmitted" TEXT;
