import type { Metadata } from "next";
import { PackList } from "@/components/packs/pack-list";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Packs" };

export default async function PacksPage() {
  await pageSession("viewer");
  return (
    <>
      <PageHeader title="Packs">
        A pack is what a run runs: its stages, the prompt version pinned for each, and the ideal customer profile <span className="font-mono">qualify</span>{" "}
        scores against. Built-in packs are read-only; fork one into your workspace to change it.
      </PageHeader>
      <PackList />
    </>
  );
}
