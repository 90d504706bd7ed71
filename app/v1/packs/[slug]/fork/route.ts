import { v1Route } from "@/lib/api/v1-route";
import { forkPackOperation } from "@/lib/api/operations/packs";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(forkPackOperation);
