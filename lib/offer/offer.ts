import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client.ts";

const DB_NULL = Prisma.DbNull;

// The offer and sender profile: what the workspace sells, to whom, why, and who signs the email.
// Set per workspace (GET/PUT /v1/offer); a pack and a campaign may override it field by field
// (their `offer` object). Prompts read it through the variables in lib/prompts/template-variables.ts.

const text = (max: number) => z.string().trim().max(max);
const list = z.array(text(300).min(1)).max(10);

export const OFFER_TONES = ["friendly", "formal", "direct"] as const;

const offerFields = {
  product: text(200).meta({ description: "What you sell, as a short noun phrase", example: "Acme Ledger, invoice automation for finance teams" }),
  audience: text(300).meta({ description: "Who it is for", example: "finance leaders at mid-size software companies" }),
  value_propositions: list.meta({ description: "Why it matters to them; the first is used when only one fits" }),
  proof_points: list.meta({ description: "Facts that back the claims (customers, numbers)" }),
  call_to_action: text(300).meta({ description: "The one ask the email ends with", example: "Would a 15-minute call next week be useful?" }),
  sender_name: text(120).meta({ example: "Maya Chen" }),
  sender_title: text(120).meta({ example: "Head of Partnerships" }),
  signature: text(1000).meta({ description: "Lines under the name (company, phone, link)" }),
  website: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .max(300)
    .meta({ description: "The offer's website: a link in a draft to another host gets a `link` check", example: "https://acme.example" }),
  tone: z.enum(OFFER_TONES),
};

export const OfferSchema = z
  .object({
    product: z.string().nullable(),
    audience: z.string().nullable(),
    value_propositions: z.array(z.string()),
    proof_points: z.array(z.string()),
    call_to_action: z.string().nullable(),
    sender_name: z.string().nullable(),
    sender_title: z.string().nullable(),
    signature: z.string().nullable(),
    website: z.string().nullable(),
    tone: z.enum(OFFER_TONES),
  })
  .meta({ id: "Offer" });
export type Offer = z.infer<typeof OfferSchema>;

/** PUT /offer: the whole profile; a field left out is cleared. */
export const PutOfferBody = z
  .strictObject(
    Object.fromEntries(Object.entries(offerFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof offerFields]: z.ZodOptional<(typeof offerFields)[K]>;
    },
  )
  .meta({ id: "PutOffer" });
export type PutOfferBody = z.infer<typeof PutOfferBody>;

/** A pack's or campaign's `offer`: only the fields given override; `null` removes the override. */
export const OfferOverride = PutOfferBody.nullable().meta({
  id: "OfferOverride",
  description: "Overrides the workspace's offer field by field; null removes it",
});
export type OfferOverride = z.infer<typeof OfferOverride>;

/** A stored override as it is read back: only the fields it sets, or null. */
export function presentOverride(value: unknown): PutOfferBody | null {
  const fields = storedOffer(value) as PutOfferBody;
  return Object.keys(fields).length ? fields : null;
}

/** What to write for an override in a request: undefined keeps it, null (or an empty object) removes it. */
export function overrideToStore(value: OfferOverride | undefined): Prisma.InputJsonObject | typeof DB_NULL | undefined {
  if (value === undefined) return undefined;
  const fields = value === null ? {} : storedOffer(value);
  return Object.keys(fields).length ? (fields as Prisma.InputJsonObject) : DB_NULL;
}

export const EMPTY_OFFER: Offer = {
  product: null,
  audience: null,
  value_propositions: [],
  proof_points: [],
  call_to_action: null,
  sender_name: null,
  sender_title: null,
  signature: null,
  website: null,
  tone: "friendly",
};

/** Reads a stored offer (workspace, pack or campaign column) leniently: unknown or bad fields are dropped. */
export function storedOffer(value: unknown): Partial<Offer> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(offerFields)) {
    const parsed = (schema as z.ZodType).safeParse((value as Record<string, unknown>)[key]);
    if (!parsed.success) continue;
    const v = parsed.data;
    if (v === "" || (Array.isArray(v) && v.length === 0)) continue;
    out[key] = v;
  }
  return out as Partial<Offer>;
}

/** What to store for a body: empty strings and empty lists are not kept. */
export function offerToStore(body: PutOfferBody): Record<string, unknown> {
  return storedOffer(body);
}

/** Workspace, then pack, then campaign: each later layer's fields win. */
export function mergeOffers(...layers: unknown[]): Offer {
  return Object.assign({ ...EMPTY_OFFER }, ...layers.map(storedOffer));
}

export function presentOffer(value: unknown): Offer {
  return mergeOffers(value);
}
