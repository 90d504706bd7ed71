import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EvalSetView } from "@/components/evals/eval-set-view";
import { roleAtLeast } from "@/lib/auth/roles";
import { getEvalSet } from "@/lib/evals/eval-sets";
import { EvalSetIdParam } from "@/lib/web/params";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Eval set" };

export default async function EvalSetPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await pageSession("viewer");
  const parsed = EvalSetIdParam.safeParse(await params);
  if (!parsed.success) notFound();
  await pageObject(() => getEvalSet(session.workspace.id, parsed.data.id));
  // Removing a case needs reviewer, as DELETE /v1/eval-sets/{id}/cases/{case_id}; the route checks it again.
  return <EvalSetView id={parsed.data.id} canEdit={roleAtLeast(session.role, "reviewer")} />;
}
