-- AlterTable
ALTER TABLE "senders" ADD COLUMN     "signature" TEXT,
ADD COLUMN     "title" TEXT;
