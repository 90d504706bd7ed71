import type { Metadata } from "next";
import { RelayForm } from "@/components/relay/relay-form";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "SMTP relay" };

export default async function RelayPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="SMTP relay" crumbs={[{ label: "Settings" }, { label: "SMTP relay" }]}>
        Approved drafts are sent through your own mail server, from your address. The password is stored encrypted and never shown again.
      </PageHeader>
      <RelayForm />
    </>
  );
}
