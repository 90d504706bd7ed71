import { defineOperation } from "@/lib/api/operation";
import { PromptNameParams, PromptVersionParams } from "@/lib/api/schemas";
import { forkPrompt, ForkPromptBody } from "@/lib/prompts/fork-prompt";
import { getPrompt, getPromptVersion, PromptSchema } from "@/lib/prompts/get-prompt";
import { PromptVersionSchema } from "@/lib/prompts/present-version";
import { promotePrompt, PromoteBody, PromptDefaultSchema, rollbackPrompt } from "@/lib/prompts/promote-prompt";

export const getPromptOperation = defineOperation({
  id: "getPrompt",
  method: "GET",
  path: "/prompts/{name}",
  tag: "Prompts",
  role: "viewer",
  summary: "Fetch a prompt",
  description: "The production version (for a fork, its newest version) and `history`, every version label newest first.",
  params: PromptNameParams,
  success: { status: 200, description: "The prompt", schema: PromptSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getPrompt(auth.workspace.id, params.name) }),
});

export const getPromptVersionOperation = defineOperation({
  id: "getPromptVersion",
  method: "GET",
  path: "/prompts/{name}/versions/{semver}",
  tag: "Prompts",
  role: "viewer",
  summary: "Fetch one version of a prompt",
  params: PromptVersionParams,
  success: { status: 200, description: "The version", schema: PromptVersionSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getPromptVersion(auth.workspace.id, params.name, params.semver) }),
});

export const forkPromptOperation = defineOperation({
  id: "forkPrompt",
  method: "POST",
  path: "/prompts/{name}/fork",
  tag: "Prompts",
  role: "admin",
  summary: "Fork a prompt version into the workspace",
  description:
    "Creates version `as` of `<name>@<workspace>`, with a unified diff against the parent in `diff_from_previous` and in the `prompt.forked` audit entry.",
  params: PromptNameParams,
  body: ForkPromptBody,
  success: { status: 201, description: "The new version", schema: PromptVersionSchema },
  errors: ["invalid_json", "not_found", "version_exists", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => {
    const version = await forkPrompt(auth.workspace, params.name, body, auth.actor);
    return { status: 201, body: version, location: `/v1/prompts/${encodeURIComponent(version.name)}/versions/${version.version}` };
  },
});

export const promotePromptOperation = defineOperation({
  id: "promotePrompt",
  method: "POST",
  path: "/prompts/{name}/promote",
  tag: "Prompts",
  role: "admin",
  summary: "Make a version the workspace's default for its stage",
  description:
    "Sets the workspace's promotion label (`production@<workspace>`), which runs resolve before the system's production version when no run, campaign or workspace-pack pin names the stage. " +
    "A fork must be in a prompt set a reviewer approved (409 `fork_not_approved`). Approvals of sets fed by the old default lapse. Audited as `prompt.promoted` with the diff.",
  params: PromptNameParams,
  body: PromoteBody,
  success: { status: 200, description: "The new default", schema: PromptDefaultSchema },
  errors: ["invalid_json", "not_found", "conflict", "fork_not_approved", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await promotePrompt(auth.workspace, params.name, body, auth.actor) }),
});

export const rollbackPromptOperation = defineOperation({
  id: "rollbackPrompt",
  method: "POST",
  path: "/prompts/{name}/rollback",
  tag: "Prompts",
  role: "admin",
  summary: "Undo the workspace's latest promotion of a prompt",
  description:
    "The default goes back to what it was before the latest promotion (in the end, the system's production version). 409 if nothing was promoted. Audited as `prompt.rolled_back` with the diff.",
  params: PromptNameParams,
  success: { status: 200, description: "The default after the rollback", schema: PromptDefaultSchema },
  errors: ["not_found", "conflict"],
  handler: async ({ params, auth }) => ({ body: await rollbackPrompt(auth.workspace, params.name, auth.actor) }),
});
