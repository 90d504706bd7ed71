"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { useTokens } from "@/components/data/queries/settings";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";
import { CreateTokenForm, type CreatedToken } from "@/components/tokens/create-token-form";
import { NewTokenPanel } from "@/components/tokens/new-token-panel";
import { TokenList } from "@/components/tokens/token-list";
import type { TokenListItem } from "@/lib/tokens/list-tokens";

export function TokenSettings() {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<TokenListItem | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);

  const { query: tokens, rows } = useTokens();
  const revoke = useMutation({
    mutationFn: (token: TokenListItem) => webApi(`/tokens/${token.id}/revoke`, { method: "POST" }),
    onSuccess: (_result, token) => {
      setRevoking(null);
      setRevoked(token.name);
      if (created?.item.id === token.id) setCreated(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokens.all });
    },
  });

  return (
    <div className="space-y-6">
      {created ? <NewTokenPanel created={created} onDone={() => setCreated(null)} /> : null}
      <CreateTokenForm
        onCreated={(value) => {
          setRevoked(null);
          setCreated(value);
        }}
      />
      {revoked ? <Notice tone="success">Token “{revoked}” was revoked. Requests with it are refused from now on.</Notice> : null}
      <section aria-labelledby="tokens-heading" className={cardStyles}>
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id="tokens-heading" className="text-base font-semibold text-slate-900">
            Tokens
          </h2>
          {tokens.isFetching && !tokens.isPending ? (
            <span className="text-xs text-slate-500" role="status">
              Refreshing…
            </span>
          ) : null}
        </div>
        <QueryState
          query={tokens}
          loading="Loading tokens…"
          failed="The tokens could not be loaded."
          isEmpty={rows.length === 0}
          empty={<EmptyState title="No tokens yet">Create one above to call the API from a script or another service.</EmptyState>}
        >
          <TokenList
            tokens={rows}
            onRevoke={(token) => {
              revoke.reset();
              setRevoking(token);
            }}
          />
        </QueryState>
        <ShowMore query={tokens} />
      </section>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        error={revoke.error?.message}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>
          <span className="font-mono">{revoking?.display}</span> stops working at once: every request with it gets 401. This cannot be undone; anything using it
          needs a new token.
        </p>
      </ConfirmDialog>
    </div>
  );
}
