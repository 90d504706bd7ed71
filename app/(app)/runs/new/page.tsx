import type { Metadata } from "next";
import { RunLauncher } from "@/components/runs/run-launcher";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Start a run" };

export default async function NewRunPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="Start a run" crumbs={[{ label: "Runs", href: "/runs" }, { label: "Start a run" }]}>
        Take leads from a CSV (an upload or a URL) or from the leads you already have through a pack’s stages.
      </PageHeader>
      <RunLauncher />
    </>
  );
}
