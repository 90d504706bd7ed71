import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PackView } from "@/components/packs/pack-view";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { PackSlugParam } from "@/lib/web/params";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ forked?: string }> };

export const metadata: Metadata = { title: "Pack" };

export default async function PackPage({ params, searchParams }: Props) {
  const session = await pageSession("viewer");
  const parsed = PackSlugParam.safeParse(await params);
  if (!parsed.success) notFound();
  const { slug } = parsed.data;
  await pageObject(() => findVisiblePack(session.workspace.id, slug));
  // Forking and pinning need admin, as POST /v1/packs/{slug}/fork and PATCH /v1/packs/{slug}.
  const canEdit = roleAtLeast(session.role, "admin");
  return (
    <>
      <PageHeader title={slug} crumbs={[{ label: "Packs", href: "/packs" }, { label: slug }]} />
      <PackView
        key={slug}
        slug={slug}
        workspace={session.workspace.slug}
        canEdit={canEdit}
        canApprove={roleAtLeast(session.role, "reviewer")}
        forked={(await searchParams).forked === "1"}
      />
    </>
  );
}
