import { db } from "@/lib/db";
import { getCampaign } from "@/lib/campaigns/campaigns";
import type { PromptText } from "@/lib/prompts/prompt-history";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

// The campaign as its approval page shows it: each pinned fork with its own texts and its parent's
// (the page renders them side by side; they are what the stored diff was made from), and who
// approved it by name.

export type ReviewFork = Awaited<ReturnType<typeof getCampaign>>["forks"][number] & { text: PromptText; parent_text: PromptText | null };

const text = (version: { modelDefault: string; system: string; userTemplate: string }): PromptText => ({
  model_default: version.modelDefault,
  system: version.system,
  user_template: version.userTemplate,
});

export async function getCampaignForReview(workspaceId: string, id: string) {
  const campaign = await getCampaign(workspaceId, id);
  // Forks are the workspace's own prompts (or production ones), so a name + version finds each.
  const versions = await db().promptVersion.findMany({
    where: {
      OR: campaign.forks.map((fork) => ({
        version: fork.version,
        prompt: { name: fork.name, OR: [{ workspaceId }, { workspace: { slug: SYSTEM_WORKSPACE_SLUG } }] },
      })),
    },
    include: { parent: true, prompt: { select: { name: true } } },
  });
  const byKey = new Map(versions.map((version) => [`${version.prompt.name} ${version.version}`, version]));
  const forks: ReviewFork[] = campaign.forks.map((fork) => {
    const version = byKey.get(`${fork.name} ${fork.version}`)!;
    return { ...fork, text: text(version), parent_text: version.parent ? text(version.parent) : null };
  });
  const person = (userId: string | null) => (userId ? db().user.findUnique({ where: { id: userId }, select: { name: true, email: true } }) : null);
  const [approver, rejecter] = await Promise.all([person(campaign.approved_by), person(campaign.rejected_by)]);
  return { ...campaign, forks, approver, rejecter };
}
