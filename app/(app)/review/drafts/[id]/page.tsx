import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DraftReview } from "@/components/review/draft-review";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { timing } from "@/lib/config/timing";
import { getDraftDetail } from "@/lib/drafts/draft-detail";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Draft" };

// The page a draft's review_url opens (APP_URL/review/drafts/{id}).
export default async function DraftPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await pageSession("viewer");
  const { id } = await params;
  if (!/^drf_[0-9a-z]{26}$/.test(id)) notFound();
  await pageObject(() => getDraftDetail(session.workspace.id, id));
  return (
    <>
      <PageHeader title="Draft" crumbs={[{ label: "Review", href: "/review" }, { label: id }]} />
      <DraftReview id={id} canReview={roleAtLeast(session.role, "reviewer")} undoWindowMs={timing().undoWindowMs} />
    </>
  );
}
