import type { Metadata } from "next";
import { CreateEvalSetForm } from "@/components/evals/create-eval-set-form";
import { EvalSetList } from "@/components/evals/eval-set-list";
import { roleAtLeast } from "@/lib/auth/roles";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Eval sets" };

export default async function EvalSetsPage() {
  const session = await pageSession("viewer");
  return (
    <>
      <PageHeader title="Eval sets" crumbs={[{ label: "Prompts", href: "/prompts" }, { label: "Eval sets" }]}>
        Cases a prompt version is evaluated on before a reviewer approves it. A version’s <span className="font-mono">evals_ref</span> names its set; cases your
        reviewers add from the draft page are your workspace’s own.
      </PageHeader>
      <EvalSetList />
      {/* Creating a set needs admin, as POST /v1/eval-sets; the route handler checks it again. */}
      {roleAtLeast(session.role, "admin") ? (
        <div className="mt-6">
          <CreateEvalSetForm />
        </div>
      ) : null}
    </>
  );
}
