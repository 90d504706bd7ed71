import { v1Route } from "@/lib/api/v1-route";
import { resumeRelayOperation } from "@/lib/api/operations/relay";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(resumeRelayOperation);
