import Link from "next/link";
import { TextDiff } from "@/components/diff/text-diff";
import { promptDiffText, versionHref } from "@/components/prompts/prompt-text";
import { cardStyles } from "@/components/ui/styles";
import type { HistoryVersion } from "@/lib/prompts/prompt-history";

/** A fork against its parent: a link to the parent's version page and the text diff. */
export function ParentDiff({ name, version, heading }: { name: string; version: HistoryVersion; heading: string }) {
  const { parent, parent_text: parentText } = version;
  if (!parent || !parentText) return null;
  return (
    <section aria-labelledby="parent-heading" className={`${cardStyles} p-5`}>
      <h2 id="parent-heading" className="text-base font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mb-3 mt-1 text-sm text-slate-600">
        Forked from{" "}
        <Link href={versionHref(parent.name, parent.version)} className="font-mono text-indigo-700 hover:underline">
          {parent.name} {parent.version}
        </Link>
        .
      </p>
      <TextDiff
        label={`${name} ${version.version} against its parent`}
        oldValue={promptDiffText(parentText)}
        newValue={promptDiffText(version)}
        oldTitle={`${parent.name} ${parent.version}`}
        newTitle={`${name} ${version.version}`}
        emptyText="Same model and texts as the parent."
      />
    </section>
  );
}
