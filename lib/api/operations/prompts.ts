import { defineOperation } from "@/lib/api/operation";
import { PromptNameParams, PromptVersionParams } from "@/lib/api/schemas";
import { forkPrompt, ForkPromptBody } from "@/lib/prompts/fork-prompt";
import { getPrompt, getPromptVersion, PromptSchema } from "@/lib/prompts/get-prompt";
import { PromptVersionSchema } from "@/lib/prompts/present-version";

export const getPromptOperation = defineOperation({
  id: "getPrompt", method: "GET", path: "/prompts/{name}", tag: "Prompts", role: "viewer",
  summary: "Fetch a prompt", description: "The production version (for a fork, its newest version) and `history`, every version label newest first.",
  params: PromptNameParams,
  success: { status: 200, description: "The prompt", schema: PromptSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getPrompt(auth.workspace.id, params.name) }),
});

export const getPromptVersionOperation = defineOperation({
  id: "getPromptVersion", method: "GET", path: "/prompts/{name}/versions/{semver}", tag: "Prompts", role: "viewer",
  summary: "Fetch one version of a prompt",
  params: PromptVersionParams,
  success: { status: 200, description: "The version", schema: PromptVersionSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getPromptVersion(auth.workspace.id, params.name, params.semver) }),
});

export const forkPromptOperation = defineOperation({
  id: "forkPrompt", method: "POST", path: "/prompts/{name}/fork", tag: "Prompts", role: "admin",
  summary: "Fork a prompt version into the workspace",
  description: "Creates version `as` of `<name>@<workspace>`, with a unified diff against the parent in `diff_from_previous` and in the `prompt.forked` audit entry.",
  params: PromptNameParams,
  body: ForkPromptBody,
  success: { status: 201, description: "The new version", schema: PromptVersionSchema },
  errors: ["invalid_json", "not_found", "version_exists", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => {
    const version = await forkPrompt(auth.workspace, params.name, body, auth.actor);
    return { status: 201, body: version, location: `/v1/prompts/${encodeURIComponent(version.name)}/versions/${version.version}` };
  },
});
