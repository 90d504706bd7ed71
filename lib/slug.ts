import { z } from "zod";

// A workspace's slug, and the one every workspace may read from (built-in packs and prompts): a shared
// piece at the bottom of lib/ (docs/architecture.md "Layers"), read by the audit, prompts, packs and routes alike.

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
/** The workspace that owns built-in packs and production prompts; no customer may take it. */
export const SYSTEM_WORKSPACE_SLUG = "system";

export const Slug = z.string().regex(SLUG_PATTERN, "must be 2-63 lower-case letters, digits or hyphens, starting with a letter or digit");
