import type { Metadata } from "next";
import { UnmatchedList } from "@/components/mailbox/unmatched-list";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Unmatched mail" };

export default async function UnmatchedPage() {
  const session = await pageSession("viewer");
  return (
    <>
      <PageHeader
        title="Unmatched mail"
        crumbs={[
          { label: "Settings" },
          { label: "Mailbox", href: roleAtLeast(session.role, "admin") ? "/settings/mailbox" : undefined },
          { label: "Unmatched mail" },
        ]}
      >
        Mail read from the mailbox that answers none of the emails sent from this workspace (by its headers or its sender’s address). It is kept as it arrived,
        never dropped.
      </PageHeader>
      <UnmatchedList />
    </>
  );
}
