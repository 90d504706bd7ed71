import type { Metadata } from "next";
import Link from "next/link";
import { RunsList } from "@/components/runs/runs-list";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage() {
  await pageSession("viewer");
  return (
    <>
      <PageHeader title="Runs" crumbs={[{ label: "Runs" }]}>
        Each run takes a CSV of leads through a pack’s stages. Runs are started through the <Link href="/docs/api" className="font-medium text-indigo-700 hover:underline">API</Link>;
        open one to follow it live.
      </PageHeader>
      <RunsList />
    </>
  );
}
