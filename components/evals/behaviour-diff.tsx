"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useRunOptions } from "@/components/data/queries/runs";
import { startReplay, useLatestReplay } from "@/components/data/queries/replays";
import { WebApiError } from "@/components/data/web-api";
import { TextDiff } from "@/components/diff/text-diff";
import type { ReplayJson, ReplayResultJson } from "@/components/evals/types";
import { isStage, REPLAY_STAGES, STAGE, STAGE_OUTPUT_WORDS } from "@/lib/states/stages";
import { versionHref } from "@/components/prompts/prompt-text";
import { Field } from "@/components/ui/field";
import { QueryState } from "@/components/ui/query-state";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { formatRelative } from "@/components/ui/time";
import { JOB_ROW_STATUS } from "@/lib/statuses";
import { isMachineRun } from "@/lib/states/run";

// Behaviour diff (lib/replays): a finished run's last leads put through this version again, as the
// run would, without sending anything; each answer beside the run's, changed ones first. A
// reviewer picks the run and how many leads; the newest replay of the version is shown.

const REPLAYABLE: readonly string[] = REPLAY_STAGES;
const UNCHANGED_SHOWN = 3;

const usd = (value: number) => (value === 0 ? "$0" : `$${value.toFixed(value < 0.01 ? 5 : 3)}`);

function Badge({ tone, children }: { tone: "changed" | "same" | "verdict" | "invalid"; children: string }) {
  const styles = {
    changed: "bg-amber-100 text-amber-900",
    same: "bg-slate-100 text-slate-700",
    verdict: "bg-rose-100 text-rose-900",
    invalid: "bg-rose-100 text-rose-900",
  };
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${styles[tone]}`}>{children}</span>;
}

function ResultItem({ result, versionLabel }: { result: ReplayResultJson; versionLabel: string }) {
  const runLabel = result.run_version ? `Run (${result.run_version.name} ${result.run_version.version})` : "Run";
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="replay-result">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="break-words font-medium text-slate-900">{result.lead}</span>
        {!result.valid ? (
          <Badge tone="invalid">no valid answer</Badge>
        ) : result.verdict_changed ? (
          <Badge tone="verdict">verdict changed</Badge>
        ) : result.changed ? (
          <Badge tone="changed">changed</Badge>
        ) : (
          <Badge tone="same">same</Badge>
        )}
      </p>
      {result.error ? <p className="mt-1 break-words text-xs text-rose-700">{result.error}</p> : null}
      {result.changed ? (
        <div className="mt-2">
          <TextDiff
            label={`Answers for ${result.lead}`}
            oldValue={result.before_text}
            newValue={result.after_text}
            oldTitle={runLabel}
            newTitle={versionLabel}
            emptyText="Same answer."
          />
        </div>
      ) : null}
    </li>
  );
}

function ReplayBody({ replay }: { replay: ReplayJson }) {
  const [allSame, setAllSame] = useState(false);
  const versionLabel = `${replay.prompt.name} ${replay.prompt.version}`;
  if (replay.status === JOB_ROW_STATUS.queued || replay.status === JOB_ROW_STATUS.running)
    return (
      <p className="mt-3 text-sm text-slate-600" role="status">
        Replaying run {replay.run.id}…
      </p>
    );
  if (replay.status === JOB_ROW_STATUS.failed)
    return (
      <p role="alert" className="mt-3 text-sm text-rose-700">
        The replay failed: {replay.error ?? "unknown error"}
      </p>
    );
  const changed = replay.results.filter((result) => result.changed);
  const same = replay.results.filter((result) => !result.changed);
  const stageWord = isStage(replay.stage) ? STAGE_OUTPUT_WORDS[replay.stage] : "answers";
  return (
    <div className="mt-3">
      <p className="text-sm text-slate-700" data-testid="replay-summary">
        <strong>
          {changed.length} of {replay.lead_count}
        </strong>{" "}
        {stageWord} differ from run{" "}
        <Link className="font-mono text-indigo-700 hover:underline" href={`/runs/${replay.run.id}`}>
          {replay.run.id}
        </Link>
        {replay.stage === STAGE.qualify ? (
          <>
            ; <strong>{replay.verdicts_changed}</strong> verdict{replay.verdicts_changed === 1 ? "" : "s"} changed
          </>
        ) : null}
        {replay.valid < replay.lead_count ? <>; {replay.lead_count - replay.valid} without a valid answer</> : null}. Cost {usd(replay.cost_usd)},{" "}
        {replay.latency_ms} ms. Nothing was sent.
      </p>
      <ul className="mt-3 space-y-3" aria-label="Leads whose answer changed">
        {changed.map((result) => (
          <ResultItem key={result.position} result={result} versionLabel={versionLabel} />
        ))}
      </ul>
      {same.length ? (
        <>
          <ul className="mt-3 space-y-2" aria-label="Leads with the same answer">
            {(allSame ? same : same.slice(0, UNCHANGED_SHOWN)).map((result) => (
              <ResultItem key={result.position} result={result} versionLabel={versionLabel} />
            ))}
          </ul>
          {!allSame && same.length > UNCHANGED_SHOWN ? (
            <button type="button" className={`${buttonStyles.quiet} mt-2`} onClick={() => setAllSame(true)}>
              Show all {same.length} unchanged
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

type PanelProps = { name: string; version: string; canReplay: boolean; headingLevel?: 2 | 3 };

/** Only stages that run on a run's leads can be replayed (track versions are compared on eval sets). */
export function BehaviourDiffPanel(props: PanelProps) {
  return REPLAYABLE.includes(props.name.split("@")[0]) ? <ReplayPanel {...props} /> : null;
}

function ReplayPanel({ name, version, canReplay, headingLevel = 2 }: PanelProps) {
  const queryClient = useQueryClient();
  const latest = useLatestReplay(name, version);
  const runs = useRunOptions();
  const finished = (runs.data?.data ?? []).filter((run) => !isMachineRun(run.status));
  const [runId, setRunId] = useState("");
  const [leads, setLeads] = useState("20");
  const replay = useMutation({
    mutationFn: (body: { run_id: string; leads: number }) => startReplay({ prompt: name, version, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.evals.latestReplay(name, version) }),
  });
  const chosen = runId || finished[0]?.id || "";
  const fieldError = (path: string) => (replay.error instanceof WebApiError ? replay.error.forField(path) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    replay.mutate({ run_id: chosen, leads: Number(leads) });
  };
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `replay-${name}-${version}`.replace(/[^a-zA-Z0-9_-]/g, "-");
  return (
    <section aria-labelledby={headingId} className={headingLevel === 2 ? `${cardStyles} p-5` : "mt-5"}>
      <Heading id={headingId} className="text-base font-semibold text-slate-900">
        Behaviour on a real run
      </Heading>
      <p className="mt-1 text-sm text-slate-600">
        Put a finished run’s most recent leads through{" "}
        <Link className="font-mono text-indigo-700 hover:underline" href={versionHref(name, version)}>
          {name} {version}
        </Link>{" "}
        as the run would, and compare with what the run wrote. Nothing is sent or changed.
      </p>
      {canReplay ? (
        finished.length === 0 && runs.isSuccess ? (
          <p className="mt-3 text-sm text-slate-600">No finished run to replay yet.</p>
        ) : (
          <form className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:items-end" onSubmit={submit} noValidate>
            <Field id={`${headingId}-run`} label="Run" error={fieldError("run_id")}>
              <select
                id={`${headingId}-run`}
                className={fieldStyles.input}
                value={chosen}
                onChange={(event) => setRunId(event.target.value)}
                aria-invalid={fieldError("run_id") ? true : undefined}
              >
                {finished.map((run) => (
                  <option key={run.id} value={run.id}>
                    {run.id} · {run.status.replace("_", " ")} · {run.counts.imported} leads · {formatRelative(new Date(run.created_at))}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${headingId}-leads`} label="Leads" error={fieldError("leads")}>
              <input
                id={`${headingId}-leads`}
                className={fieldStyles.input}
                type="number"
                min={1}
                max={50}
                inputMode="numeric"
                value={leads}
                onChange={(event) => setLeads(event.target.value)}
                aria-invalid={fieldError("leads") ? true : undefined}
              />
            </Field>
            <button type="submit" className={buttonStyles.secondary} disabled={replay.isPending || !chosen}>
              {replay.isPending ? "Starting…" : "Replay without sending"}
            </button>
          </form>
        )
      ) : null}
      {replay.error && !fieldError("run_id") && !fieldError("leads") ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {replay.error.message}
        </p>
      ) : null}
      <QueryState query={latest} loading="Loading the newest replay…" failed="The replay could not be loaded.">
        {latest.data ? <ReplayBody replay={latest.data} /> : latest.isSuccess ? <p className="mt-3 text-sm text-slate-600">Not replayed yet.</p> : null}
      </QueryState>
    </section>
  );
}
