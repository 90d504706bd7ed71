import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";

// One lead's trace across the stages of one run (stage_traces), oldest first: which prompt version
// and model ran, how long it took, the tokens, and the output or the error.

export type TraceJson = {
  id: string;
  stage: string;
  prompt: { name: string; version: string } | null;
  provider: string;
  model: string;
  latency_ms: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
  output: unknown;
  error: string | null;
  created_at: string;
};

export async function listLeadTraces(workspaceId: string, runId: string, leadId: string): Promise<TraceJson[]> {
  const traces = await db().stageTrace.findMany({ where: { workspaceId, runId, leadId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 200 });
  const versionIds = [...new Set(traces.map((t) => t.promptVersionId).filter((id): id is string => id !== null))];
  const versions = versionIds.length
    ? await db().promptVersion.findMany({ where: { id: { in: versionIds } }, select: { id: true, version: true, prompt: { select: { name: true } } } })
    : [];
  const byId = new Map(versions.map((v) => [v.id, { name: v.prompt.name, version: v.version }]));
  return traces.map((t) => ({
    id: t.id,
    stage: t.stage,
    prompt: t.promptVersionId ? (byId.get(t.promptVersionId) ?? null) : null,
    provider: t.provider,
    model: t.model,
    latency_ms: t.latencyMs,
    input_tokens: t.inputTokens,
    output_tokens: t.outputTokens,
    cost_usd: t.costMicros / 1_000_000,
    output: t.output ?? null,
    error: t.error,
    created_at: t.createdAt.toISOString(),
  }));
}

/** The traces of a lead in a run, after checking both belong to the workspace (another's is 404). */
export async function getRunLeadTraces(workspaceId: string, runId: string, leadId: string) {
  const runLead = await db().runLead.findFirst({ where: { runId, leadId, workspaceId }, select: { id: true } });
  if (!runLead) throw new NotFound("lead in this run");
  return { data: await listLeadTraces(workspaceId, runId, leadId) };
}
