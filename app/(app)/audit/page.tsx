import type { Metadata } from "next";
import { AuditView } from "@/components/audit/audit-view";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Audit log" };

// Every member may read it, as GET /v1/audit (contract §9: viewers read, reviewers read all).
export default async function AuditPage() {
  await pageSession("viewer");
  return (
    <>
      <PageHeader title="Audit log">
        Who changed what in this workspace, newest first. Entries that change a prompt carry its diff: a fork’s changes against its parent, or the forks a
        reviewer approved for a campaign.
      </PageHeader>
      <AuditView />
    </>
  );
}
