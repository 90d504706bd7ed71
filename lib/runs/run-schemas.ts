import { RunReview } from "@/lib/runs/run-review";
import { RunTotals } from "@/lib/runs/run-totals";
import { z } from "zod";
import type { Run } from "@/lib/generated/prisma/client.ts";
import { PromptRef } from "@/lib/prompts/present-version";
import { LeadFilter, LeadIds, type LeadSource } from "@/lib/runs/resolve-run-source";
import { STOP_AFTER } from "@/lib/lifecycle/stages";
import { RUN_LEAD_STATES, RUN_STATUSES } from "@/lib/statuses";
import { RunName } from "@/lib/runs/run-name";

export const RunIdParams = z.object({
  id: z
    .string()
    .regex(/^run_[0-9a-z]{26}$/)
    .meta({ example: "run_01jd0000000000000000000000" }),
});

export { RUN_LEAD_STATES, RUN_STATUSES, STOP_AFTER };

const Pins = z.record(z.string(), z.string().max(200)).meta({ description: 'Per-stage pins for this run: {"draft_email": "draft_email@acme:v1.2.0-acme"}' });

export const CreateRunBody = z
  .strictObject({
    name: RunName.optional().meta({ description: "What people call the run; by default the CSV's file name, or the lead filter in words" }),
    pack: z.string().max(63).meta({ example: "saas-outbound" }),
    leads_csv_url: z.string().max(2048).optional().meta({
      description: "s3://bucket/key, https:// or http:// (public addresses only). One source only: this, lead_ids or lead_filter",
      example: "s3://leads/march.csv",
    }),
    lead_ids: LeadIds.optional(),
    lead_filter: LeadFilter.optional(),
    stop_after: z.enum(STOP_AFTER).nullable().optional(),
    pins: Pins.optional(),
    campaign_id: z
      .string()
      .max(40)
      .nullable()
      .optional()
      .meta({ description: "The run follows this campaign's pins and offer; `pack` must be the campaign's pack (422 on `pack` otherwise)" }),
  })
  .meta({ id: "CreateRun" });
export type CreateRunBody = z.infer<typeof CreateRunBody>;

/** The multipart form of POST /runs: the same fields as text, the CSV as the `file` part. */
export const CreateRunUpload = z
  .strictObject({
    name: RunName.optional(),
    pack: z.string().max(63),
    stop_after: z.enum(STOP_AFTER).optional(),
    pins: z.string().max(5000).optional().meta({ description: "JSON object, as in the JSON body" }),
    campaign_id: z.string().max(40).optional(),
    file: z.object({ name: z.string(), bytes: z.instanceof(Buffer) }),
  })
  .meta({ id: "CreateRunUpload" });
export type CreateRunUpload = z.infer<typeof CreateRunUpload>;

export const CreateRunUploadDoc = z
  .object({
    name: z.string().optional().meta({ description: "What people call the run; by default the file's name" }),
    pack: z.string(),
    file: z.string().meta({ format: "binary", description: "The CSV" }),
    stop_after: z.enum(STOP_AFTER).optional(),
    pins: z.string().optional().meta({ description: "JSON object, as in the JSON body" }),
    campaign_id: z.string().optional(),
  })
  .meta({ id: "CreateRunUploadForm" });

export const StepCountsSchema = z
  .object({
    step: z.number().int().meta({ description: "1: the first email; 2 and later: follow-ups" }),
    drafted: z.number().int().meta({ description: "Drafts written for this step (any status)" }),
    awaiting_review: z.number().int(),
    approved: z.number().int().meta({ description: "Approved, sent or not yet" }),
    sent: z.number().int().meta({ description: "Accepted by the relay" }),
    canceled: z.number().int().meta({ description: "Follow-ups not sent because the lead's sequence ended first" }),
  })
  .meta({ id: "StepCounts" });
export type StepCounts = z.infer<typeof StepCountsSchema>;

export const RunCounts = z.object({
  rows: z.number().int(),
  imported: z.number().int(),
  invalid_rows: z.number().int(),
  qualified: z.number().int(),
  rejected: z.number().int(),
  drafted: z.number().int(),
  approved: z.number().int(),
  sent: z.number().int(),
  replied: z.number().int(),
  failed: z.number().int(),
  steps: z
    .array(StepCountsSchema)
    .optional()
    .meta({ description: "Drafts per campaign step, in step order (steps with no draft yet are left out). Only on `GET /runs/{id}`, not in lists." }),
});
export type RunCounts = z.infer<typeof RunCounts>;

export const RunSchema = z
  .object({
    id: z.string(),
    name: z
      .string()
      .meta({ description: "What people call the run: given at the start or renamed (PATCH), else the CSV's file name or the lead filter in words" }),
    pack: z.string(),
    leads_csv_url: z.string().nullable(),
    lead_source: z
      .union([z.object({ lead_ids: z.array(z.string()) }), z.object({ lead_filter: LeadFilter })])
      .nullable()
      .meta({ description: "For a run over existing leads: the ids or the filter it was started with (null for a CSV run)" }),
    stop_after: z.enum(STOP_AFTER).nullable(),
    campaign_id: z.string().nullable(),
    pins: z.record(z.string(), PromptRef),
    status: z.enum(RUN_STATUSES),
    counts: RunCounts,
    totals: RunTotals.meta({ description: "The run's model calls, tokens and cost so far" }),
    review: RunReview.optional().meta({
      description: "How its drafts' reviews went: decisions and the median time from a reviewer's first read to the decision (GET /runs/{id} only)",
    }),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: "Run" });
export type RunJson = z.infer<typeof RunSchema>;

export type RunWithContext = Run & {
  pack: { slug: string };
  pins: { stage: string; promptVersion: { version: string; prompt: { name: string } } }[];
};

export const RUN_INCLUDE = {
  pack: { select: { slug: true } },
  pins: { include: { promptVersion: { select: { version: true, prompt: { select: { name: true } } } } } },
} as const;

export function presentRun(run: RunWithContext, counts: RunCounts, totals: RunTotals, review?: RunReview): RunJson {
  return {
    id: run.id,
    name: run.name,
    pack: run.pack.slug,
    leads_csv_url: run.leadsCsvUrl,
    lead_source: (run.leadSource ?? null) as LeadSource | null,
    stop_after: (run.stopAfter ?? null) as RunJson["stop_after"],
    campaign_id: run.campaignId,
    pins: Object.fromEntries(run.pins.map((pin) => [pin.stage, { name: pin.promptVersion.prompt.name, version: pin.promptVersion.version }])),
    status: run.status as RunJson["status"],
    counts,
    totals,
    ...(review ? { review } : {}),
    error: run.errorCode ? { code: run.errorCode, message: run.errorMessage ?? "" } : null,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}
