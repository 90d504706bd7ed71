"use client";

import { Time } from "@/components/ui/time";
import { buttonStyles } from "@/components/ui/styles";
import type { TokenListItem } from "@/lib/tokens/list-tokens";
import { TOKEN_STATUS } from "@/lib/states/token";

/** A token that still works (a token's status is computed, lib/states/token.ts). */
const ACTIVE = TOKEN_STATUS.active;

const STATUS_STYLES: Record<TokenListItem["status"], string> = {
  active: "bg-emerald-100 text-emerald-800",
  expired: "bg-amber-100 text-amber-800",
  revoked: "bg-slate-200 text-slate-700",
};

const scopeLabel = (scope: TokenListItem["scope"]) => (scope === "read" ? "Read" : "Read and write");

function Status({ token }: { token: TokenListItem }) {
  const when = token.revoked_at ?? (token.status === TOKEN_STATUS.expired ? token.expires_at : null);
  return (
    <span
      title={when ? `${token.status} ${new Date(when).toLocaleString()}` : undefined}
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STATUS_STYLES[token.status]}`}
    >
      {token.status}
    </span>
  );
}

function RevokeButton({ token, onRevoke }: { token: TokenListItem; onRevoke: (token: TokenListItem) => void }) {
  if (token.status !== ACTIVE) return null;
  return (
    <button type="button" className={buttonStyles.dangerQuiet} onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
      Revoke
    </button>
  );
}

/** A table from 768 px up; cards below, where seven columns cannot fit. */
export function TokenList({ tokens, onRevoke }: { tokens: TokenListItem[]; onRevoke: (token: TokenListItem) => void }) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2.5">
                Name
              </th>
              <th scope="col" className="px-3 py-2.5">
                Token
              </th>
              <th scope="col" className="px-3 py-2.5">
                Scope
              </th>
              <th scope="col" className="whitespace-nowrap px-3 py-2.5">
                Created by
              </th>
              <th scope="col" className="whitespace-nowrap px-3 py-2.5">
                Last used
              </th>
              <th scope="col" className="px-3 py-2.5">
                Expires
              </th>
              <th scope="col" className="px-3 py-2.5">
                Status
              </th>
              <th scope="col" className="px-3 py-2.5">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tokens.map((token) => (
              <tr key={token.id} data-testid={`token-row-${token.id}`} className={token.status === ACTIVE ? "" : "text-slate-500"}>
                <td className="px-3 py-3 font-medium text-slate-900">{token.name}</td>
                <td className="whitespace-nowrap px-3 py-3 font-mono text-xs">{token.display}</td>
                <td className="whitespace-nowrap px-3 py-3">{scopeLabel(token.scope)}</td>
                <td className="px-3 py-3">
                  <span title={token.creator.email}>{token.creator.name}</span>
                </td>
                <td className="whitespace-nowrap px-3 py-3">
                  <Time iso={token.last_used_at} mode="relative" empty="Never" />
                </td>
                <td className="whitespace-nowrap px-3 py-3">
                  <Time iso={token.expires_at} mode="date" empty="Never" />
                </td>
                <td className="px-3 py-3">
                  <Status token={token} />
                </td>
                <td className="px-3 py-3 text-right">
                  <RevokeButton token={token} onRevoke={onRevoke} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden">
        {tokens.map((token) => (
          <li key={token.id} className="px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{token.name}</p>
                <p className="font-mono text-xs text-slate-600">{token.display}</p>
              </div>
              <Status token={token} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Scope</dt>
                <dd>{scopeLabel(token.scope)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Created by</dt>
                <dd className="truncate">{token.creator.name}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Last used</dt>
                <dd>
                  <Time iso={token.last_used_at} mode="relative" empty="Never" />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Expires</dt>
                <dd>
                  <Time iso={token.expires_at} mode="date" empty="Never" />
                </dd>
              </div>
            </dl>
            {token.status === ACTIVE ? (
              <div className="mt-3">
                <RevokeButton token={token} onRevoke={onRevoke} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
