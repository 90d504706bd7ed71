import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { promptDiff } from "@/lib/prompts/diff";
import { findVisiblePrompt } from "@/lib/prompts/find-prompt";
import { templateErrors } from "@/lib/prompts/template-variables";
import { presentVersion, VERSION_INCLUDE } from "@/lib/prompts/present-version";
import { FORK_SUFFIX, parseVersionLabel } from "@/lib/prompts/version-label";

export const ForkPromptBody = z
  .strictObject({
    from: z.string().max(100).meta({ description: "Parent version label", example: "v1.2.0" }),
    as: z.string().max(100).meta({ description: "The fork's label: `from` + '-' + a suffix of [a-z0-9.-]", example: "v1.2.0-acme" }),
    system: z.string().min(1).max(50_000).optional(),
    user_template: z.string().min(1).max(50_000).optional(),
    model_default: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*\/[A-Za-z0-9._:-]+$/, "must be <provider>/<model>")
      .max(200)
      .optional(),
    evals_ref: z.string().min(1).max(500).optional(),
  })
  .meta({ id: "ForkPrompt" });
export type ForkPromptBody = z.infer<typeof ForkPromptBody>;

type Workspace = { id: string; slug: string };

/**
 * Forks a version of `name` into the workspace as `<base>@<workspace>` with label `as`. The new
 * version keeps a unified diff against its parent, and the `prompt.forked` audit entry carries it.
 */
export async function forkPrompt(workspace: Workspace, name: string, body: ForkPromptBody, actor: Actor) {
  const source = await findVisiblePrompt(workspace.id, name);
  const parent = await db().promptVersion.findUnique({ where: { promptId_version: { promptId: source.id, version: body.from } } });
  if (!parent) throw new ValidationFailed([{ path: "from", message: `${name} has no version ${body.from}` }]);
  const suffix = body.as.startsWith(`${body.from}-`) ? body.as.slice(body.from.length + 1) : null;
  const label = parseVersionLabel(body.as);
  if (!suffix || !FORK_SUFFIX.test(suffix) || !label) {
    throw new ValidationFailed([{ path: "as", message: `must be "${body.from}-" followed by lower-case letters, digits, dots or hyphens` }]);
  }

  const templateProblems = templateErrors(source.baseName, { user_template: body.user_template });
  if (templateProblems.length) throw new ValidationFailed(templateProblems);

  const forkName = `${source.baseName}@${workspace.slug}`;
  const next = {
    modelDefault: body.model_default ?? parent.modelDefault,
    system: body.system ?? parent.system,
    userTemplate: body.user_template ?? parent.userTemplate,
  };
  const diff = promptDiff(`${name} ${parent.version}`, parent, `${forkName} ${body.as}`, next);

  const created = await db()
    .$transaction(async (tx) => {
      const prompt = await tx.prompt.upsert({
        where: { name: forkName },
        create: { id: newId("prm"), workspaceId: workspace.id, name: forkName, baseName: source.baseName },
        update: {},
      });
      const exists = await tx.promptVersion.findUnique({ where: { promptId_version: { promptId: prompt.id, version: body.as } }, select: { id: true } });
      if (exists) throw new Conflict(`${forkName} already has a version ${body.as}.`, "version_exists");
      const version = await tx.promptVersion.create({
        data: {
          id: newId("pv"),
          promptId: prompt.id,
          version: body.as,
          ...label,
          ...next,
          evalsRef: body.evals_ref ?? parent.evalsRef,
          diffFromPrevious: diff,
          parentId: parent.id,
          createdById: actor.id,
        },
        include: VERSION_INCLUDE,
      });
      await recordAudit(tx, {
        workspaceId: workspace.id,
        actor,
        action: "prompt.forked",
        target: { type: "prompt_version", id: version.id },
        data: { name: forkName, version: body.as, parent: { name, version: parent.version } },
        diff,
      });
      return version;
    })
    .catch((error) => {
      if ((error as { code?: string }).code === "P2002") throw new Conflict(`${forkName} already has a version ${body.as}.`, "version_exists");
      throw error;
    });
  return presentVersion(created);
}
