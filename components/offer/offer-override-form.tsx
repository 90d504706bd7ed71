"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useOffer } from "@/components/data/queries/offer";
import { webApi, WebApiError } from "@/components/data/web-api";
import type { Offer, OfferOverride } from "@/components/offer/types";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";

// A pack's or campaign's offer: each field left empty falls back to the layer below (campaign →
// pack → workspace), shown as the placeholder. Saving sends only the fields set (PATCH `offer`);
// "Use the workspace's offer" removes the override (`offer: null`).

type Props = {
  /** The /api/web path to PATCH, e.g. /campaigns/cmp_… or /packs/acme-outbound. */
  path: string;
  override: OfferOverride | null;
  /** Names what applies without this override, e.g. "Pack or workspace". */
  fallbackLabel: string;
  /** For a campaign: its pack's override, which lies between it and the workspace's offer. */
  under?: OfferOverride | null;
  canEdit: boolean;
  invalidate: QueryKey;
};

const TEXT_FIELDS = [
  { key: "product", label: "Product", max: 200 },
  { key: "audience", label: "Audience", max: 300 },
  { key: "call_to_action", label: "Call to action", max: 300 },
  { key: "sender_name", label: "Sender name", max: 120 },
  { key: "sender_title", label: "Sender title", max: 120 },
  { key: "signature", label: "Signature", max: 1000 },
] as const;
const LIST_FIELDS = [
  { key: "value_propositions", label: "Value propositions", hint: "one per line" },
  { key: "proof_points", label: "Proof points", hint: "one per line" },
] as const;
type FormState = Record<(typeof TEXT_FIELDS)[number]["key"] | (typeof LIST_FIELDS)[number]["key"] | "tone", string>;

function toForm(override: OfferOverride | null): FormState {
  const o = override ?? {};
  return {
    product: o.product ?? "",
    audience: o.audience ?? "",
    call_to_action: o.call_to_action ?? "",
    sender_name: o.sender_name ?? "",
    sender_title: o.sender_title ?? "",
    signature: o.signature ?? "",
    value_propositions: (o.value_propositions ?? []).join("\n"),
    proof_points: (o.proof_points ?? []).join("\n"),
    tone: o.tone ?? "",
  };
}

function toOverride(form: FormState): OfferOverride | null {
  const out: Record<string, unknown> = {};
  for (const { key } of TEXT_FIELDS) if (form[key].trim()) out[key] = form[key].trim();
  for (const { key } of LIST_FIELDS) {
    const items = form[key]
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (items.length) out[key] = items;
  }
  if (form.tone) out.tone = form.tone;
  return Object.keys(out).length ? (out as OfferOverride) : null;
}

const shown = (value: unknown) => (Array.isArray(value) ? value.join("; ") : typeof value === "string" ? value : "");

export function OfferOverrideForm({ path, override, fallbackLabel, under, canEdit, invalidate }: Props) {
  const queryClient = useQueryClient();
  const id = useId();
  const workspace = useOffer();
  const [form, setForm] = useState<FormState>(() => toForm(override));
  const save = useMutation({
    mutationFn: (offer: OfferOverride | null) => webApi(path, { method: "PATCH", body: { offer } }),
    onSuccess: (_answer, offer) => {
      setForm(toForm(offer));
      void queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
  const error = save.error instanceof WebApiError ? save.error : null;
  const set = (key: keyof FormState) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));
  const placeholder = (key: keyof Offer) => {
    const value = shown(under?.[key as keyof OfferOverride] ?? workspace.data?.[key]);
    return value ? `${fallbackLabel}: ${value}` : `${fallbackLabel}: not set`;
  };
  const set_count = Object.keys(toOverride(toForm(override)) ?? {}).length;

  if (!canEdit) {
    const entries = Object.entries(override ?? {});
    return entries.length === 0 ? (
      <p className="text-sm text-slate-600">No overrides: drafts use the {fallbackLabel.toLowerCase()}.</p>
    ) : (
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        {entries.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-500">{key.replaceAll("_", " ")}</dt>
            <dd className="text-slate-900">{shown(value)}</dd>
          </div>
        ))}
      </dl>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(toOverride(form));
  }

  return (
    <form onSubmit={submit} aria-label="Offer overrides" className="space-y-4">
      <p className="text-sm text-slate-600">
        Fill in only what differs here; an empty field uses the {fallbackLabel.toLowerCase()}.{" "}
        {set_count ? `${set_count} field${set_count === 1 ? "" : "s"} overridden.` : "Nothing overridden yet."}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {TEXT_FIELDS.map(({ key, label, max }) => (
          <Field key={key} id={`${id}-${key}`} label={label} error={error?.forField(`offer.${key}`)}>
            {key === "signature" ? (
              <textarea
                id={`${id}-${key}`}
                rows={2}
                maxLength={max}
                value={form[key]}
                onChange={set(key)}
                placeholder={placeholder(key)}
                className={fieldStyles.input}
              />
            ) : (
              <input id={`${id}-${key}`} maxLength={max} value={form[key]} onChange={set(key)} placeholder={placeholder(key)} className={fieldStyles.input} />
            )}
          </Field>
        ))}
        {LIST_FIELDS.map(({ key, label, hint }) => (
          <Field key={key} id={`${id}-${key}`} label={label} hint={hint} error={error?.fieldErrors.find((e) => e.path.startsWith(`offer.${key}`))?.message}>
            <textarea id={`${id}-${key}`} rows={2} value={form[key]} onChange={set(key)} placeholder={placeholder(key)} className={fieldStyles.input} />
          </Field>
        ))}
        <Field id={`${id}-tone`} label="Tone">
          <select id={`${id}-tone`} value={form.tone} onChange={set("tone")} className={fieldStyles.input}>
            <option value="">{`${fallbackLabel}: ${under?.tone ?? workspace.data?.tone ?? "friendly"}`}</option>
            <option value="friendly">friendly</option>
            <option value="formal">formal</option>
            <option value="direct">direct</option>
          </select>
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save overrides"}
        </button>
        {override ? (
          <button type="button" className={buttonStyles.secondary} disabled={save.isPending} onClick={() => save.mutate(null)}>
            Remove the overrides
          </button>
        ) : null}
        <span aria-live="polite">
          {save.isSuccess ? <Notice tone="success">Saved. Drafts written from now on use it.</Notice> : null}
          {save.error && !error?.fieldErrors.length ? <Notice tone="error">{save.error.message}</Notice> : null}
        </span>
      </div>
    </form>
  );
}
