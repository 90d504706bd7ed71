import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RunTabs } from "@/components/runs/run-tabs";
import { RunView } from "@/components/runs/run-view";
import { PageHeader } from "@/components/ui/page-header";
import { getRunProgress } from "@/lib/runs/run-progress";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";
import { roleAtLeast } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Run" };

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await pageSession("viewer");
  const { id } = await params;
  if (!/^run_[0-9a-z]{26}$/.test(id)) notFound();
  await pageObject(() => getRunProgress(session.workspace.id, id));
  return (
    <>
      <PageHeader title="Run" crumbs={[{ label: "Runs", href: "/runs" }, { label: id }]} />
      <RunTabs runId={id} current="overview" />
      <RunView id={id} canCancel={roleAtLeast(session.role, "admin")} canResolve={roleAtLeast(session.role, "reviewer")} />
    </>
  );
}
