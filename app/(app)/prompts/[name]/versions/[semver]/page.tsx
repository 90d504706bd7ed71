import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PromptVersionView } from "@/components/prompts/prompt-version-view";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/auth/roles";
import { PROMPT_NAME } from "@/lib/prompts/find-prompt";
import { getPromptVersionPage } from "@/lib/prompts/prompt-history";
import { decodeSegment } from "@/lib/web/params";
import { pageObject } from "@/lib/web/page-object";
import { pageSession } from "@/lib/web/page-session";

type Props = { params: Promise<{ name: string; semver: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { name, semver } = await params;
  return { title: `${decodeSegment(name)} ${decodeSegment(semver)}` };
}

// One prompt version (contract §10): its fields, its diff from the previous version and, for a
// fork, from its parent. "Written by" links and traces point here.
export default async function PromptVersionPage({ params }: Props) {
  const session = await pageSession("viewer");
  const { name: rawName, semver: rawVersion } = await params;
  const name = decodeSegment(rawName);
  const version = decodeSegment(rawVersion);
  if (!PROMPT_NAME.test(name) || version.length > 100) notFound();
  await pageObject(() => getPromptVersionPage(session.workspace.id, name, version));
  return (
    <>
      <PageHeader
        title={`${name} ${version}`}
        crumbs={[{ label: "Prompts", href: "/prompts" }, { label: name, href: `/prompts/${encodeURIComponent(name)}` }, { label: version }]}
      >
        The version’s model and texts, what changed since the version before it{name.includes("@") ? ", and against the version it was forked from" : ""}.
      </PageHeader>
      <PromptVersionView name={name} version={version} canEvaluate={roleAtLeast(session.role, "reviewer")} />
    </>
  );
}
