-- AlterTable
ALTER TABLE "web_sessions" ADD COLUMN     "address" TEXT,
ADD COLUMN     "userAgent" TEXT;
