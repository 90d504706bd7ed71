import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CampaignView } from "@/components/campaigns/campaign-view";
import { roleAtLeast } from "@/lib/auth/roles";
import { CampaignIdParam } from "@/lib/web/params";
import { getCampaignForReview } from "@/lib/campaigns/campaign-review";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Campaign" };

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await pageSession("viewer");
  const parsed = CampaignIdParam.safeParse(await params);
  if (!parsed.success) notFound();
  await pageObject(() => getCampaignForReview(session.workspace.id, parsed.data.id));
  // Approving needs reviewer, as POST /v1/campaigns/{id}/approve; the route handler checks it again.
  // Four eyes: the view hides the decision from the campaign's creator; the API refuses it (403) too.
  return <CampaignView id={parsed.data.id} canApprove={roleAtLeast(session.role, "reviewer")} canEdit={session.role === "admin"} userId={session.user.id} />;
}
