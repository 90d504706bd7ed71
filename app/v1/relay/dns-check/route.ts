import { v1Route } from "@/lib/api/v1-route";
import { checkRelayDnsOperation } from "@/lib/api/operations/relay";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(checkRelayDnsOperation);
