import { v1Route } from "@/lib/api/v1-route";
import { approvePackOperation } from "@/lib/api/operations/packs";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(approvePackOperation);
