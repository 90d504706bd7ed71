"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { usePromptHistory } from "@/components/data/queries/prompts";
import { webApi } from "@/components/data/web-api";
import type { VersionRef } from "@/components/experiments/types";
import { promptHref } from "@/components/prompts/prompt-text";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonStyles } from "@/components/ui/styles";

/**
 * On a concluded experiment: offer to make the winner the workspace's default for its stage
 * (`production@<workspace>`). It is the prompt page's Promote: the same web route
 * (POST /api/web/prompts/{name}/promote, admin, as POST /v1/prompts/{name}/promote), the same gate
 * (a fork must be in a live approved prompt set: disabled with the server's reason, and a 409
 * `fork_not_approved` shown in the dialog if it lapsed meanwhile), the same audit entry with the
 * diff. Hidden once the winner is the default. Others are told an admin can do it.
 */
export function PromoteWinner({ winner, canPromote }: { winner: VersionRef; canPromote: boolean }) {
  const history = usePromptHistory(winner.name);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const promote = useMutation({
    mutationFn: () =>
      webApi<{ default: VersionRef }>(`/prompts/${encodeURIComponent(winner.name)}/promote`, { method: "POST", body: { version: winner.version } }),
    onSuccess: async (answer) => {
      setOpen(false);
      setDone(`Done: new runs of this workspace use ${answer.default.name} ${answer.default.version} unless a run, campaign or pack pins another version.`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all });
    },
  });
  // The button goes away once the winner is the default: focus moves to the result, not the page's top.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const label = `${winner.name} ${winner.version}`;
  const promptLink = (
    <Link href={`${promptHref(winner.name)}?version=${encodeURIComponent(winner.version)}`} className="text-indigo-700 hover:underline">
      its prompt’s page
    </Link>
  );
  const result = done ? (
    <p ref={doneRef} tabIndex={-1} role="status" className="mt-2 text-sm text-emerald-800 outline-none" data-testid="promote-result">
      {done}
    </p>
  ) : null;
  return (
    <div>
      {result}
      {offer()}
    </div>
  );

  function offer() {
    if (!history.isSuccess) {
      return (
        <p className="mt-2 text-sm text-slate-600">
          {history.isPending ? "Checking the workspace default…" : <>The workspace default could not be read; see {promptLink}.</>}
        </p>
      );
    }
    const current = history.data.workspace_default;
    const stage = history.data.base_name;
    const now = `${current.name} ${current.version}${current.promoted ? " (promoted)" : " (the system’s production version)"}`;
    if (current.name === winner.name && current.version === winner.version) {
      return (
        <p className="mt-2 text-sm text-slate-600" data-testid="winner-default">
          {label} is the workspace default for <span className="font-mono">{stage}</span>
          {current.promoted ? " (promoted)" : " (the system’s production version)"}.
        </p>
      );
    }
    if (!canPromote) {
      return (
        <p className="mt-2 text-sm text-slate-600">
          The workspace default for <span className="font-mono">{stage}</span> is {now}. An admin can make the winner the default for every campaign on{" "}
          {promptLink}.
        </p>
      );
    }
    const blocked = history.data.versions.find((version) => version.version === winner.version)?.promote_blocked_reason ?? null;
    return (
      <div className="mt-3 border-t border-slate-100 pt-3">
        <p className="text-sm text-slate-600">
          The workspace default for <span className="font-mono">{stage}</span> is {now}; campaigns without a pin use it.
        </p>
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-2`}
          disabled={blocked !== null}
          aria-describedby={blocked ? "promote-winner-blocked" : undefined}
          onClick={() => {
            promote.reset();
            setOpen(true);
          }}
        >
          Make {label} the workspace default…
        </button>
        {blocked ? (
          <p id="promote-winner-blocked" className="mt-1 text-sm text-amber-900">
            {blocked}
          </p>
        ) : null}
        <ConfirmDialog
          open={open}
          tone="primary"
          title={`Make ${label} the workspace default?`}
          confirmLabel="Make it the default"
          pending={promote.isPending}
          error={promote.error?.message ?? null}
          onConfirm={() => promote.mutate()}
          onCancel={() => setOpen(false)}
        >
          <p>
            New runs of every campaign in this workspace will use {label} for {stage} unless a run, campaign or pack pins another version (now: {now}). The
            audit log keeps the diff; an admin can roll it back on the prompt’s page.
          </p>
        </ConfirmDialog>
      </div>
    );
  }
}
