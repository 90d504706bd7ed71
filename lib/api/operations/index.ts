import type { AnyOperation } from "@/lib/api/operation";
import { listAuditOperation } from "@/lib/api/operations/audit";
import { createLeadOperation, getLeadOperation, listLeadsOperation } from "@/lib/api/operations/leads";
import { approvePackOperation, forkPackOperation, getPackOperation, listPacksOperation, updatePackOperation } from "@/lib/api/operations/packs";
import { forkPromptOperation, getPromptOperation, getPromptVersionOperation, promotePromptOperation, rollbackPromptOperation } from "@/lib/api/operations/prompts";
import { cancelRunOperation, createRunOperation, getRunOperation, listRunErrorsOperation, listRunLeadsOperation, listRunsOperation, renameRunOperation } from "@/lib/api/operations/runs";
import { approveCampaignOperation, createCampaignOperation, getCampaignOperation, listCampaignsOperation, rejectCampaignOperation, updateCampaignOperation } from "@/lib/api/operations/campaigns";
import { approveDraftOperation, getDraftOperation, listDraftsOperation, rejectDraftOperation } from "@/lib/api/operations/drafts";
import { getRelayOperation, putRelayOperation } from "@/lib/api/operations/relay";
import { getSendOperation, listSendsOperation, resolveSendOperation } from "@/lib/api/operations/sends";
import { getOfferOperation, putOfferOperation } from "@/lib/api/operations/offer";
import { correctReplyOperation, createReplyOperation, getReplyOperation, listRepliesOperation } from "@/lib/api/operations/replies";
import { checkMailboxOperation, getMailboxOperation, putMailboxOperation } from "@/lib/api/operations/mailbox";
import {
  createEndpointOperation, deleteEndpointOperation, getEndpointOperation, listDeadLettersOperation, listDeliveriesOperation, listEndpointsOperation,
  replayDeadLettersOperation, revealSecretOperation, rotateSecretOperation, testEndpointOperation, updateEndpointOperation,
} from "@/lib/api/operations/webhooks";
import { createSuppressionOperation, deleteSuppressionOperation, importSuppressionsOperation, listSuppressionsOperation } from "@/lib/api/operations/suppressions";
import {
  addEvalCaseOperation, createEvalSetOperation, createEvaluationOperation, getEvalSetOperation, getEvaluationOperation, getVersionEvaluationOperation, getVersionOutcomesOperation, listEvalSetsOperation, listEvaluationsOperation,
  getPromptOutcomesOperation, removeEvalCaseOperation,
} from "@/lib/api/operations/evals";
import { createReplayOperation, getReplayOperation, listReplaysOperation } from "@/lib/api/operations/replays";
import { deleteProviderOperation, listProvidersOperation, upsertProviderOperation } from "@/lib/api/operations/providers";

/** Every /v1 operation, in the order the reference shows them. */
export const OPERATIONS = [
  listLeadsOperation, createLeadOperation, getLeadOperation,
  listRunsOperation, createRunOperation, getRunOperation, listRunLeadsOperation, listRunErrorsOperation, cancelRunOperation, renameRunOperation,
  listDraftsOperation, getDraftOperation, approveDraftOperation, rejectDraftOperation,
  listSendsOperation, getSendOperation, resolveSendOperation,
  listRepliesOperation, createReplyOperation, getReplyOperation, correctReplyOperation, getRelayOperation, putRelayOperation, getOfferOperation, putOfferOperation,
  getMailboxOperation, putMailboxOperation, checkMailboxOperation,
  listCampaignsOperation, createCampaignOperation, getCampaignOperation, updateCampaignOperation, approveCampaignOperation, rejectCampaignOperation,
  listPacksOperation, getPackOperation, updatePackOperation, forkPackOperation, approvePackOperation,
  getPromptOperation, getPromptVersionOperation, forkPromptOperation, promotePromptOperation, rollbackPromptOperation,
  listEvalSetsOperation, createEvalSetOperation, getEvalSetOperation, addEvalCaseOperation, removeEvalCaseOperation,
  listEvaluationsOperation, createEvaluationOperation, getEvaluationOperation, getVersionEvaluationOperation, getVersionOutcomesOperation, getPromptOutcomesOperation,
  listReplaysOperation, createReplayOperation, getReplayOperation,
  listProvidersOperation, upsertProviderOperation, deleteProviderOperation,
  listSuppressionsOperation, createSuppressionOperation, importSuppressionsOperation, deleteSuppressionOperation,
  listAuditOperation,
  listEndpointsOperation, createEndpointOperation, getEndpointOperation, updateEndpointOperation, deleteEndpointOperation,
  revealSecretOperation, rotateSecretOperation, listDeliveriesOperation, testEndpointOperation, listDeadLettersOperation, replayDeadLettersOperation,
] satisfies AnyOperation[] as AnyOperation[];
