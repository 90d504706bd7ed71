import { v1Route } from "@/lib/api/v1-route";
import { createReplayOperation, listReplaysOperation } from "@/lib/api/operations/replays";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(listReplaysOperation, createReplayOperation);
