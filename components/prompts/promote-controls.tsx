"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { useState } from "react";
import { webApi } from "@/components/data/web-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonStyles } from "@/components/ui/styles";
import type { WorkspaceDefault } from "@/lib/prompts/prompt-history";

type Props = {
  name: string;
  baseName: string;
  version: string;
  workspace: string;
  current: WorkspaceDefault;
  canPromote: boolean;
  blockedReason: string | null;
};

/**
 * The workspace's default for this prompt's stage (`production@<workspace>`), with Promote for the
 * version shown and Roll back for the latest promotion. A fork must be in an approved prompt set:
 * until then Promote is disabled with the server's reason (`promote_blocked_reason`, the rule
 * promotePrompt enforces with 409 fork_not_approved). Both are audit entries with the diff.
 */
export function PromoteControls({ name, baseName, version, workspace, current, canPromote, blockedReason }: Props) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<"promote" | "rollback" | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (which: "promote" | "rollback") =>
      which === "promote"
        ? webApi<{ default: { name: string; version: string } }>(`/prompts/${encodeURIComponent(name)}/promote`, { method: "POST", body: { version } })
        : webApi<{ default: { name: string; version: string } }>(`/prompts/${encodeURIComponent(name)}/rollback`, { method: "POST" }),
    onSuccess: async (answer, which) => {
      setAction(null);
      setDone(`${which === "promote" ? "Promoted" : "Rolled back"}: new runs use ${answer.default.name} ${answer.default.version}.`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all });
    },
  });
  const isCurrent = current.name === name && current.version === version;
  return (
    <div className="text-sm text-slate-700" data-testid="workspace-default">
      <p>
        Default for <span className="font-mono">{baseName}</span> in {workspace} (<span className="font-mono">production@{workspace}</span>):{" "}
        <span className="font-mono font-medium">
          {current.name} {current.version}
        </span>{" "}
        {current.promoted ? "(promoted)" : "(the system's production version)"}
      </p>
      {done ? (
        <p role="status" className="mt-1 text-emerald-800">
          {done}
        </p>
      ) : null}
      {canPromote ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {!isCurrent ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={blockedReason !== null}
              aria-describedby={blockedReason ? "promote-blocked" : undefined}
              onClick={() => {
                mutation.reset();
                setAction("promote");
              }}
            >
              Promote {version}…
            </button>
          ) : null}
          {current.promoted ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                mutation.reset();
                setAction("rollback");
              }}
            >
              Roll back…
            </button>
          ) : null}
        </div>
      ) : null}
      {canPromote && !isCurrent && blockedReason ? (
        <p id="promote-blocked" className="mt-1 text-slate-600">
          {blockedReason}
        </p>
      ) : null}
      <ConfirmDialog
        open={action !== null}
        tone="primary"
        pending={mutation.isPending}
        error={mutation.error?.message}
        title={action === "promote" ? `Promote ${name} ${version}?` : `Roll back ${baseName}?`}
        confirmLabel={action === "promote" ? "Promote" : "Roll back"}
        onConfirm={() => action && mutation.mutate(action)}
        onCancel={() => setAction(null)}
      >
        <p>
          {action === "promote"
            ? `New runs of ${workspace} will use ${name} ${version} for ${baseName} unless a run, campaign or workspace pack pins it.`
            : `New runs go back to what was the default before the latest promotion of ${baseName}.`}{" "}
          The audit log keeps the diff.
        </p>
      </ConfirmDialog>
    </div>
  );
}
