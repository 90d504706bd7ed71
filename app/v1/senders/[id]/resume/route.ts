import { v1Route } from "@/lib/api/v1-route";
import { resumeSenderOperation } from "@/lib/api/operations/senders";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(resumeSenderOperation);
