"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useProviders } from "@/components/data/queries/settings";
import { webApi } from "@/components/data/web-api";
import { ProviderForm } from "@/components/providers/provider-form";
import { ProviderTest } from "@/components/providers/provider-test";
import type { Provider } from "@/components/providers/types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";

const KIND_LABELS: Record<Provider["kind"], string> = { local: "Built-in engine", "openai-compatible": "OpenAI-compatible", anthropic: "Anthropic" };
const usd = (value: number) => `$${value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;

export function ProvidersView() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { query: providers, rows } = useProviders();
  const remove = useMutation({
    mutationFn: (provider: Provider) => webApi(`/providers/${encodeURIComponent(provider.slug)}`, { method: "DELETE" }),
    onSuccess: (_result, provider) => {
      setDeleting(null);
      setNotice(`Provider “${provider.slug}” deleted. Prompts that name it now fail with provider_not_configured.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.providers.all });
    },
  });

  return (
    <div className="space-y-6">
      <section aria-labelledby="add-provider-heading" className={`${cardStyles} p-5`}>
        <h2 id="add-provider-heading" className="mb-4 text-base font-semibold text-slate-900">
          Add a provider
        </h2>
        <ProviderForm onDone={(saved) => setNotice(`Provider “${saved.slug}” added.`)} />
      </section>
      <div aria-live="polite">{notice ? <Notice tone="success">{notice}</Notice> : null}</div>
      <section aria-labelledby="providers-heading" className="space-y-4">
        <h2 id="providers-heading" className="text-base font-semibold text-slate-900">
          Providers
        </h2>
        <QueryState
          query={providers}
          loading="Loading providers…"
          failed="The providers could not be loaded."
          isEmpty={rows.length === 0}
          frame={cardStyles}
          empty={<EmptyState title="No providers">The built-in local provider appears once the workspace is set up.</EmptyState>}
        >
          {rows.map((provider) => (
            <article key={provider.slug} className={cardStyles} aria-labelledby={`provider-${provider.slug}`} data-testid={`provider-${provider.slug}`}>
              <header className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <h3 id={`provider-${provider.slug}`} className="font-mono text-sm font-semibold text-slate-900">
                    {provider.slug}
                  </h3>
                  <p className="mt-0.5 text-xs text-slate-500">
                    {KIND_LABELS[provider.kind]}
                    {provider.base_url ? (
                      <>
                        {" "}
                        · <span className="break-all">{provider.base_url}</span>
                      </>
                    ) : null}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    aria-expanded={editing === provider.slug}
                    onClick={() => {
                      setNotice(null);
                      setEditing(editing === provider.slug ? null : provider.slug);
                    }}
                  >
                    {editing === provider.slug ? "Close" : "Change"}
                  </button>
                  {provider.kind !== "local" ? (
                    <button
                      type="button"
                      className={buttonStyles.dangerQuiet}
                      onClick={() => {
                        remove.reset();
                        setDeleting(provider);
                      }}
                    >
                      Delete
                    </button>
                  ) : null}
                </div>
              </header>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 px-4 py-3 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-xs text-slate-500">Default model</dt>
                  <dd className="break-all font-mono text-xs text-slate-900">{provider.default_model}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Limits</dt>
                  <dd className="text-slate-900">
                    {provider.max_concurrency} at once · {provider.requests_per_minute.toLocaleString()}/min
                  </dd>
                </div>
                {provider.kind !== "local" ? (
                  <>
                    <div>
                      <dt className="text-xs text-slate-500">Price per M tokens</dt>
                      <dd className="text-slate-900">
                        {usd(provider.input_price_per_mtok_usd)} in · {usd(provider.output_price_per_mtok_usd)} out
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">API key</dt>
                      <dd className="text-slate-900">{provider.has_api_key ? <span className="font-mono">…{provider.api_key_last4}</span> : "none"}</dd>
                    </div>
                  </>
                ) : null}
              </dl>
              {provider.kind !== "local" ? <ProviderTest slug={provider.slug} /> : null}
              {editing === provider.slug ? (
                <div className="border-t border-slate-200 px-4 py-4">
                  <ProviderForm
                    provider={provider}
                    onDone={(saved) => {
                      setEditing(null);
                      setNotice(`Provider “${saved.slug}” saved.`);
                    }}
                  />
                </div>
              ) : null}
            </article>
          ))}
        </QueryState>
        <ShowMore query={providers} />
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.slug ?? ""}”?`}
        confirmLabel="Delete provider"
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Its key is deleted with it. Stages whose prompts name this provider fail with <code className="font-mono">provider_not_configured</code> until you add
          it again.
        </p>
      </ConfirmDialog>
    </div>
  );
}
