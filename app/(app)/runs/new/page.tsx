import type { Metadata } from "next";
import { OfferWarning } from "@/components/offer/offer-warning";
import { RunLauncher } from "@/components/runs/run-launcher";
import { PageHeader } from "@/components/ui/page-header";
import { getOffer } from "@/lib/offer/workspace-offer";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Start a run" };

export default async function NewRunPage() {
  const session = await pageSession("admin");
  const offer = await getOffer(session.workspace.id);
  return (
    <>
      <PageHeader title="Start a run" crumbs={[{ label: "Runs", href: "/runs" }, { label: "Start a run" }]}>
        Take leads from a CSV (an upload or a URL) or from the leads you already have through a pack’s stages.
      </PageHeader>
      <OfferWarning offer={offer} />
      <RunLauncher />
    </>
  );
}
