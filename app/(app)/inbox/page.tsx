import type { Metadata } from "next";
import { Inbox } from "@/components/inbox/inbox";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { pageSession } from "@/lib/web/page-session";
import { timing } from "@/lib/config/timing";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage() {
  const session = await pageSession("viewer");
  const canAct = roleAtLeast(session.role, "reviewer");
  return (
    <>
      <PageHeader title="Inbox" crumbs={[{ label: "Inbox" }]}>
        Every reply to your runs and campaigns in one place, interested people and meeting requests first.
        {canAct
          ? " Open a reply to read its whole thread and review its answer; correct a classification, mark a reply handled, or stop the outreach to someone."
          : " Reviewers and admins act on them; you can read them."}
      </PageHeader>
      <Inbox canAct={canAct} undoWindowMs={timing().undoWindowMs} />
    </>
  );
}
