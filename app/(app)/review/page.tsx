import type { Metadata } from "next";
import { ReviewQueue } from "@/components/review/review-queue";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage({ searchParams }: { searchParams: Promise<{ run?: string; step?: string }> }) {
  const session = await pageSession("viewer");
  const { run, step } = await searchParams;
  const initialRunId = typeof run === "string" && /^run_[0-9a-z]{26}$/.test(run) ? run : "";
  const initialStep = typeof step === "string" && /^[1-8]$/.test(step) ? step : "";
  return (
    <>
      <PageHeader title="Review" crumbs={[{ label: "Review" }]}>
        Email drafts waiting for a person. Open one to edit it before approving; approved drafts go out through the workspace’s SMTP relay.
      </PageHeader>
      <ReviewQueue canReview={roleAtLeast(session.role, "reviewer")} initialRunId={initialRunId} initialStep={initialStep} />
    </>
  );
}
