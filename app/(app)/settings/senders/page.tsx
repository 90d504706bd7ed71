import type { Metadata } from "next";
import { SendersView } from "@/components/senders/senders-view";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Senders" };

export default async function SendersPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="Senders" crumbs={[{ label: "Settings" }, { label: "Senders" }]}>
        More mailboxes to send from, each with its own SMTP relay, optional IMAP mailbox, daily cap and ramp. Passwords are stored encrypted and never shown
        again. Each lead of a campaign goes out from one sender for its whole sequence; each sender’s mailbox is read for replies, and what the worker sees of
        it shows on its card.
      </PageHeader>
      <SendersView />
    </>
  );
}
