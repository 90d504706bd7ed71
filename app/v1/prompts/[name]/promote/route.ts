import { v1Route } from "@/lib/api/v1-route";
import { promotePromptOperation } from "@/lib/api/operations/prompts";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(promotePromptOperation);
