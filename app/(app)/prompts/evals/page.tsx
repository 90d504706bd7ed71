import type { Metadata } from "next";
import { EvalSetList } from "@/components/evals/eval-set-list";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Eval sets" };

export default async function EvalSetsPage() {
  await pageSession("viewer");
  return (
    <>
      <PageHeader title="Eval sets" crumbs={[{ label: "Prompts", href: "/prompts" }, { label: "Eval sets" }]}>
        Cases a prompt version is evaluated on before a reviewer approves it. A version’s <span className="font-mono">evals_ref</span> names its set; cases your reviewers add from the draft page are your workspace’s own.
      </PageHeader>
      <EvalSetList />
    </>
  );
}
