import { defineOperation } from "@/lib/api/operation";
import { ListQuery } from "@/lib/http/pagination";
import { pageOf, SlugParams } from "@/lib/api/schemas";
import { approvePack, ApprovePackBody, PromptSetStateSchema } from "@/lib/packs/approve-pack";
import { forkPack, ForkPackBody } from "@/lib/packs/fork-pack";
import { listPacks } from "@/lib/packs/list-packs";
import { getPack } from "@/lib/packs/get-pack";
import { PackSchema } from "@/lib/packs/present-pack";
import { updatePack, UpdatePackBody } from "@/lib/packs/update-pack";

export const listPacksOperation = defineOperation({
  id: "listPacks",
  method: "GET",
  path: "/packs",
  tag: "Packs",
  role: "viewer",
  summary: "List packs",
  description: "Built-in packs and the workspace's own, newest first.",
  query: ListQuery,
  success: { status: 200, description: "A page of packs", schema: pageOf(PackSchema, "PackPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listPacks(auth.workspace.id, query) }),
});

export const getPackOperation = defineOperation({
  id: "getPack",
  method: "GET",
  path: "/packs/{slug}",
  tag: "Packs",
  role: "viewer",
  summary: "Fetch a pack, with the prompt set its runs resolve and whether that set is approved",
  params: SlugParams,
  success: { status: 200, description: "The pack", schema: PackSchema.extend({ prompt_set: PromptSetStateSchema }).meta({ id: "PackWithPromptSet" }) },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getPack(auth.workspace.id, params.slug) }),
});

export const updatePackOperation = defineOperation({
  id: "updatePack",
  method: "PATCH",
  path: "/packs/{slug}",
  tag: "Packs",
  role: "admin",
  summary: "Edit a workspace pack or pin its prompts",
  description: "Pins are strings `name[@ws]:vX.Y.Z[-label]` per stage. Built-in packs are read-only (409): fork them first.",
  params: SlugParams,
  body: UpdatePackBody,
  success: { status: 200, description: "The pack", schema: PackSchema },
  errors: ["invalid_json", "not_found", "conflict", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await updatePack(auth.workspace.id, params.slug, body, auth.actor) }),
});

export const forkPackOperation = defineOperation({
  id: "forkPack",
  method: "POST",
  path: "/packs/{slug}/fork",
  tag: "Packs",
  role: "admin",
  summary: "Fork a pack into the workspace",
  params: SlugParams,
  body: ForkPackBody,
  success: { status: 201, description: "The new workspace pack", schema: PackSchema },
  errors: ["invalid_json", "not_found", "conflict", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => {
    const pack = await forkPack(auth.workspace, params.slug, body, auth.actor);
    return { status: 201, body: pack, location: `/v1/packs/${pack.slug}` };
  },
});

export const approvePackOperation = defineOperation({
  id: "approvePack",
  method: "POST",
  path: "/packs/{slug}/approve",
  tag: "Packs",
  role: "reviewer",
  summary: "Approve the prompt set a pack's runs resolve",
  description:
    "Records a reviewer's approval of the resolved prompt set (pack pins over the workspace label and production, with optional run `pins` on top), so runs resolving to that exact set may start. " +
    "Changing a pack pin, or a promotion feeding the set, takes it back. Four eyes: a reviewer who created a fork in the set gets 403. 409 if the set holds no fork or is already approved. " +
    "409 `eval_regression` when a fork's newest evaluation passes fewer cases than its parent's and no `override_reason` is given.",
  params: SlugParams,
  body: ApprovePackBody,
  success: { status: 200, description: "The approved prompt set", schema: PromptSetStateSchema },
  errors: ["invalid_json", "forbidden", "not_found", "conflict", "eval_regression", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await approvePack(auth.workspace.id, params.slug, body, { userId: auth.user.id, actor: auth.actor }) }),
});
