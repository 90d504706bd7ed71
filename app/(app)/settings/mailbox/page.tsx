import type { Metadata } from "next";
import { MailboxForm } from "@/components/mailbox/mailbox-form";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Mailbox" };

export default async function MailboxPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="Mailbox" crumbs={[{ label: "Settings" }, { label: "Mailbox" }]}>
        Replies and bounces are read from this IMAP mailbox by the worker, matched to the emails they answer and classified. The password is stored encrypted
        and never shown again.
      </PageHeader>
      <MailboxForm />
    </>
  );
}
