"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import type { PackJson } from "@/lib/packs/present-pack";

/** Copies the pack (rules, stages, pins) into the workspace; then its pins can be changed. */
export function ForkPackForm({ pack, workspace }: { pack: PackJson; workspace: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const suggested = `${pack.slug}-${workspace}`.slice(0, 63);
  const [slug, setSlug] = useState(suggested);
  const [name, setName] = useState(`${pack.name} (${workspace})`);
  const ids = { slug: useId(), name: useId() };
  const fork = useMutation({
    mutationFn: () => webApi<PackJson>(`/packs/${pack.slug}/fork`, { method: "POST", body: { slug, name } }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.packs.all });
      router.push(`/packs/${created.slug}?forked=1`);
    },
  });
  const error = fork.error instanceof WebApiError ? fork.error : null;
  const slugError = error?.forField("slug") ?? (error?.code === "conflict" ? error.message : undefined);
  const nameError = error?.forField("name");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fork.mutate();
  }

  return (
    <form onSubmit={submit} aria-labelledby="fork-pack-heading" className="space-y-3">
      <h3 id="fork-pack-heading" className="text-sm font-semibold text-slate-900">
        Fork into {workspace}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.slug} className={fieldStyles.label}>
            Slug
          </label>
          <input
            id={ids.slug}
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            required
            maxLength={63}
            autoComplete="off"
            spellCheck={false}
            className={`${fieldStyles.input} font-mono`}
            aria-invalid={slugError ? true : undefined}
            aria-describedby={slugError ? `${ids.slug}-error` : undefined}
          />
          {slugError ? (
            <p id={`${ids.slug}-error`} className={fieldStyles.error}>
              {slugError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.name} className={fieldStyles.label}>
            Name
          </label>
          <input
            id={ids.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={200}
            autoComplete="off"
            className={fieldStyles.input}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${ids.name}-error` : undefined}
          />
          {nameError ? (
            <p id={`${ids.name}-error`} className={fieldStyles.error}>
              {nameError}
            </p>
          ) : null}
        </div>
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={fork.isPending}>
        {fork.isPending ? "Forking…" : "Fork pack"}
      </button>
      {fork.error && !slugError && !nameError ? (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {fork.error.message}
        </p>
      ) : null}
    </form>
  );
}

/** A built-in pack's one-click fork (the default slug and name), opening the fork to edit its targeting. */
export function ForkToEditButton({ pack, label }: { pack: PackJson; label: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const fork = useMutation({
    mutationFn: () => webApi<PackJson>(`/packs/${pack.slug}/fork`, { method: "POST", body: {} }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.packs.all });
      router.push(`/packs/${created.slug}?forked=1`);
    },
  });
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <button type="button" className={buttonStyles.primary} disabled={fork.isPending} onClick={() => fork.mutate()}>
        {fork.isPending ? "Forking…" : label}
      </button>
      {fork.error ? (
        <p role="alert" className="text-sm text-rose-700">
          {fork.error.message}
        </p>
      ) : null}
    </div>
  );
}
