import { v1Route } from "@/lib/api/v1-route";
import { deleteSenderOperation, getSenderOperation, updateSenderOperation } from "@/lib/api/operations/senders";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(getSenderOperation, updateSenderOperation, deleteSenderOperation);
