"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";

/** The run page's heading: the run's name, renamed in place by an admin (Enter saves, Escape cancels). */
export function RunNameHeading({ runId, name: initial, canRename }: { runId: string; name: string; canRename: boolean }) {
  const [name, setName] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial);
  const renameButton = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: (value: string) => webApi<{ run: { name: string } }>(`/runs/${runId}`, { method: "PATCH", body: { name: value } }),
    onSuccess: (saved) => {
      setName(saved.run.name);
      close();
      void queryClient.invalidateQueries({ queryKey: queryKeys.runs.all });
    },
  });
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const error = rename.error instanceof WebApiError ? (rename.error.forField("name") ?? rename.error.message) : rename.error?.message;

  if (editing) {
    return (
      <form
        className="flex flex-wrap items-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate(draft);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            rename.reset();
            close();
          }
        }}
      >
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="run-name" className="sr-only">
            Run name
          </label>
          <input
            id="run-name"
            autoFocus
            value={draft}
            maxLength={120}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "run-name-error" : undefined}
            className={`${fieldStyles.input} mt-0 text-lg font-semibold`}
          />
          {error ? (
            <p id="run-name-error" className={fieldStyles.error}>
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={rename.isPending}>
          {rename.isPending ? "Saving…" : "Save name"}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => {
            rename.reset();
            close();
          }}
        >
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <h1 className="min-w-0 break-words text-2xl font-semibold tracking-tight text-slate-900" data-testid="run-name">
        {name}
      </h1>
      {canRename ? (
        <button
          ref={renameButton}
          type="button"
          className={buttonStyles.quiet}
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
        >
          Rename
        </button>
      ) : null}
    </div>
  );
}
