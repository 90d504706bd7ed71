import type { Metadata } from "next";
import Link from "next/link";
import { windowInWords } from "@/components/dead-letters/window-in-words";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { config } from "@/lib/config";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="Webhooks" crumbs={[{ label: "Settings" }, { label: "Webhooks" }]}>
        LeadPipe posts each event to your endpoints, signed with the endpoint’s secret (see{" "}
        <Link href="/docs/api" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          the API reference
        </Link>
        ), and retries a failing delivery for {windowInWords(config().WEBHOOK_RETRY_WINDOW_SECONDS)} (this server’s retry window). Deliveries that never got
        through are in{" "}
        <Link href="/settings/webhooks/dead-letters" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          Dead letters
        </Link>
        .
      </PageHeader>
      <WebhooksView />
    </>
  );
}
