import { v1Route } from "@/lib/api/v1-route";
import { correctReplyOperation, getReplyOperation } from "@/lib/api/operations/replies";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(getReplyOperation, correctReplyOperation);
