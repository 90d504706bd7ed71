"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { offerQueries, useOffer } from "@/components/data/queries/offer";
import { webApi, WebApiError } from "@/components/data/web-api";
import type { Offer } from "@/components/offer/types";
import { Field } from "@/components/ui/field";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";

export function OfferForm() {
  const offer = useOffer();
  return (
    <QueryState query={offer} frame={cardStyles} loading="Loading the offer…" failed="The offer could not be loaded.">
      {(saved) => <OfferFields saved={saved} />}
    </QueryState>
  );
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

function OfferFields({ saved }: { saved: Offer }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [form, setForm] = useState({
    product: saved.product ?? "",
    audience: saved.audience ?? "",
    value_propositions: saved.value_propositions.join("\n"),
    proof_points: saved.proof_points.join("\n"),
    call_to_action: saved.call_to_action ?? "",
    sender_name: saved.sender_name ?? "",
    sender_title: saved.sender_title ?? "",
    signature: saved.signature ?? "",
    tone: saved.tone,
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));
  const save = useMutation({
    mutationFn: () => {
      const text = (value: string) => (value.trim() ? value.trim() : undefined);
      return webApi<Offer>("/offer", {
        method: "PUT",
        body: {
          product: text(form.product),
          audience: text(form.audience),
          value_propositions: lines(form.value_propositions),
          proof_points: lines(form.proof_points),
          call_to_action: text(form.call_to_action),
          sender_name: text(form.sender_name),
          sender_title: text(form.sender_title),
          signature: text(form.signature),
          tone: form.tone,
        },
      });
    },
    onSuccess: (next) => queryClient.setQueryData(offerQueries.detail().queryKey, next),
  });
  const error = save.error instanceof WebApiError ? save.error : null;
  const err = (path: string) => error?.forField(path) ?? error?.fieldErrors.find((e) => e.path.startsWith(`${path}.`))?.message;
  const input = (key: keyof typeof form, label: string, hint: string, options: { multiline?: boolean; max: number; example: string }) => {
    const fieldId = `${id}-${key}`;
    const message = err(key);
    const props = {
      id: fieldId,
      value: form[key],
      onChange: set(key),
      maxLength: options.max,
      placeholder: options.example,
      className: fieldStyles.input,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `${fieldId}-error` : `${fieldId}-hint`,
    };
    return (
      <Field id={fieldId} label={label} error={message} hint={hint}>
        {options.multiline ? <textarea rows={3} {...props} /> : <input {...props} />}
      </Field>
    );
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={submit} aria-label="Offer and sender" className={`${cardStyles} space-y-4 p-5`}>
      <h2 className="text-base font-semibold text-slate-900">What you offer</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {input("product", "Product", "A short noun phrase: {{product}}", { max: 200, example: "e.g. Acme Ledger, invoice automation for clinics" })}
        {input("audience", "Audience", "Who it is for: {{audience}}", { max: 300, example: "e.g. practice managers at dental clinics" })}
        {input("value_propositions", "Value propositions", "One full sentence per line; the first is {{value_proposition}}", {
          multiline: true,
          max: 3100,
          example: "e.g. Patients pay their balance from a text message, so staff stop chasing invoices.",
        })}
        {input("proof_points", "Proof points", "Facts that back it, one per line; the first is {{proof_point}}", {
          multiline: true,
          max: 3100,
          example: "e.g. Clinics using it collect 30% more within 30 days.",
        })}
        {input("call_to_action", "Call to action", "The one ask the email ends with: {{call_to_action}}", {
          max: 300,
          example: "e.g. Would a 15-minute call next week be useful?",
        })}
        <Field id={`${id}-tone`} label="Tone" hint="{{tone}}, for hosted models">
          <select id={`${id}-tone`} value={form.tone} onChange={set("tone")} className={fieldStyles.input}>
            <option value="friendly">friendly</option>
            <option value="formal">formal</option>
            <option value="direct">direct</option>
          </select>
        </Field>
      </div>
      <h2 className="pt-2 text-base font-semibold text-slate-900">Who signs</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {input("sender_name", "Sender name", "{{sender_name}}; empty: the relay's from name, else the workspace name", {
          max: 120,
          example: "e.g. Sam Carter",
        })}
        {input("sender_title", "Sender title", "{{sender_title}}", { max: 120, example: "e.g. Head of Partnerships" })}
        {input("signature", "Signature", "Lines under the name: {{signature}}", { multiline: true, max: 1000, example: "e.g. Acme Ledger · acme.example" })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save offer"}
        </button>
        {save.isSuccess ? <Notice tone="success">Saved. Drafts written from now on use it.</Notice> : null}
        {save.error && !error?.fieldErrors.length ? <Notice tone="error">{save.error.message}</Notice> : null}
      </div>
    </form>
  );
}
