import { v1Route } from "@/lib/api/v1-route";
import { checkMailboxOperation } from "@/lib/api/operations/mailbox";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(checkMailboxOperation);
