import type { Metadata } from "next";
import { MembersView } from "@/components/members/members-view";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const session = await pageSession("admin");
  return (
    <>
      <PageHeader title="Members" crumbs={[{ label: "Settings" }, { label: "Members" }]}>
        Who can sign in to {session.workspace.name}, and with which role. Viewers read; reviewers also approve drafts and campaigns; admins also manage tokens,
        webhooks, settings and members.
      </PageHeader>
      <MembersView currentUserId={session.user.id} />
    </>
  );
}
