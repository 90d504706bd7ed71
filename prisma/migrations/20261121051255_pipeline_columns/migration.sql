-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "country" TEXT,
ADD COLUMN     "employees" INTEGER,
ADD COLUMN     "industry" TEXT,
ADD COLUMN     "notes" TEXT,
ADD COLUMN     "website" TEXT;

-- AlterTable
ALTER TABLE "run_leads" ADD COLUMN     "qualified" BOOLEAN;

-- CreateTable
CREATE TABLE "run_uploads" (
    "runId" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_uploads_pkey" PRIMARY KEY ("runId")
);

-- AddForeignKey
ALTER TABLE "run_uploads" ADD CONSTRAINT "run_uploads_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
