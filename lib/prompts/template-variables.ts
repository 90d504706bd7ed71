import { stageDefinition } from "@/lib/stages";
import { LEAD_STAGE_VARIABLES } from "@/lib/stages/variables";

// The variables a prompt's user_template may name (the system text is sent as written), per stage: each
// stage's list is in its module of the stage registry (lib/stages/; documented in docs/pipeline.md). A
// template that names anything else is refused (422 on that field, listing the known ones), so a
// misspelling such as {{frist_name}} never silently renders as nothing.

/** The variables known to a prompt, by its base name (a fork's `draft_email@acme` is `draft_email`): its stage's (lib/stages/), or a lead stage's. */
export function knownVariables(baseName: string): string[] {
  return [...(stageDefinition(baseName)?.variables ?? LEAD_STAGE_VARIABLES)];
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names a template uses that are not known, in order of first use. */
export function unknownVariables(template: string, known: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) if (!known.includes(match[1])) unknown.add(match[1]);
  return [...unknown];
}

/** One error per template naming an unknown variable (pure: the fork form runs it as you type). */
export function templateErrors(baseName: string, fields: { user_template?: string }): { path: string; message: string }[] {
  const known = knownVariables(baseName);
  const errors: { path: string; message: string }[] = [];
  for (const [path, template] of Object.entries(fields)) {
    if (template === undefined) continue;
    const unknown = unknownVariables(template, known);
    if (unknown.length) {
      errors.push({
        path,
        message: `unknown variable${unknown.length > 1 ? "s" : ""} ${unknown.map((n) => `{{${n}}}`).join(", ")}; known: ${known.join(", ")}`,
      });
    }
  }
  return errors;
}
