import { v1Route } from "@/lib/api/v1-route";
import { getMailboxOperation, putMailboxOperation } from "@/lib/api/operations/mailbox";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(getMailboxOperation, putMailboxOperation);
