import { renderPromptForDiff } from "@/lib/prompts/diff";
import type { PromptText } from "@/lib/prompts/prompt-history";

/** The text prompt diffs compare (model, system, user template), the same on server and page. */
export function promptDiffText(text: PromptText): string {
  return renderPromptForDiff({ modelDefault: text.model_default, system: text.system, userTemplate: text.user_template });
}

export const promptHref = (name: string) => `/prompts/${encodeURIComponent(name)}`;

/** The page of one version (contract §10): its fields and its diffs. */
export const versionHref = (name: string, version: string) => `${promptHref(name)}/versions/${encodeURIComponent(version)}`;
