-- DropForeignKey
ALTER TABLE "stage_traces" DROP CONSTRAINT "stage_traces_runId_fkey";

-- DropForeignKey
ALTER TABLE "stage_traces" DROP CONSTRAINT "stage_traces_promptVersionId_fkey";
