"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useFollowUpOptions } from "@/components/data/queries/prompts";
import { webApi, WebApiError } from "@/components/data/web-api";
import { CampaignSteps } from "@/components/campaigns/campaign-steps";
import { StepEditorRow, type StepErrors } from "@/components/campaigns/step-editor-row";
import { StepOne } from "@/components/campaigns/step-one";
import type { CampaignJson } from "@/components/campaigns/types";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { draftsFromSteps, MAX_STEPS, moveStep, stepsBody, wholeAmount, type StepDraft } from "@/lib/campaigns/step-form";
import type { PinOption } from "@/lib/packs/pin-label";
import { STAGE } from "@/lib/states/stages";

// The campaign's sequence, editable by admins (who may PATCH a campaign): add, remove, reorder
// (buttons, so the keyboard does it), each later step's wait as a number and a unit and its
// follow_up version. Saving sends the whole list with PATCH /api/web/campaigns/{id}, as /v1 (audited
// `campaign.updated`; new steps take back the campaign's approval). The server's 422s name
// `steps.<index>.<field>`: they are shown at the step that was at that index when saved.

type Props = { id: string; steps: CampaignJson["steps"]; forks: CampaignJson["forks"]; canEvaluate: boolean };

export function StepEditor(props: Props) {
  const options = useFollowUpOptions();
  if (!options.data) return <CampaignSteps steps={props.steps} />;
  return <StepForm {...props} options={options.data.follow_up} />;
}

/** Where the focus goes after a change: a step's control, or the add button (`key` null). */
type FocusTarget = { key: string | null; control: "up" | "down" | "remove" | "wait" };

function StepForm({ id, steps, forks, canEvaluate, options }: Props & { options: PinOption[] }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const pins = options.map((option) => option.pin);
  const saved = draftsFromSteps(steps, pins);
  const [drafts, setDrafts] = useState<StepDraft[]>(saved);
  const [errors, setErrors] = useState<Record<string, StepErrors>>({});
  const [announcement, setAnnouncement] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const focus = useRef<FocusTarget | null>(null);
  const nextKey = useRef(0);
  const dirty = JSON.stringify(stepsBody(drafts)) !== JSON.stringify(stepsBody(saved));

  // Moving a step re-renders the list: the focus follows the step (or the nearest control left).
  useEffect(() => {
    const target = focus.current;
    if (!target) return;
    focus.current = null;
    const control = target.key === null ? [`${formId}-add`] : [target.control, "up", "down"].map((name) => `${formId}-${target.key}-${name}`);
    const element = control.map((id) => document.getElementById(id)).find((el) => el && !(el as HTMLButtonElement).disabled);
    element?.focus();
  }, [drafts, formId]);

  // Reloading or closing the tab with unsaved steps asks first (links within the app do not).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const save = useMutation({
    mutationFn: (sent: StepDraft[]) => webApi(`/campaigns/${id}`, { method: "PATCH", body: { steps: stepsBody(sent) } }),
    onSuccess: async () => {
      setNotice("Steps saved.");
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.pinOptions() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.detail(id) });
    },
    onError: (error, sent) => {
      if (!(error instanceof WebApiError)) return;
      const byKey: Record<string, StepErrors> = {};
      for (const field of error.fieldErrors) {
        const match = /^steps\.(\d+)\.(wait|prompt)$/.exec(field.path);
        const draft = match && Number(match[1]) >= 1 ? sent[Number(match[1]) - 1] : undefined;
        if (draft && match) byKey[draft.key] = { ...byKey[draft.key], [match[2]]: field.message };
      }
      setErrors(byKey);
    },
  });
  const fieldErrors = save.error instanceof WebApiError ? save.error.fieldErrors : [];
  const unplaced = fieldErrors.filter((field) => !/^steps\.([1-9]\d*)\.(wait|prompt)$/.test(field.path));
  const placedOnly = fieldErrors.length > 0 && unplaced.length === 0;

  const change = (next: StepDraft[], message = "") => {
    setDrafts(next);
    setNotice(null);
    setAnnouncement(message);
    if (save.isError) save.reset(); // the messages at the steps stay until their field changes
  };
  const edit = (key: string, patch: Partial<StepDraft>, field: keyof StepErrors) => {
    change(drafts.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
    setErrors((current) => ({ ...current, [key]: { ...current[key], [field]: undefined } }));
  };
  const move = (index: number, by: -1 | 1) => {
    const key = drafts[index].key;
    change(moveStep(drafts, index, by), `Step ${index + 2} is now step ${index + 2 + by}.`);
    focus.current = { key, control: by === -1 ? "up" : "down" };
  };
  const remove = (index: number) => {
    const next = drafts.filter((_, at) => at !== index);
    change(next, `Step ${index + 2} removed. Save to keep the change.`);
    const neighbour = next[index] ?? next[index - 1];
    focus.current = neighbour ? { key: neighbour.key, control: "remove" } : { key: null, control: "remove" };
  };
  const add = () => {
    const key = `new-${nextKey.current++}`;
    change([...drafts, { key, amount: "3", unit: "days", prompt: "" }], `Step ${drafts.length + 2} added.`);
    focus.current = { key, control: "wait" };
  };
  const discard = () => {
    change(saved, "Changes discarded.");
    setErrors({});
    save.reset();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    // A wait that is not a whole number is told at once; everything else is the server's to judge.
    const local: Record<string, StepErrors> = {};
    for (const draft of drafts) if (wholeAmount(draft.amount) === null) local[draft.key] = { wait: "Enter a whole number, at least 1." };
    setErrors(local);
    save.reset();
    if (Object.keys(local).length) return;
    save.mutate(drafts);
  }

  const total = drafts.length + 1;
  const full = total >= MAX_STEPS;
  return (
    <section aria-labelledby="steps-heading" className={`${cardStyles} p-5`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="steps-heading" className="text-base font-semibold text-slate-900">
          Steps
        </h2>
        {dirty ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="steps-unsaved">
            Unsaved changes
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        The first email, then up to {MAX_STEPS - 1} follow-ups in the same thread. Each follow-up waits after the previous step is sent, is then drafted and
        reviewed like a first email, and is sent from the same sender; their prompts are approved with the campaign.
      </p>
      <form onSubmit={submit} aria-label="Campaign steps" className="mt-3">
        <ol className="divide-y divide-slate-100 text-sm" data-testid="step-editor">
          <StepOne step={steps[0]} />
          {drafts.map((draft, index) => (
            <StepEditorRow
              key={draft.key}
              idPrefix={`${formId}-${draft.key}`}
              draft={draft}
              number={index + 2}
              last={index === drafts.length - 1}
              errors={errors[draft.key] ?? {}}
              options={options}
              savedFork={
                forks.some((fork) => fork.stage === STAGE.follow_up && fork.step === index + 2 && `${fork.name}:${fork.version}` === draft.prompt) && !dirty
              }
              canEvaluate={canEvaluate}
              onEdit={(patch, field) => edit(draft.key, patch, field)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-100 pt-3">
          <button id={`${formId}-add`} type="button" className={buttonStyles.secondary} disabled={full} aria-describedby={`${formId}-add-why`} onClick={add}>
            Add a follow-up
          </button>
          <p id={`${formId}-add-why`} className="text-xs text-slate-500">
            {full ? `A campaign has at most ${MAX_STEPS} steps; remove one to add another.` : `${total} of ${MAX_STEPS} steps.`}
          </p>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonStyles.primary} disabled={!dirty || save.isPending}>
            {save.isPending ? "Saving…" : "Save steps"}
          </button>
          <button type="button" className={buttonStyles.quiet} disabled={!dirty || save.isPending} onClick={discard}>
            Discard changes
          </button>
          <p className="text-xs text-slate-500">Saving new steps takes back the campaign’s approval: a reviewer approves the new set.</p>
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        <div className="mt-3 space-y-2 empty:hidden">
          {notice && !dirty ? <Notice tone="success">{notice}</Notice> : null}
          {save.error ? (
            <Notice tone="error">
              {placedOnly ? "The steps were not saved: see the messages at the steps above." : save.error.message}
              {unplaced.map((field) => ` ${field.path}: ${field.message}.`).join("")}
            </Notice>
          ) : null}
        </div>
      </form>
    </section>
  );
}
