"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { Notice } from "@/components/ui/states";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";
import { WriteOnlySecret } from "@/components/ui/write-only-secret";
import type { Provider } from "@/components/providers/types";

type Fields = {
  slug: string;
  kind: "openai-compatible" | "anthropic";
  baseUrl: string;
  model: string;
  concurrency: string;
  rpm: string;
  inputPrice: string;
  outputPrice: string;
  apiKey: string;
  removeKey: boolean;
};

const initial = (provider?: Provider): Fields => ({
  slug: provider?.slug ?? "",
  kind: provider?.kind === "anthropic" ? "anthropic" : "openai-compatible",
  baseUrl: provider?.base_url ?? "",
  model: provider?.default_model ?? "",
  concurrency: String(provider?.max_concurrency ?? 4),
  rpm: String(provider?.requests_per_minute ?? 600),
  inputPrice: String(provider?.input_price_per_mtok_usd ?? 0),
  outputPrice: String(provider?.output_price_per_mtok_usd ?? 0),
  apiKey: "",
  removeKey: false,
});

/** Adds a provider (no `provider`) or changes one; `local` only has its limits to change. */
export function ProviderForm({ provider, onDone }: { provider?: Provider; onDone: (saved: Provider) => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Fields>(() => initial(provider));
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setForm((current) => ({ ...current, [key]: value }));
  const id = useId();
  const local = provider?.kind === "local";

  const save = useMutation({
    mutationFn: () => {
      const limits = { max_concurrency: Number(form.concurrency), requests_per_minute: Number(form.rpm) };
      const body = local
        ? limits
        : {
            ...(provider ? {} : { kind: form.kind }),
            base_url: form.baseUrl.trim() || null,
            default_model: form.model.trim(),
            ...limits,
            input_price_per_mtok_usd: Number(form.inputPrice),
            output_price_per_mtok_usd: Number(form.outputPrice),
            ...(form.removeKey ? { api_key: null } : form.apiKey ? { api_key: form.apiKey } : {}),
          };
      return webApi<{ created: boolean; provider: Provider }>(`/providers/${encodeURIComponent(provider?.slug ?? form.slug.trim())}`, { method: "PUT", body });
    },
    onSuccess: ({ provider: saved }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.providers.all });
      if (!provider) setForm(initial());
      onDone(saved);
    },
  });
  const error = save.error instanceof WebApiError ? save.error : null;
  const fieldError = (path: string) => error?.forField(path);
  const shownPaths = [
    "kind",
    "base_url",
    "default_model",
    "max_concurrency",
    "requests_per_minute",
    "input_price_per_mtok_usd",
    "output_price_per_mtok_usd",
    "api_key",
  ];

  const input = (key: keyof Fields, path: string | null, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => {
    const problem = path ? fieldError(path) : undefined;
    const note = `${id}-${key}-note`;
    return (
      <div>
        <label htmlFor={`${id}-${key}`} className={fieldStyles.label}>
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          value={String(form[key])}
          onChange={(event) => set(key, event.target.value as never)}
          className={fieldStyles.input}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem || hint ? note : undefined}
          {...props}
        />
        {problem ? (
          <p id={note} className={fieldStyles.error}>
            {problem}
          </p>
        ) : hint ? (
          <p id={note} className={fieldStyles.hint}>
            {hint}
          </p>
        ) : null}
      </div>
    );
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={provider ? `Change ${provider.slug}` : "Add a provider"}>
      {!provider ? (
        <div className="grid gap-4 md:grid-cols-2">
          {input(
            "slug",
            null,
            "Name",
            { required: true, maxLength: 63, pattern: "[a-z0-9][a-z0-9\\-]{1,62}", placeholder: "e.g. openai", autoComplete: "off" },
            "Lower-case letters, digits and dashes; prompts name it as name/model.",
          )}
          <div>
            <label htmlFor={`${id}-kind`} className={fieldStyles.label}>
              Kind
            </label>
            <select id={`${id}-kind`} value={form.kind} onChange={(event) => set("kind", event.target.value as Fields["kind"])} className={fieldStyles.input}>
              <option value="openai-compatible">OpenAI-compatible (chat completions)</option>
              <option value="anthropic">Anthropic (messages)</option>
            </select>
          </div>
        </div>
      ) : null}
      {!local ? (
        <div className="grid gap-4 md:grid-cols-2">
          {input(
            "baseUrl",
            "base_url",
            "Base URL",
            { type: "url", maxLength: 2048, placeholder: form.kind === "anthropic" ? "https://api.anthropic.com" : "https://api.openai.com/v1" },
            form.kind === "anthropic" ? "Empty: Anthropic’s own API." : undefined,
          )}
          {input("model", "default_model", "Default model", { required: true, maxLength: 200, placeholder: form.kind === "anthropic" ? "claude-…" : "gpt-…" })}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {input("concurrency", "max_concurrency", "Max concurrent calls", { type: "number", min: 1, max: 1000, required: true })}
        {input("rpm", "requests_per_minute", "Requests per minute", { type: "number", min: 1, max: 1_000_000, required: true })}
        {!local ? input("inputPrice", "input_price_per_mtok_usd", "Input $ per M tokens", { type: "number", min: 0, max: 1000, step: "any" }) : null}
        {!local ? input("outputPrice", "output_price_per_mtok_usd", "Output $ per M tokens", { type: "number", min: 0, max: 1000, step: "any" }) : null}
      </div>
      {!local ? (
        <div className="max-w-xl">
          <WriteOnlySecret
            id={`${id}-key`}
            label="API key"
            value={form.apiKey}
            onChange={(value) => set("apiKey", value)}
            maxLength={4096}
            saved={Boolean(provider?.has_api_key)}
            savedPlaceholder={`Saved (…${provider?.api_key_last4 ?? ""}): leave empty to keep it`}
            remove={form.removeKey}
            onRemoveChange={(value) => set("removeKey", value)}
            removeLabel="Remove the saved key"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : provider ? "Save changes" : "Add provider"}
        </button>
      </div>
      {save.error && !shownPaths.some((path) => fieldError(path)) ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}
