import { v1Route } from "@/lib/api/v1-route";
import { listAuditOperation } from "@/lib/api/operations/audit";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(listAuditOperation);
