import { v1Route } from "@/lib/api/v1-route";
import { listPacksOperation } from "@/lib/api/operations/packs";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(listPacksOperation);
