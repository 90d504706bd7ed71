import { z } from "zod";
import { CHECK_CODES, RISKS, SEVERITIES, SOURCE_KINDS, type Check, type EvidenceItem, type Review } from "@/lib/review-checks";

// Evidence and checks as the API shows them (contract §13) and as they are stored on a draft. They
// sit with the checks that make them, below every feature that writes or shows a draft's review
// (drafts, pipeline, sequences, spam, replies), so none of those has to import another for them.

export const SourceSchema = z.object({ kind: z.enum(SOURCE_KINDS), field: z.string(), text: z.string() }).meta({ id: "EvidenceSource" });

// Two numbers as an array of length 2, not a tuple: the tuple's `items: false` in OpenAPI 3.1 is
// read as "no items allowed" by the contract tester (Stoplight Prism).
const Span = z.array(z.number().int()).length(2).meta({ description: "[start, end): character offsets into the field's text" });

export const EvidenceSchema = z
  .object({
    sentence: z.string(),
    field: z.enum(["subject", "body"]),
    span: Span,
    sources: z.array(SourceSchema).meta({ description: "What supports the sentence; empty when nothing does" }),
  })
  .meta({ id: "EvidenceItem" });

export const CheckSchema = z
  .object({
    code: z.enum(CHECK_CODES),
    severity: z.enum(SEVERITIES),
    message: z.string(),
    field: z.enum(["subject", "body"]),
    span: Span.nullable(),
  })
  .meta({ id: "DraftCheck" });

export const RiskSchema = z.enum(RISKS).meta({ description: "high with any block check, medium with any warn check, else low" });

/** The columns a review is stored in. */
export function reviewColumns(review: Review) {
  return {
    evidence: review.evidence as unknown as object,
    checks: review.checks as unknown as object,
    risk: review.risk,
    riskRank: RISK_ORDER.indexOf(review.risk),
    opening: review.opening,
  };
}
export const RISK_ORDER = ["low", "medium", "high"] as const;

export const storedEvidence = (value: unknown): EvidenceItem[] => (Array.isArray(value) ? (value as EvidenceItem[]) : []);
export const storedChecks = (value: unknown): Check[] => (Array.isArray(value) ? (value as Check[]) : []);
