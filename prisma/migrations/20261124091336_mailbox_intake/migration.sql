-- AlterTable
ALTER TABLE "replies" ADD COLUMN     "classifierClassification" TEXT,
ADD COLUMN     "correctedAt" TIMESTAMPTZ(3),
ADD COLUMN     "correctedById" TEXT,
ADD COLUMN     "inboundMessageId" TEXT;

-- CreateTable
CREATE TABLE "mailbox_settings" (
    "workspaceId" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "port" INTEGER NOT NULL,
    "secure" BOOLEAN NOT NULL DEFAULT true,
    "username" TEXT NOT NULL,
    "passwordEncrypted" TEXT,
    "folders" TEXT[] DEFAULT ARRAY['INBOX']::TEXT[],
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mailbox_settings_pkey" PRIMARY KEY ("workspaceId")
);

-- CreateTable
CREATE TABLE "mailbox_status" (
    "workspaceId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "lastError" TEXT,
    "lastCheckedAt" TIMESTAMPTZ(3),
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mailbox_status_pkey" PRIMARY KEY ("workspaceId")
);

-- CreateTable
CREATE TABLE "mailbox_cursors" (
    "workspaceId" TEXT NOT NULL,
    "folder" TEXT NOT NULL,
    "uidValidity" BIGINT NOT NULL,
    "lastUid" BIGINT NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mailbox_cursors_pkey" PRIMARY KEY ("workspaceId","folder")
);

-- CreateTable
CREATE TABLE "inbound_messages" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "folder" TEXT NOT NULL,
    "uidValidity" BIGINT NOT NULL,
    "uid" BIGINT NOT NULL,
    "messageId" TEXT,
    "fromEmail" TEXT NOT NULL DEFAULT '',
    "subject" TEXT NOT NULL DEFAULT '',
    "receivedAt" TIMESTAMPTZ(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "matchedBy" TEXT,
    "raw" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bounces" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "inboundMessageId" TEXT NOT NULL,
    "emailLower" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "diagnostic" TEXT,
    "leadId" TEXT,
    "draftId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bounces_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "inbound_messages_workspaceId_kind_id_idx" ON "inbound_messages"("workspaceId", "kind", "id");

-- CreateIndex
CREATE UNIQUE INDEX "inbound_messages_workspaceId_folder_uidValidity_uid_key" ON "inbound_messages"("workspaceId", "folder", "uidValidity", "uid");

-- CreateIndex
CREATE INDEX "bounces_workspaceId_emailLower_idx" ON "bounces"("workspaceId", "emailLower");

-- CreateIndex
CREATE UNIQUE INDEX "replies_inboundMessageId_key" ON "replies"("inboundMessageId");

-- CreateIndex
CREATE INDEX "replies_workspaceId_classification_id_idx" ON "replies"("workspaceId", "classification", "id");

-- AddForeignKey
ALTER TABLE "replies" ADD CONSTRAINT "replies_inboundMessageId_fkey" FOREIGN KEY ("inboundMessageId") REFERENCES "inbound_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mailbox_settings" ADD CONSTRAINT "mailbox_settings_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mailbox_status" ADD CONSTRAINT "mailbox_status_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mailbox_cursors" ADD CONSTRAINT "mailbox_cursors_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bounces" ADD CONSTRAINT "bounces_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bounces" ADD CONSTRAINT "bounces_inboundMessageId_fkey" FOREIGN KEY ("inboundMessageId") REFERENCES "inbound_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
