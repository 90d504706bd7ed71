import type { Metadata } from "next";
import { CampaignList } from "@/components/campaigns/campaign-list";
import { CreateCampaignForm } from "@/components/campaigns/create-campaign-form";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Campaigns" };

export default async function CampaignsPage() {
  const session = await pageSession("viewer");
  // Creating needs admin, as POST /v1/campaigns; the route handler checks it again.
  const canCreate = roleAtLeast(session.role, "admin");
  return (
    <>
      <PageHeader title="Campaigns">
        A campaign runs one pack under its own prompt pins. One that pins a forked prompt must be approved by a reviewer, who sees each fork’s diff, before any
        of its runs can start.
      </PageHeader>
      <div className="space-y-6">
        {canCreate ? <CreateCampaignForm /> : null}
        <CampaignList />
      </div>
    </>
  );
}
