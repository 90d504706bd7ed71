import type { Metadata } from "next";
import Link from "next/link";
import { TokenSettings } from "@/components/tokens/token-settings";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="API tokens" crumbs={[{ label: "Settings" }, { label: "API tokens" }]}>
        Personal access tokens for the{" "}
        <Link href="/docs/api" className="font-medium text-indigo-700 hover:underline">
          /v1 API
        </Link>
        . A read token may only make GET requests; a read-and-write token may do everything its creator’s role allows.
      </PageHeader>
      <TokenSettings />
    </>
  );
}
