import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ExperimentView } from "@/components/experiments/experiment-view";
import { roleAtLeast } from "@/lib/auth/roles";
import { experimentPageHeader } from "@/lib/experiments/experiments";
import { CampaignExperimentParam } from "@/lib/web/params";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Experiment" };

export default async function ExperimentPage({ params }: { params: Promise<{ id: string; experiment_id: string }> }) {
  const session = await pageSession("viewer");
  const parsed = CampaignExperimentParam.safeParse(await params);
  if (!parsed.success) notFound();
  const { campaignName } = await pageObject(() => experimentPageHeader(session.workspace.id, parsed.data.id, parsed.data.experiment_id));
  // Concluding needs reviewer, as POST /v1/experiments/{id}/conclude; promoting the winner needs admin,
  // as the prompt page's Promote (the same web route). The route handlers check both again.
  return (
    <ExperimentView
      campaignId={parsed.data.id}
      campaignName={campaignName}
      id={parsed.data.experiment_id}
      canConclude={roleAtLeast(session.role, "reviewer")}
      canPromote={roleAtLeast(session.role, "admin")}
    />
  );
}
