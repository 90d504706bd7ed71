import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RunReplies } from "@/components/replies/run-replies";
import { RunTabs } from "@/components/runs/run-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { getRunProgress } from "@/lib/runs/run-progress";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Run replies" };

export default async function RunRepliesPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await pageSession("viewer");
  const { id } = await params;
  if (!/^run_[0-9a-z]{26}$/.test(id)) notFound();
  const { run } = await pageObject(() => getRunProgress(session.workspace.id, id));
  return (
    <>
      <PageHeader title={run.name} crumbs={[{ label: "Runs", href: "/runs" }, { label: run.name, href: `/runs/${id}` }, { label: "Replies" }]} />
      <RunTabs runId={id} current="replies" />
      <RunReplies runId={id} canCorrect={roleAtLeast(session.role, "reviewer")} />
    </>
  );
}
