import type { Metadata } from "next";
import Link from "next/link";
import { PromptList } from "@/components/prompts/prompt-list";
import { PageHeader } from "@/components/ui/page-header";
import { pageSession } from "@/lib/web/page-session";

export const metadata: Metadata = { title: "Prompts" };

export default async function PromptsPage() {
  await pageSession("viewer");
  return (
    <>
      <PageHeader title="Prompts">
        Every machine stage runs a named, versioned prompt. Built-in prompts have a production version and a history; forks live in your workspace as{" "}
        <span className="font-mono">&lt;prompt&gt;@&lt;workspace&gt;</span> and keep a diff against their parent. Each version is evaluated on the cases of its{" "}
        <Link href="/prompts/evals" className="font-medium text-indigo-700 underline">
          eval set
        </Link>
        .
      </PageHeader>
      <PromptList />
    </>
  );
}
