import { v1Route } from "@/lib/api/v1-route";
import { testEndpointOperation } from "@/lib/api/operations/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(testEndpointOperation);
