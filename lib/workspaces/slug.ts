import { z } from "zod";

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
/** The workspace that owns built-in packs and production prompts; no customer may take it. */
export const SYSTEM_WORKSPACE_SLUG = "system";

export const Slug = z.string().regex(SLUG_PATTERN, "must be 2-63 lower-case letters, digits or hyphens, starting with a letter or digit");
