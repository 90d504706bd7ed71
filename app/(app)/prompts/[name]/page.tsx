import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PromptView } from "@/components/prompts/prompt-view";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { PROMPT_NAME } from "@/lib/prompts/find-prompt";
import { decodeSegment } from "@/lib/web/params";
import { getPromptHistory } from "@/lib/prompts/prompt-history";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";

type Props = { params: Promise<{ name: string }>; searchParams: Promise<{ version?: string; forked?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Prompt ${decodeSegment((await params).name)}` };
}

export default async function PromptPage({ params, searchParams }: Props) {
  const session = await pageSession("viewer");
  const name = decodeSegment((await params).name);
  if (!PROMPT_NAME.test(name)) notFound();
  await pageObject(() => getPromptHistory(session.workspace.id, name));
  const { version, forked } = await searchParams;
  // Forking needs admin, as POST /v1/prompts/{name}/fork; the route handler checks it again.
  const canFork = roleAtLeast(session.role, "admin");
  return (
    <>
      <PageHeader title={name} crumbs={[{ label: "Prompts", href: "/prompts" }, { label: name }]}>
        Version history, diffs between any two versions{name.includes("@") ? ", and each fork version against its parent" : ""}.
        {canFork ? " Fork a version to change it for your workspace." : ""}
      </PageHeader>
      <PromptView
        key={`${name}:${version ?? ""}`}
        name={name}
        workspace={session.workspace.slug}
        canFork={canFork}
        initialVersion={version}
        forked={forked === "1"}
      />
    </>
  );
}
