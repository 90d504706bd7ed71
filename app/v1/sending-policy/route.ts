import { v1Route } from "@/lib/api/v1-route";
import { getSendingPolicyOperation, putSendingPolicyOperation } from "@/lib/api/operations/relay";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(getSendingPolicyOperation, putSendingPolicyOperation);
