import type { Metadata } from "next";
import { OfferForm } from "@/components/offer/offer-form";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Offer and sender" };

export default async function OfferPage() {
  await pageSession("admin");
  return (
    <>
      <PageHeader title="Offer and sender" crumbs={[{ label: "Settings" }, { label: "Offer and sender" }]}>
        What you sell, to whom, and who signs the emails. Drafts are written from it (prompt variables such as {"{{product}}"} and {"{{sender_name}}"}); a pack
        or a campaign can override any field through the API.
      </PageHeader>
      <OfferForm />
    </>
  );
}
