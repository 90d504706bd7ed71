"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { useSessions } from "@/components/data/queries/settings";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

// The signed-in user's live sessions: each browser that signed in and has not signed out. Ending
// one takes effect on that browser's next request; "Sign out everywhere" ends them all, this one too.

/** "Chrome on Linux" from a user agent, or the raw text when it names neither. */
export function describeAgent(agent: string | null): string {
  if (!agent) return "Unknown browser";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : null;
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac OS X/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : null;
  return browser || system ? [browser ?? "A browser", system ? `on ${system}` : null].filter(Boolean).join(" ") : agent.slice(0, 80);
}

export function SessionsView() {
  const queryClient = useQueryClient();
  const [confirmAll, setConfirmAll] = useState(false);
  const [ended, setEnded] = useState<string | null>(null);
  const sessions = useSessions();
  const endOne = useMutation({
    mutationFn: (id: string) => webApi(`/sessions/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      setEnded("That session is signed out: its next request goes to the sign-in page.");
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all });
    },
  });
  const endAll = useMutation({
    mutationFn: () => webApi<{ ended: number }>("/sessions/sign-out-everywhere", { method: "POST", body: { confirm: true } }),
    // The server has ended every session; signOut also clears this browser's cookie.
    onSuccess: () => void signOut({ callbackUrl: "/login?signedOut=everywhere" }),
  });
  const rows = sessions.data?.data ?? [];
  const others = rows.filter((row) => !row.current).length;

  return (
    <div className="space-y-4">
      <div aria-live="polite">{ended ? <Notice tone="success">{ended}</Notice> : null}</div>
      <section aria-labelledby="sessions-heading" className={cardStyles}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 id="sessions-heading" className="text-base font-semibold text-slate-900">
            Signed-in sessions{sessions.data ? <span className="ml-1 font-normal text-slate-500">({rows.length})</span> : null}
          </h2>
          <button
            type="button"
            className={buttonStyles.danger}
            onClick={() => {
              endAll.reset();
              setConfirmAll(true);
            }}
            disabled={!sessions.data}
          >
            Sign out everywhere…
          </button>
        </div>
        <QueryState
          query={sessions}
          loading="Loading your sessions…"
          failed="Your sessions could not be loaded."
          isEmpty={rows.length === 0}
          empty={<p className="p-4 text-sm text-slate-600">No live sessions.</p>}
        >
          <ul className="divide-y divide-slate-100" aria-label="Sessions">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm" data-testid={`session-${row.id}`}>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {describeAgent(row.user_agent)}
                    {row.current ? (
                      <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">This session</span>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-600">
                    Signed in <Time iso={row.started_at} mode="relative" />
                    {row.address ? (
                      <>
                        {" "}
                        from <span className="font-mono">{row.address}</span>
                      </>
                    ) : null}
                  </p>
                  {row.user_agent ? (
                    <p className="break-all text-xs text-slate-500" title={row.user_agent}>
                      {row.user_agent.slice(0, 120)}
                    </p>
                  ) : null}
                </div>
                {row.current ? null : (
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    disabled={endOne.isPending}
                    onClick={() => endOne.mutate(row.id)}
                    aria-label={`Sign out ${describeAgent(row.user_agent)}, signed in ${new Date(row.started_at).toLocaleString()}`}
                  >
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
        </QueryState>
        {endOne.isError ? <p className="px-4 pb-3 text-sm text-rose-700">{endOne.error.message}</p> : null}
      </section>
      <ConfirmDialog
        open={confirmAll}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        pending={endAll.isPending}
        error={endAll.isError ? endAll.error.message : null}
        onConfirm={() => endAll.mutate()}
        onCancel={() => setConfirmAll(false)}
      >
        <p>
          Every browser signed in as you is signed out{others ? `: this one and ${others} other${others === 1 ? "" : "s"}` : ", this one included"}. Use it if a
          device was lost or a session cookie may have been copied. API tokens are not affected (revoke them in API tokens).
        </p>
      </ConfirmDialog>
    </div>
  );
}
