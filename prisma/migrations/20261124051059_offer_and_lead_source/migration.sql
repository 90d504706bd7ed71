-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "offer" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "leadSource" JSONB;

-- AlterTable
ALTER TABLE "packs" ADD COLUMN     "offer" JSONB;

-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "offer" JSONB;
