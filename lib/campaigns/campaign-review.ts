import { db } from "@/lib/db";
import { getCampaign } from "@/lib/campaigns/campaigns";
import type { PromptText } from "@/lib/prompts/prompt-history";

// The campaign as its approval page shows it: each pinned fork with its own texts and its parent's
// (the page renders them side by side; they are what the stored diff was made from), and who
// approved it by name.

export type ReviewFork = Awaited<ReturnType<typeof getCampaign>>["forks"][number] & { text: PromptText; parent_text: PromptText | null };

const text = (version: { modelDefault: string; system: string; userTemplate: string }): PromptText => ({
  model_default: version.modelDefault, system: version.system, user_template: version.userTemplate,
});

export async function getCampaignForReview(workspaceId: string, id: string) {
  const campaign = await getCampaign(workspaceId, id);
  const pins = await db().campaignPin.findMany({
    where: { campaignId: id, campaign: { workspaceId } },
    include: { promptVersion: { include: { parent: true } } },
  });
  const byStage = new Map(pins.map((pin) => [pin.stage, pin.promptVersion]));
  const forks: ReviewFork[] = campaign.forks.map((fork) => {
    const version = byStage.get(fork.stage)!;
    return { ...fork, text: text(version), parent_text: version.parent ? text(version.parent) : null };
  });
  const approver = campaign.approved_by
    ? await db().user.findUnique({ where: { id: campaign.approved_by }, select: { name: true, email: true } })
    : null;
  return { ...campaign, forks, approver };
}
