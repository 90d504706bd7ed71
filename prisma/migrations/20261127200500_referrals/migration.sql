-- Referrals (contract section 13): a lead names who referred it, and a wrong_person reply remembers the lead and run made from it.
ALTER TABLE "leads" ADD COLUMN "referredById" TEXT;
ALTER TABLE "leads" ADD CONSTRAINT "leads_referredById_fkey" FOREIGN KEY ("referredById") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "replies" ADD COLUMN "referralLeadId" TEXT, ADD COLUMN "referralRunId" TEXT, ADD COLUMN "referralClaimedAt" TIMESTAMPTZ(3);
