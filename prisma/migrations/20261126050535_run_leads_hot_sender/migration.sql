-- DropIndex
DROP INDEX "run_leads_senderId_idx";

-- Room on each page for HOT updates (no new index entries) of run_leads' unindexed columns: a
-- sender assigned to every lead of a big approval (lib/senders/assign.ts), the sequence columns.
-- Applies to pages written from now on.
ALTER TABLE "run_leads" SET (fillfactor = 85);
