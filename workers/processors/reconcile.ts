import type { ProcessFn } from "@/lib/jobs/consume";
import { checkSentFolder } from "@/lib/mailbox/sent-folder-check";

export const processReconcile: ProcessFn<"reconcile"> = (payload) => checkSentFolder(payload.workspaceId);
