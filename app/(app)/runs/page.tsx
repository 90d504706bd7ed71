import type { Metadata } from "next";
import Link from "next/link";
import { RunsList } from "@/components/runs/runs-list";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";
import { roleAtLeast } from "@/lib/auth/roles";
import { buttonStyles } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage() {
  const session = await pageSession("viewer");
  const canStart = roleAtLeast(session.role, "admin");
  return (
    <>
      <PageHeader title="Runs" crumbs={[{ label: "Runs" }]}>
        Each run takes leads (a CSV, or leads you already have) through a pack’s stages. Start one here{canStart ? "" : " (admins)"} or through the{" "}
        <Link href="/docs/api" className="font-medium text-indigo-700 hover:underline">
          API
        </Link>
        ; open one to follow it live.
      </PageHeader>
      {canStart ? (
        <p className="-mt-2 mb-4">
          <Link href="/runs/new" className={buttonStyles.primary}>
            Start a run
          </Link>
        </p>
      ) : null}
      <RunsList />
    </>
  );
}
