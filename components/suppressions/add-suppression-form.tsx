"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { useId, useState, type FormEvent } from "react";
import { webApi, WebApiError } from "@/components/data/web-api";
import { Field } from "@/components/ui/field";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";

type Added = { created: boolean; suppression: { email: string } };
type Imported = { added: number; already: number; invalid: { row: number; message: string }[] };

/** Add one address, or import a CSV file (read in the browser, sent as text). */
export function AddSuppressionForm({ onDone }: { onDone: (message: string, tone?: "success" | "error") => void }) {
  const queryClient = useQueryClient();
  const base = useId();
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.suppressions.all });
  const add = useMutation({
    mutationFn: () => webApi<Added>("/suppressions", { method: "POST", body: { email, reason } }),
    onSuccess: (result) => {
      onDone(
        result.created ? `${result.suppression.email} is suppressed: nothing more is sent to it.` : `${result.suppression.email} was already on the list.`,
      );
      setEmail("");
      setReason("");
      refresh();
    },
  });
  const upload = useMutation({
    mutationFn: async (file: File) => webApi<Imported>("/suppressions/import", { method: "POST", body: { csv: await file.text() } }),
    onSuccess: (result) => {
      const bad = result.invalid.length
        ? ` ${result.invalid.length} rows skipped (${result.invalid
            .slice(0, 3)
            .map((r) => `row ${r.row}: ${r.message}`)
            .join("; ")}).`
        : "";
      onDone(`Imported: ${result.added} added, ${result.already} already on the list.${bad}`);
      refresh();
    },
    onError: (error) => onDone(`The file was not imported: ${error.message}`, "error"),
  });
  const error = add.error instanceof WebApiError ? add.error : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate();
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <form onSubmit={submit} className={`${cardStyles} p-5`} aria-labelledby={`${base}-add`}>
        <h2 id={`${base}-add`} className="text-base font-semibold text-slate-900">
          Suppress an address
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <Field id={`${base}-email`} label="Email" error={error?.forField("email")}>
            <input
              id={`${base}-email`}
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={fieldStyles.input}
              aria-invalid={error?.forField("email") ? true : undefined}
            />
          </Field>
          <Field id={`${base}-reason`} label="Reason" error={error?.forField("reason")}>
            <input
              id={`${base}-reason`}
              required
              maxLength={500}
              autoComplete="off"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={fieldStyles.input}
              placeholder="Asked by phone not to be emailed"
              aria-invalid={error?.forField("reason") ? true : undefined}
            />
          </Field>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonStyles.primary} disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Suppress"}
          </button>
        </div>
        {error && error.fieldErrors.length === 0 ? (
          <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {error.message}
          </p>
        ) : null}
      </form>
      <div className={`${cardStyles} p-5`}>
        <h2 className="text-base font-semibold text-slate-900">Import a CSV</h2>
        <p className="mt-1 text-sm text-slate-600">
          A header row with an <code>email</code> column and, optionally, <code>reason</code>. Up to 10,000 rows.
        </p>
        <label htmlFor={`${base}-file`} className={`${fieldStyles.label} mt-4`}>
          CSV file
        </label>
        <input
          id={`${base}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={upload.isPending}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = "";
          }}
        />
        {upload.isPending ? (
          <p role="status" className="mt-2 text-sm text-slate-600">
            Importing…
          </p>
        ) : null}
      </div>
    </div>
  );
}
