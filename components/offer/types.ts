import type { z } from "zod";
import type { OfferSchema, PutOfferBody } from "@/lib/offer/offer";

// Wire types only (erased at build).
export type Offer = z.infer<typeof OfferSchema>;
/** A pack's or campaign's override: only the fields it sets. */
export type OfferOverride = PutOfferBody;
