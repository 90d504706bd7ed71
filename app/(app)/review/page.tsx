import type { Metadata } from "next";
import { ReviewQueue } from "@/components/review/review-queue";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { timing } from "@/lib/config/timing";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage({ searchParams }: { searchParams: Promise<{ run?: string; step?: string; risk?: string; sort?: string }> }) {
  const session = await pageSession("viewer");
  const { run, step, risk, sort } = await searchParams;
  const initialRunId = typeof run === "string" && /^run_[0-9a-z]{26}$/.test(run) ? run : "";
  const initialStep = typeof step === "string" && /^[1-8]$/.test(step) ? step : "";
  const initialRisk = typeof risk === "string" && /^(low|medium|high)$/.test(risk) ? risk : "";
  const initialSort = sort === "risk" ? sort : "";
  return (
    <>
      <PageHeader title="Review" crumbs={[{ label: "Review" }]}>
        Email drafts waiting for a person. Open one to edit it before approving; approved drafts go out From the sender each one names.
      </PageHeader>
      <ReviewQueue
        canReview={roleAtLeast(session.role, "reviewer")}
        initial={{ runId: initialRunId, step: initialStep, risk: initialRisk, sort: initialSort }}
        undoWindowMs={timing().undoWindowMs}
      />
    </>
  );
}
