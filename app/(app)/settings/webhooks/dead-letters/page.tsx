import type { Metadata } from "next";
import { DeadLettersView } from "@/components/dead-letters/dead-letters-view";
import { windowInWords } from "@/components/dead-letters/window-in-words";
import { PageHeader } from "@/components/ui/page-header";
import { config } from "@/lib/config";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Dead letters" };

export default async function DeadLettersPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="Dead letters" crumbs={[{ label: "Settings" }, { label: "Webhooks" }, { label: "Dead letters" }]}>
        Webhook deliveries that failed every attempt for {windowInWords(config().WEBHOOK_RETRY_WINDOW_SECONDS)}. Fix the receiving side, then replay them: each
        goes out again with the same event id and a fresh signature.
      </PageHeader>
      <DeadLettersView />
    </>
  );
}
