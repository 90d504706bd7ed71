-- CreateTable
CREATE TABLE "senders" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "fromEmail" TEXT NOT NULL,
    "fromName" TEXT,
    "relayHost" TEXT NOT NULL,
    "relayPort" INTEGER NOT NULL,
    "relaySecure" BOOLEAN NOT NULL DEFAULT false,
    "relayUsername" TEXT,
    "relayPasswordEncrypted" TEXT,
    "mailboxHost" TEXT,
    "mailboxPort" INTEGER,
    "mailboxSecure" BOOLEAN,
    "mailboxUsername" TEXT,
    "mailboxPasswordEncrypted" TEXT,
    "mailboxFolders" TEXT[],
    "dailyCap" INTEGER,
    "rampStart" INTEGER,
    "rampStepPerDay" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "senders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "senders_workspaceId_id_idx" ON "senders"("workspaceId", "id");

-- AddForeignKey
ALTER TABLE "senders" ADD CONSTRAINT "senders_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
