"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { mailboxQueries, useMailbox, type Mailbox } from "@/components/data/queries/mailbox";
import { webApi, WebApiError } from "@/components/data/web-api";
import { MailboxStatusPanel } from "@/components/mailbox/mailbox-status";
import { TextField, type InputProps } from "@/components/ui/field";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { WriteOnlySecret } from "@/components/ui/write-only-secret";

/** Loads the saved mailbox (none yet is a 404: an empty form), then the form, filled once, and the worker's status. */
export function MailboxForm() {
  const mailbox = useMailbox();
  // Polled: a failed poll keeps the form (and what was typed) on screen.
  return (
    <QueryState query={mailbox} frame={cardStyles} keepDataOnError loading="Loading the mailbox settings…" failed="The mailbox settings could not be loaded.">
      {(saved) => (
        <div className="space-y-4">
          {saved ? <MailboxStatusPanel mailbox={saved} /> : null}
          <MailboxFields saved={saved} />
          <p className="text-sm text-slate-600">
            Mail that answers none of your emails is kept: see{" "}
            <Link href="/settings/mailbox/unmatched" className="font-medium text-indigo-700 hover:underline">
              unmatched mail
            </Link>
            .
          </p>
        </div>
      )}
    </QueryState>
  );
}

/** Folders typed one per line or separated by commas. */
const parseFolders = (text: string) =>
  text
    .split(/[\n,]/)
    .map((folder) => folder.trim())
    .filter(Boolean);

function MailboxFields({ saved }: { saved: Mailbox | null }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    host: saved?.host ?? "",
    port: String(saved?.port ?? 993),
    secure: saved?.secure ?? true,
    username: saved?.username ?? "",
    password: "",
    removePassword: false,
    folders: (saved?.folders ?? ["INBOX"]).join("\n"),
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((current) => ({ ...current, [key]: value }));
  const id = useId();
  const ids = { host: `${id}-host`, port: `${id}-port`, username: `${id}-user`, password: `${id}-pass`, folders: `${id}-folders` };

  const save = useMutation({
    mutationFn: () =>
      webApi<Mailbox>("/mailbox", {
        method: "PUT",
        body: {
          host: form.host.trim(),
          port: Number(form.port),
          secure: form.secure,
          username: form.username.trim(),
          ...(form.removePassword ? { password: null } : form.password ? { password: form.password } : {}),
          folders: parseFolders(form.folders),
        },
      }),
    onSuccess: (mailbox) => {
      setForm((current) => ({ ...current, password: "", removePassword: false })); // the password is never shown again
      queryClient.setQueryData(mailboxQueries.detail().queryKey, mailbox);
    },
  });
  const check = useMutation({ mutationFn: () => webApi<{ ok: boolean; message: string }>("/mailbox/check", { method: "POST" }) });
  const fieldError = (path: string) => {
    if (!(save.error instanceof WebApiError)) return undefined;
    return save.error.forField(path) ?? save.error.fieldErrors.find((error) => error.path.startsWith(`${path}.`) || error.path.startsWith(`${path}[`))?.message;
  };
  const FIELDS = ["host", "port", "username", "password", "folders"];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    check.reset();
    save.mutate();
  }

  const field = (key: "host" | "port" | "username", label: string, props: InputProps, hint?: string) => (
    <TextField id={ids[key]} label={label} value={form[key]} onChange={(value) => set(key, value)} error={fieldError(key)} hint={hint} {...props} />
  );
  const foldersError = fieldError("folders");

  return (
    <form onSubmit={submit} className={`${cardStyles} space-y-5 p-5`} aria-labelledby="mailbox-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="mailbox-heading" className="text-base font-semibold text-slate-900">
          IMAP mailbox
        </h2>
        <p className="text-xs text-slate-500">
          {saved ? (
            <>
              Last changed <Time iso={saved.updated_at} mode="relative" />
            </>
          ) : (
            "No mailbox for the default sender yet: replies to its mail arrive only over the API until one is saved. Each sender's own mailbox (Settings → Senders) is read on its own."
          )}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_8rem]">
        {field("host", "Host", { required: true, maxLength: 253, placeholder: "imap.example.com", autoComplete: "off" })}
        {field("port", "Port", { required: true, type: "number", min: 1, max: 65535 })}
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={form.secure} onChange={(event) => set("secure", event.target.checked)} className="mt-0.5 accent-indigo-600" />
        <span>Use TLS from the start (usually port 993). Otherwise the connection upgrades with STARTTLS when the server offers it.</span>
      </label>
      <div className="grid gap-4 md:grid-cols-2">
        {field("username", "Username", { required: true, maxLength: 320, autoComplete: "off", placeholder: "sam@yourcompany.com" })}
        <WriteOnlySecret
          id={ids.password}
          label="Password"
          value={form.password}
          onChange={(value) => set("password", value)}
          maxLength={1024}
          saved={Boolean(saved?.has_password)}
          savedPlaceholder="Saved: leave empty to keep it"
          remove={form.removePassword}
          onRemoveChange={(value) => set("removePassword", value)}
          removeLabel="Remove the saved password"
        />
      </div>
      <div>
        <label htmlFor={ids.folders} className={fieldStyles.label}>
          Folders
        </label>
        <textarea
          id={ids.folders}
          value={form.folders}
          onChange={(event) => set("folders", event.target.value)}
          rows={3}
          className={fieldStyles.input}
          aria-invalid={foldersError ? true : undefined}
          aria-describedby={`${ids.folders}-note`}
        />
        {foldersError ? (
          <p id={`${ids.folders}-note`} className={fieldStyles.error}>
            {foldersError}
          </p>
        ) : (
          <p id={`${ids.folders}-note`} className={fieldStyles.hint}>
            One per line (up to 20). Replies and bounces are read from each; the first is watched for new mail.
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save mailbox"}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={!saved || check.isPending}
          onClick={() => {
            save.reset();
            check.mutate();
          }}
        >
          {check.isPending ? "Checking…" : "Check connection"}
        </button>
      </div>
      <div aria-live="polite">
        {save.isSuccess ? (
          <Notice tone="success">
            Mailbox saved. The worker reads {save.data.folders.join(", ")} on {save.data.host}:{save.data.port}.
          </Notice>
        ) : null}
        {save.isError && !FIELDS.some((path) => fieldError(path)) ? <Notice tone="error">{save.error.message}</Notice> : null}
        {check.data ? <Notice tone={check.data.ok ? "success" : "error"}>{check.data.message}</Notice> : null}
        {check.isError ? <Notice tone="error">{check.error.message}</Notice> : null}
      </div>
    </form>
  );
}
