import { createTwoFilesPatch } from "diff";

export type PromptText = { modelDefault: string; system: string; userTemplate: string };

/** The text that prompt diffs compare: every field that changes what the model is asked. */
export function renderPromptForDiff(prompt: PromptText): string {
  return [`model_default: ${prompt.modelDefault}`, "", "[system]", prompt.system.trimEnd(), "", "[user_template]", prompt.userTemplate.trimEnd(), ""].join("\n");
}

/** A unified diff between two prompt versions ("" when they are the same). */
export function promptDiff(fromName: string, from: PromptText | null, toName: string, to: PromptText): string {
  const before = from ? renderPromptForDiff(from) : "";
  const after = renderPromptForDiff(to);
  if (before === after) return "";
  return createTwoFilesPatch(fromName, toName, before, after, undefined, undefined, { context: 3 });
}
