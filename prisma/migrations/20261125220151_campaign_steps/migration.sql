-- CreateTable
CREATE TABLE "campaign_steps" (
    "campaignId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "wait" TEXT,
    "waitSeconds" INTEGER,
    "prompt" TEXT NOT NULL,
    "promptVersionId" TEXT,

    CONSTRAINT "campaign_steps_pkey" PRIMARY KEY ("campaignId","step")
);

-- CreateIndex
CREATE INDEX "campaign_steps_promptVersionId_idx" ON "campaign_steps"("promptVersionId");

-- AddForeignKey
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_promptVersionId_fkey" FOREIGN KEY ("promptVersionId") REFERENCES "prompt_versions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
