import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RunTabs } from "@/components/runs/run-tabs";
import { RunView } from "@/components/runs/run-view";
import { RunNameHeading } from "@/components/runs/run-name-heading";
import { PageHeader } from "@/components/ui/page-header";
import { getRunHeader } from "@/lib/runs/run-header";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";
import { roleAtLeast } from "@/lib/auth/roles";
import { timing } from "@/lib/config/timing";

export const metadata: Metadata = { title: "Run" };

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await pageSession("viewer");
  const { id } = await params;
  if (!/^run_[0-9a-z]{26}$/.test(id)) notFound();
  const { name, pack, campaign } = await pageObject(() => getRunHeader(session.workspace.id, id));
  const link = "font-medium text-indigo-700 hover:underline";
  return (
    <>
      <PageHeader
        title={name}
        heading={<RunNameHeading runId={id} name={name} canRename={roleAtLeast(session.role, "admin")} />}
        crumbs={[{ label: "Runs", href: "/runs" }, { label: id }]}
      >
        <p data-testid="run-context">
          Pack{" "}
          <Link href={`/packs/${pack.slug}`} className={link}>
            {pack.name}
          </Link>{" "}
          (<span className="font-mono">{pack.slug}</span>){" · "}
          {campaign ? (
            <>
              Campaign{" "}
              <Link href={`/campaigns/${campaign.id}`} className={link}>
                {campaign.name}
              </Link>
            </>
          ) : (
            "No campaign"
          )}
        </p>
      </PageHeader>
      <RunTabs runId={id} current="overview" />
      <RunView
        id={id}
        canCancel={roleAtLeast(session.role, "admin")}
        canResolve={roleAtLeast(session.role, "reviewer")}
        canStop={roleAtLeast(session.role, "reviewer")}
        canReview={roleAtLeast(session.role, "reviewer")}
        undoWindowMs={timing().undoWindowMs}
      />
    </>
  );
}
