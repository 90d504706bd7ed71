import type { Metadata } from "next";
import { SuppressionsView } from "@/components/suppressions/suppressions-view";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Suppression list" };

export default async function SuppressionsPage() {
  const session = await pageSession("viewer");
  return (
    <>
      <PageHeader title="Suppression list" crumbs={[{ label: "Settings" }, { label: "Suppression list" }]}>
        Addresses that are never emailed: people who unsubscribed, hard bounces, and any you add. Every change is in the audit log.
      </PageHeader>
      <SuppressionsView canEdit={roleAtLeast(session.role, "admin")} />
    </>
  );
}
