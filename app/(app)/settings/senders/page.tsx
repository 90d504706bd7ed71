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
        again. Senders are stored only for now: mail still goes out from the default sender.
      </PageHeader>
      <SendersView />
    </>
  );
}
