"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { usePromptHistory } from "@/components/data/queries/prompts";
import { PromptOutcomesPanel } from "@/components/evals/prompt-outcomes";
import { PromptExperimentsPanel } from "@/components/experiments/prompt-experiments";
import { CompareVersions } from "@/components/prompts/compare-versions";
import { ForkPromptForm } from "@/components/prompts/fork-prompt-form";
import { promptHref, versionHref } from "@/components/prompts/prompt-text";
import { ParentDiff } from "@/components/prompts/parent-diff";
import { PromoteControls } from "@/components/prompts/promote-controls";
import { VersionHistory } from "@/components/prompts/version-history";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";

type PromptViewProps = { name: string; workspace: string; canFork: boolean; initialVersion?: string; forked?: boolean };

export function PromptView({ name, workspace, canFork, initialVersion, forked = false }: PromptViewProps) {
  const router = useRouter();
  const prompt = usePromptHistory(name);
  const [selected, setSelected] = useState<string | null>(initialVersion ?? null);
  const [pair, setPair] = useState<{ from: string; to: string } | null>(null);
  const [forking, setForking] = useState(false);
  const forkButton = useRef<HTMLButtonElement>(null);

  if (!prompt.isSuccess) return <QueryState query={prompt} frame={cardStyles} loading="Loading the prompt…" failed="The prompt could not be loaded." />;

  const { versions } = prompt.data;
  // A built-in version's parent is the release before it (Compare shows that); a fork's is what it was forked from.
  const isFork = prompt.data.workspace !== null;
  const shown = versions.find((version) => version.version === selected) ?? versions.find((version) => version.production) ?? versions[0];
  const defaultPair = { from: versions[versions.indexOf(shown) + 1]?.version ?? shown.version, to: shown.version };
  const compare = pair ?? defaultPair;

  function select(version: string) {
    setSelected(version);
    const index = versions.findIndex((candidate) => candidate.version === version);
    setPair({ from: versions[index + 1]?.version ?? version, to: version });
  }

  return (
    <div className="space-y-6">
      {forked ? (
        <Notice tone="success">
          Fork {name} {shown.version} created. Its diff against the parent is below and in the audit log.
        </Notice>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <section aria-labelledby="history-heading" className={`${cardStyles} self-start`}>
          <div className="border-b border-slate-200 px-4 py-3">
            <h2 id="history-heading" className="text-base font-semibold text-slate-900">
              Version history
            </h2>
            <p className="text-xs text-slate-500">
              {prompt.data.workspace ? (
                <>Fork owned by {prompt.data.workspace}</>
              ) : (
                <>
                  Production: <span className="font-mono">{prompt.data.production ?? "none"}</span>
                </>
              )}
            </p>
          </div>
          <VersionHistory versions={versions} selected={shown.version} isFork={isFork} onSelect={select} />
        </section>

        <div className="min-w-0 space-y-6">
          {isFork ? <ParentDiff name={name} version={shown} heading={`${shown.version} against its parent`} /> : null}

          <section aria-labelledby="compare-heading" className={`${cardStyles} p-5`}>
            <h2 id="compare-heading" className="mb-3 text-base font-semibold text-slate-900">
              Compare versions
            </h2>
            {versions.length < 2 ? (
              <p className="text-sm text-slate-600">Only one version so far.</p>
            ) : (
              <CompareVersions name={name} versions={versions} from={compare.from} to={compare.to} onChange={setPair} />
            )}
          </section>

          <section aria-labelledby="version-heading" className={`${cardStyles} p-5`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 id="version-heading" className="text-base font-semibold text-slate-900">
                  <Link href={versionHref(name, shown.version)} className="hover:underline">
                    {shown.version}
                  </Link>
                </h2>
                <p className="text-xs text-slate-500">
                  Model <span className="font-mono">{shown.model_default}</span> · evals <span className="font-mono">{shown.evals_ref}</span>
                </p>
              </div>
              {canFork && !forking ? (
                <button ref={forkButton} type="button" className={buttonStyles.primary} onClick={() => setForking(true)}>
                  Fork {shown.version}…
                </button>
              ) : null}
            </div>
            <div className="mt-3 rounded-md border border-slate-200 p-3">
              <PromoteControls
                name={name}
                baseName={prompt.data.base_name}
                version={shown.version}
                workspace={workspace}
                current={prompt.data.workspace_default}
                canPromote={canFork}
                blockedReason={shown.promote_blocked_reason}
              />
            </div>
            <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">System</h3>
            <pre className="mt-1 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800">{shown.system}</pre>
            <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">User template</h3>
            <pre className="mt-1 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800">{shown.user_template}</pre>
          </section>

          <PromptOutcomesPanel name={name} />
          <PromptExperimentsPanel name={name} />
        </div>
      </div>

      {canFork && forking ? (
        <ForkPromptForm
          key={shown.version}
          name={name}
          baseName={prompt.data.base_name}
          workspace={workspace}
          versions={versions}
          initialFrom={shown.version}
          onCancel={() => {
            setForking(false);
            requestAnimationFrame(() => forkButton.current?.focus());
          }}
          onForked={(created) => {
            setForking(false);
            router.push(`${promptHref(created.name)}?version=${encodeURIComponent(created.version)}&forked=1`);
          }}
        />
      ) : null}
    </div>
  );
}
