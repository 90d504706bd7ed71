import type { AnyOperation } from "@/lib/api/operation";
import { listAuditOperation } from "@/lib/api/operations/audit";
import { createLeadOperation, getLeadOperation, listLeadsOperation } from "@/lib/api/operations/leads";
import { forkPackOperation, getPackOperation, listPacksOperation, updatePackOperation } from "@/lib/api/operations/packs";
import { forkPromptOperation, getPromptOperation, getPromptVersionOperation } from "@/lib/api/operations/prompts";
import { cancelRunOperation, createRunOperation, getRunOperation, listRunErrorsOperation, listRunLeadsOperation, listRunsOperation } from "@/lib/api/operations/runs";
import { deleteProviderOperation, listProvidersOperation, upsertProviderOperation } from "@/lib/api/operations/providers";

/** Every /v1 operation, in the order the reference shows them. */
export const OPERATIONS = [
  listLeadsOperation, createLeadOperation, getLeadOperation,
  listRunsOperation, createRunOperation, getRunOperation, listRunLeadsOperation, listRunErrorsOperation, cancelRunOperation,
  listPacksOperation, getPackOperation, updatePackOperation, forkPackOperation,
  getPromptOperation, getPromptVersionOperation, forkPromptOperation,
  listProvidersOperation, upsertProviderOperation, deleteProviderOperation,
  listAuditOperation,
] satisfies AnyOperation[] as AnyOperation[];
