import type { Metadata } from "next";
import { ProvidersView } from "@/components/providers/providers-view";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Providers" };

export default async function ProvidersPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="Providers" crumbs={[{ label: "Settings" }, { label: "Providers" }]}>
        The models your prompts can run on. A prompt names one as <code className="font-mono text-sm">provider/model</code>;{" "}
        <code className="font-mono text-sm">local</code> is LeadPipe’s built-in engine and needs no key. Keys are stored encrypted and never shown again.
      </PageHeader>
      <ProvidersView />
    </>
  );
}
