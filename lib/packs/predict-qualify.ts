import { z } from "zod";
import { db } from "@/lib/db";
import { rejectionKind } from "@/lib/engine/local/qualify";
import type { Signals } from "@/lib/engine/local/signals";
import { resolvePromptSet } from "@/lib/governance/prompt-set";
import { planColumns, PREVIEW_SAMPLE_ROWS, readRow } from "@/lib/imports/columns";
import { mergeOffers } from "@/lib/offer/offer";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { IcpRules } from "@/lib/icp/icp";
import { localTarget, runPrompt, type LeadContext } from "@/lib/prompts/run-prompt";

// The launcher's forecast: would the first rows of a CSV qualify under a pack? The rows are read
// as the import reads them (lib/imports/columns.ts: the mapped header names the lead fields), then
// each goes through the pack's own extract_signals and qualify versions (the set a run of the pack
// would resolve now) on the built-in local engine, through runPrompt like a run's stages. Nothing
// is written: no lead, run, trace or job.

export const PredictBody = z.strictObject({
  header: z.array(z.string().max(200)).min(1).max(500).meta({ description: "The CSV's header row as mapped in the launcher (known columns by their names)" }),
  rows: z
    .array(z.array(z.string().max(10_000)).max(500))
    .max(PREVIEW_SAMPLE_ROWS)
    .meta({ description: "The first rows of the file, cells in the header's order" }),
});
export type PredictBody = z.infer<typeof PredictBody>;

export type RowForecast = { row: number; email: string | null; qualified: boolean; score: number | null; reason: string | null };
export type Forecast = {
  pack: string;
  rows: number;
  qualified: number;
  /** Rows the import would skip (no email, a malformed one): they never reach qualify. */
  unreadable: number;
  /** Why the others would be rejected, most frequent first, each with up to 3 of the engine's own reasons. */
  reasons: { kind: string; count: number; examples: string[] }[];
  leads: RowForecast[];
};

async function stagePrompts(workspaceId: string, packId: string) {
  const set = await resolvePromptSet(workspaceId, { packId });
  const wanted = set.entries.filter((entry) => entry.stage === "extract_signals" || entry.stage === "qualify");
  const versions = await db().promptVersion.findMany({
    where: { id: { in: wanted.map((entry) => entry.versionId) } },
    include: { prompt: { select: { name: true } } },
  });
  const byStage = new Map(wanted.map((entry) => [entry.stage, versions.find((version) => version.id === entry.versionId)!]));
  return { signals: byStage.get("extract_signals") ?? null, qualify: byStage.get("qualify")! };
}

/** The forecast for the pack `slug` over the given rows; writes nothing. */
export async function predictQualify(workspaceId: string, slug: string, body: PredictBody): Promise<Forecast> {
  const pack = await findVisiblePack(workspaceId, slug);
  const context: LeadContext = { icp: IcpRules.parse(pack.icp), offer: mergeOffers(), senderName: "" };
  const prompts = await stagePrompts(workspaceId, pack.id);
  const plan = planColumns(body.header);
  const leads: RowForecast[] = [];
  const kinds = new Map<string, { count: number; examples: Set<string> }>();
  let unreadable = 0;
  for (const [index, record] of body.rows.entries()) {
    const row = index + 1;
    const read = plan.emailIndex < 0 ? ({ code: "missing_email", message: "No column is mapped to email." } as const) : readRow(record, plan);
    if (!("email" in read)) {
      unreadable += 1;
      leads.push({ row, email: null, qualified: false, score: null, reason: read.message });
      continue;
    }
    let signals: Signals | null = null;
    if (prompts.signals) {
      const ran = await runPrompt("extract_signals", prompts.signals, { facts: read, signals: null, context }, localTarget(prompts.signals.modelDefault));
      if (ran.kind === "done" && ran.output.stage === "extract_signals") signals = ran.output.signals;
    }
    const ran = await runPrompt("qualify", prompts.qualify, { facts: read, signals, context }, localTarget(prompts.qualify.modelDefault));
    if (ran.kind !== "done" || ran.output.stage !== "qualify") {
      leads.push({ row, email: read.email, qualified: false, score: null, reason: "message" in ran ? ran.message : "qualify gave no answer." });
      continue;
    }
    const { qualified, score, reasons } = ran.output;
    const below = `Score ${score} is below the minimum of ${context.icp.min_score}.`;
    const failing = qualified ? [] : reasons.filter((reason) => rejectionKind(reason) !== null);
    if (!qualified && failing.length === 0) failing.push(below);
    leads.push({ row, email: read.email, qualified, score, reason: qualified ? null : failing[0] });
    for (const reason of failing) {
      const kind = rejectionKind(reason) ?? "Score below the minimum";
      const entry = kinds.get(kind) ?? { count: 0, examples: new Set<string>() };
      entry.count += 1;
      if (entry.examples.size < 3) entry.examples.add(reason);
      kinds.set(kind, entry);
    }
  }
  const reasons = [...kinds]
    .map(([kind, { count, examples }]) => ({ kind, count, examples: [...examples] }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind))
    .slice(0, 5);
  return { pack: pack.slug, rows: body.rows.length, qualified: leads.filter((lead) => lead.qualified).length, unreadable, reasons, leads };
}
