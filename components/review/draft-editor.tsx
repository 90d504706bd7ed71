"use client";

import { useId, useState, type FormEvent } from "react";
import { WebApiError } from "@/components/data/web-api";
import { buttonStyles, fieldStyles } from "@/components/ui/styles";

type Props = {
  subject: string;
  body: string;
  pending: boolean;
  error: Error | null;
  onApprove: (edits: { subject?: string; body?: string }) => void;
  onReject: () => void;
  /** The text as the reviewer types it (the page checks it again). */
  onChange?: (text: { subject: string; body: string }) => void;
};

/** The editable email. Approve sends the edits (if any) with the approval, which marks it edited. */
export function DraftEditor({ subject: initialSubject, body: initialBody, pending, error, onApprove, onReject, onChange }: Props) {
  const [subject, setSubjectState] = useState(initialSubject);
  const [body, setBodyState] = useState(initialBody);
  const setSubject = (value: string) => {
    setSubjectState(value);
    onChange?.({ subject: value, body });
  };
  const setBody = (value: string) => {
    setBodyState(value);
    onChange?.({ subject, body: value });
  };
  const ids = { subject: useId(), body: useId(), hint: useId() };
  const edited = subject !== initialSubject || body !== initialBody;
  const fieldError = (path: string) => (error instanceof WebApiError ? error.forField(path) : undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApprove(edited ? { subject, body } : {});
  }

  return (
    <form onSubmit={submit} aria-label="Review the email" className="space-y-4 p-4">
      <div>
        <label htmlFor={ids.subject} className={fieldStyles.label}>
          Subject
        </label>
        <input
          id={ids.subject}
          value={subject}
          required
          maxLength={300}
          onChange={(event) => setSubject(event.target.value)}
          aria-invalid={Boolean(fieldError("subject"))}
          className={fieldStyles.input}
        />
        {fieldError("subject") ? <p className={fieldStyles.error}>{fieldError("subject")}</p> : null}
      </div>
      <div>
        <label htmlFor={ids.body} className={fieldStyles.label}>
          Body
        </label>
        <textarea
          id={ids.body}
          value={body}
          required
          maxLength={20_000}
          rows={14}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={Boolean(fieldError("body"))}
          aria-describedby={ids.hint}
          className={`${fieldStyles.input} font-mono leading-relaxed`}
        />
        <p id={ids.hint} className={fieldStyles.hint}>
          Plain text, sent as written. {edited ? "You have edited this draft: approving sends your version." : ""}
        </p>
        {fieldError("body") ? <p className={fieldStyles.error}>{fieldError("body")}</p> : null}
      </div>
      {error && !fieldError("subject") && !fieldError("body") ? (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <button type="button" className={buttonStyles.dangerQuiet} onClick={onReject} disabled={pending}>
          Reject…
        </button>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {edited ? (
            <button
              type="button"
              className={buttonStyles.quiet}
              onClick={() => {
                setSubjectState(initialSubject);
                setBodyState(initialBody);
                onChange?.({ subject: initialSubject, body: initialBody });
              }}
              disabled={pending}
            >
              Undo edits
            </button>
          ) : null}
          <button type="submit" className={buttonStyles.primary} disabled={pending}>
            {pending ? "Approving…" : edited ? "Approve with edits" : "Approve"}
          </button>
        </div>
      </div>
    </form>
  );
}
