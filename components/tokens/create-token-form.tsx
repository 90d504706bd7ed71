"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import type { TokenListItem } from "@/lib/tokens/list-tokens";

export type CreatedToken = { token: string; item: TokenListItem };

const LIFETIMES = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "none", label: "No expiry" },
];

export function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedToken) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "write">("read");
  const [lifetime, setLifetime] = useState("90");
  const ids = { name: useId(), nameError: useId(), lifetime: useId(), scope: useId() };

  const create = useMutation({
    mutationFn: () =>
      webApi<CreatedToken>("/tokens", { method: "POST", body: { name, scope, expires_in_days: lifetime === "none" ? null : Number(lifetime) } }),
    onSuccess: (created) => {
      setName("");
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokens.all });
    },
  });
  const error = create.error instanceof WebApiError ? create.error : null;
  const nameError = error?.forField("name");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} p-5`} aria-labelledby="create-token-heading">
      <h2 id="create-token-heading" className="text-base font-semibold text-slate-900">
        Create a token
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_auto_11rem]">
        <div>
          <label htmlFor={ids.name} className={fieldStyles.label}>
            Name
          </label>
          <input
            id={ids.name}
            name="name"
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. CRM sync"
            autoComplete="off"
            className={fieldStyles.input}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? ids.nameError : undefined}
          />
          {nameError ? (
            <p id={ids.nameError} className={fieldStyles.error}>
              {nameError}
            </p>
          ) : (
            <p className={fieldStyles.hint}>Say what uses it, so you know what breaks when you revoke it.</p>
          )}
        </div>
        <fieldset>
          <legend className={fieldStyles.label}>Scope</legend>
          <div className="mt-1 grid gap-2 sm:flex">
            {(
              [
                ["read", "Read", "GET requests only"],
                ["write", "Read and write", "every request"],
              ] as const
            ).map(([value, label, hint]) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
              >
                <input
                  type="radio"
                  name="scope"
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                  aria-describedby={`${ids.scope}-${value}`}
                  className="mt-0.5 accent-indigo-600"
                />
                <span>
                  <span className="block font-medium text-slate-900">{label}</span>
                  <span id={`${ids.scope}-${value}`} aria-hidden="true" className="block text-xs text-slate-600">
                    {hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={ids.lifetime} className={fieldStyles.label}>
            Expires after
          </label>
          <select id={ids.lifetime} name="lifetime" value={lifetime} onChange={(event) => setLifetime(event.target.value)} className={fieldStyles.input}>
            {LIFETIMES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create token"}
        </button>
        <p className="text-xs text-slate-500">A token acts with its creator’s role, narrowed by its scope.</p>
      </div>
      {create.error && !nameError ? (
        <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {create.error.message}
        </p>
      ) : null}
    </form>
  );
}
