-- AlterTable
ALTER TABLE "relay_settings" ADD COLUMN     "dkimSelector" TEXT,
ADD COLUMN     "dns" JSONB;

-- AlterTable
ALTER TABLE "senders" ADD COLUMN     "dkimSelector" TEXT,
ADD COLUMN     "dns" JSONB;
