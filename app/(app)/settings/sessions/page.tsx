import type { Metadata } from "next";
import { SessionsView } from "@/components/sessions/sessions-view";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage() {
  await pageSession("viewer");
  return (
    <>
      <PageHeader title="Sessions" crumbs={[{ label: "Settings" }, { label: "Sessions" }]}>
        The browsers signed in as you. A session ends when you sign out there, when you end it here, or when your role changes.
      </PageHeader>
      <SessionsView />
    </>
  );
}
