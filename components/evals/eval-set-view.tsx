"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useEvalSet } from "@/components/data/queries/evals";
import { webApi } from "@/components/data/web-api";
import { AddEvalCaseForm } from "@/components/evals/add-eval-case-form";
import type { EvalCaseJson } from "@/components/evals/types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { QueryState } from "@/components/ui/query-state";
import { buttonStyles, cardStyles } from "@/components/ui/styles";

// /prompts/evals/{id}: a set and the cases this workspace sees: what each gives the stage and what
// it expects back. Reviewers add cases with the form below it; the workspace's own cases (added
// here, over /v1 or from the draft page) can be removed.

const SOURCES: Record<string, string> = { seed: "Built-in", manual: "Added", review_edit: "From a reviewer’s edit", review_reject: "From a rejection" };

function describeInput(input: EvalCaseJson["input"]): string {
  const value = (input ?? {}) as {
    lead?: Record<string, unknown>;
    signals?: Record<string, unknown>;
    reply?: { subject?: string; text?: string };
    step?: number;
    thread?: unknown[];
  };
  if (value.reply) return `${value.reply.subject ? `${value.reply.subject}: ` : ""}${value.reply.text ?? ""}`;
  const lead = Object.entries(value.lead ?? {})
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(" · ");
  const intent = Array.isArray(value.signals?.intent) && value.signals.intent.length ? ` · signals: ${(value.signals.intent as string[]).join(", ")}` : "";
  const sent = value.thread?.length ?? 0;
  const step = value.step ? ` · step ${value.step}, after ${sent} sent message${sent === 1 ? "" : "s"}` : "";
  return `${lead}${intent}${step}`;
}

function describeExpect(expect: EvalCaseJson["expect"]): string {
  const value = (expect ?? {}) as {
    qualified?: boolean;
    classification?: string;
    signals?: Record<string, unknown>;
    draft?: { must_mention?: string[]; opening_mentions?: string[]; forbidden?: string[]; max_words?: number; no_invented_facts?: boolean };
  };
  const parts: string[] = [];
  if (value.qualified !== undefined) parts.push(value.qualified ? "qualified" : "not qualified");
  if (value.classification) parts.push(value.classification);
  if (value.signals)
    parts.push(
      Object.entries(value.signals)
        .map(([k, v]) => `${k} = ${Array.isArray(v) ? v.join(", ") : String(v)}`)
        .join("; "),
    );
  if (value.draft) {
    if (value.draft.must_mention?.length) parts.push(`mentions ${value.draft.must_mention.join(", ")}`);
    if (value.draft.opening_mentions?.length) parts.push(`opens with ${value.draft.opening_mentions.join(", ")}`);
    if (value.draft.forbidden?.length) parts.push(`never “${value.draft.forbidden.join("”, “")}”`);
    if (value.draft.max_words) parts.push(`≤ ${value.draft.max_words} words`);
    if (value.draft.no_invented_facts) parts.push("no invented facts");
  }
  return parts.join(" · ");
}

export function EvalSetView({ id, canEdit }: { id: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const set = useEvalSet(id);
  const [removing, setRemoving] = useState<EvalCaseJson | null>(null);
  const remove = useMutation({
    mutationFn: (caseId: string) => webApi(`/eval-sets/${id}/cases/${caseId}`, { method: "DELETE" }),
    onSuccess: async () => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.evals.all });
    },
  });
  const data = set.data;
  return (
    <>
      <PageHeader
        title={data?.ref ?? "Eval set"}
        crumbs={[{ label: "Prompts", href: "/prompts" }, { label: "Eval sets", href: "/prompts/evals" }, { label: data?.ref ?? "…" }]}
      >
        {data ? (
          <>
            {data.name}. {data.description}
          </>
        ) : null}
      </PageHeader>
      <QueryState query={set} loading="Loading the set…" failed="The eval set could not be loaded." frame={cardStyles}>
        {data ? (
          <section aria-labelledby="cases-heading" className={cardStyles}>
            <h2 id="cases-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
              {data.case_count} {data.case_count === 1 ? "case" : "cases"}{" "}
              <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-normal text-slate-700">{data.stage}</span>
            </h2>
            <ol className="divide-y divide-slate-100" data-testid="eval-cases">
              {data.cases.map((evalCase) => (
                <li key={evalCase.id} className="px-4 py-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="min-w-0 break-words text-sm font-medium text-slate-900">{evalCase.name}</p>
                    <div className="flex shrink-0 items-center gap-2">
                      <span className="text-xs text-slate-500">{SOURCES[evalCase.source] ?? evalCase.source}</span>
                      {canEdit && evalCase.own ? (
                        <button
                          type="button"
                          className={buttonStyles.quiet}
                          onClick={() => {
                            remove.reset();
                            setRemoving(evalCase);
                          }}
                        >
                          Remove
                        </button>
                      ) : null}
                    </div>
                  </div>
                  <p className="mt-1 break-words text-xs text-slate-600">
                    <span className="text-slate-500">Given</span> {describeInput(evalCase.input) || "—"}
                  </p>
                  <p className="mt-0.5 break-words text-xs text-slate-800">
                    <span className="text-slate-500">Expects</span> {describeExpect(evalCase.expect)}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </QueryState>
      {canEdit && data ? (
        <div className="mt-6">
          <AddEvalCaseForm setId={id} stage={data.stage} />
        </div>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove “${removing?.name ?? ""}”?`}
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      >
        <p>Later evaluations of this set will not run it. The audit log keeps the removal.</p>
      </ConfirmDialog>
    </>
  );
}
