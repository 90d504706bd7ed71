"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { TextAreaField, TextField, type InputProps } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { buttonStyles } from "@/components/ui/styles";
import { WriteOnlySecret } from "@/components/ui/write-only-secret";
import type { SenderItem } from "@/lib/senders/senders";

type Fields = {
  fromEmail: string;
  fromName: string;
  title: string;
  signature: string;
  dkimSelector: string;
  relayHost: string;
  relayPort: string;
  relaySecure: boolean;
  relayUsername: string;
  relayPassword: string;
  removeRelayPassword: boolean;
  hasMailbox: boolean;
  mailboxHost: string;
  mailboxPort: string;
  mailboxSecure: boolean;
  mailboxUsername: string;
  mailboxPassword: string;
  removeMailboxPassword: boolean;
  folders: string;
  dailyCap: string;
  rampStart: string;
  rampStep: string;
  enabled: boolean;
};
type TextKey = { [K in keyof Fields]: Fields[K] extends string ? K : never }[keyof Fields];

const initial = (sender?: SenderItem): Fields => ({
  fromEmail: sender?.from_email ?? "",
  fromName: sender?.from_name ?? "",
  title: sender?.title ?? "",
  signature: sender?.signature ?? "",
  dkimSelector: sender?.dkim_selector ?? "",
  relayHost: sender?.relay.host ?? "",
  relayPort: String(sender?.relay.port ?? 587),
  relaySecure: sender?.relay.secure ?? false,
  relayUsername: sender?.relay.username ?? "",
  relayPassword: "",
  removeRelayPassword: false,
  hasMailbox: Boolean(sender?.mailbox),
  mailboxHost: sender?.mailbox?.host ?? "",
  mailboxPort: String(sender?.mailbox?.port ?? 993),
  mailboxSecure: sender?.mailbox?.secure ?? true,
  mailboxUsername: sender?.mailbox?.username ?? "",
  mailboxPassword: "",
  removeMailboxPassword: false,
  folders: (sender?.mailbox?.folders ?? ["INBOX"]).join(", "),
  dailyCap: sender?.daily_cap === null || sender?.daily_cap === undefined ? "" : String(sender.daily_cap),
  rampStart: sender?.ramp ? String(sender.ramp.start) : "",
  rampStep: sender?.ramp ? String(sender.ramp.step_per_day) : "",
  enabled: sender?.enabled ?? true,
});

const password = (value: string, remove: boolean) => (remove ? { password: null } : value ? { password: value } : {});
const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

/** The request body the form's fields say (PATCH and POST take the same shape). */
function toBody(form: Fields) {
  return {
    from_email: form.fromEmail.trim(),
    from_name: form.fromName.trim() || null,
    title: form.title.trim() || null,
    signature: form.signature.trim() || null,
    dkim_selector: form.dkimSelector.trim() || null,
    relay: {
      host: form.relayHost.trim(),
      port: Number(form.relayPort),
      secure: form.relaySecure,
      username: form.relayUsername.trim() || null,
      ...password(form.relayPassword, form.removeRelayPassword),
    },
    mailbox: form.hasMailbox
      ? {
          host: form.mailboxHost.trim(),
          port: Number(form.mailboxPort),
          secure: form.mailboxSecure,
          username: form.mailboxUsername.trim(),
          ...password(form.mailboxPassword, form.removeMailboxPassword),
          folders: form.folders
            .split(",")
            .map((folder) => folder.trim())
            .filter(Boolean),
        }
      : null,
    daily_cap: numberOrNull(form.dailyCap),
    ramp: form.rampStart.trim() === "" && form.rampStep.trim() === "" ? null : { start: Number(form.rampStart), step_per_day: Number(form.rampStep || 0) },
    enabled: form.enabled,
  };
}

const SHOWN_PATHS = [
  "from_email",
  "from_name",
  "title",
  "signature",
  "dkim_selector",
  "relay.host",
  "relay.port",
  "relay.username",
  "mailbox.host",
  "mailbox.port",
  "mailbox.username",
  "mailbox.folders",
  "daily_cap",
  "ramp",
  "ramp.start",
  "ramp.step_per_day",
];

/** Adds a sender (no `sender`) or changes one. Passwords are write-only: empty keeps the saved one. */
export function SenderForm({ sender, onDone }: { sender?: SenderItem; onDone: (saved: SenderItem) => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Fields>(() => initial(sender));
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setForm((current) => ({ ...current, [key]: value }));
  const id = useId();

  const save = useMutation({
    mutationFn: () =>
      sender
        ? webApi<SenderItem>(`/senders/${encodeURIComponent(sender.id)}`, { method: "PATCH", body: toBody(form) })
        : webApi<SenderItem>("/senders", { method: "POST", body: toBody(form) }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.senders.all });
      setForm(sender ? initial(saved) : initial());
      onDone(saved);
    },
  });
  const fieldError = (path: string) => (save.error instanceof WebApiError ? save.error.forField(path) : undefined);
  const field = (key: TextKey, path: string, label: string, props: InputProps, hint?: string) => (
    <TextField id={`${id}-${key}`} label={label} value={form[key]} onChange={(value) => set(key, value)} error={fieldError(path)} hint={hint} {...props} />
  );
  const checkbox = (key: "relaySecure" | "mailboxSecure" | "hasMailbox" | "enabled", label: string) => (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" checked={form[key]} onChange={(event) => set(key, event.target.checked)} className="mt-0.5 accent-indigo-600" />
      <span>{label}</span>
    </label>
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label={sender ? `Change ${sender.from_email}` : "Add a sender"}>
      <div className="grid gap-4 md:grid-cols-2">
        {field("fromEmail", "from_email", "From address", { required: true, type: "email", maxLength: 320, placeholder: "alex@yourcompany.com" })}
        {field("fromName", "from_name", "From name", { maxLength: 200, placeholder: "Alex Seller" }, "Signs its drafts: {{sender_name}}.")}
        {field("title", "title", "Title", { maxLength: 200, placeholder: "Head of Partnerships" }, "Under the name in its drafts: {{sender_title}}.")}
        {field(
          "dkimSelector",
          "dkim_selector",
          "DKIM selector",
          { maxLength: 63, placeholder: "google", autoComplete: "off" },
          "The selector your mail provider signs with; its key is looked up at <selector>._domainkey.<domain>. Empty: DKIM is not checked.",
        )}
        <div className="md:col-span-2">
          <TextAreaField
            id={`${id}-signature`}
            label="Signature"
            value={form.signature}
            onChange={(value) => set("signature", value)}
            error={fieldError("signature")}
            hint="Lines under the name in its drafts: {{signature}}. Empty: no signature lines."
            maxLength={2000}
            placeholder={"Acme Ledger · acme.example\n+1 555 0100"}
          />
        </div>
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">SMTP relay</legend>
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_8rem]">
          {field("relayHost", "relay.host", "SMTP host", { required: true, maxLength: 253, placeholder: "smtp.example.com", autoComplete: "off" })}
          {field("relayPort", "relay.port", "SMTP port", { required: true, type: "number", min: 1, max: 65535 })}
        </div>
        {checkbox("relaySecure", "Use TLS from the start (usually port 465); otherwise STARTTLS when the server offers it.")}
        <div className="grid gap-4 md:grid-cols-2">
          {field("relayUsername", "relay.username", "SMTP username", { maxLength: 320, autoComplete: "off" }, "Leave empty if the server needs no login.")}
          <WriteOnlySecret
            id={`${id}-relayPassword`}
            label="SMTP password"
            value={form.relayPassword}
            onChange={(value) => set("relayPassword", value)}
            maxLength={1024}
            saved={Boolean(sender?.relay.has_password)}
            savedPlaceholder="Saved: leave empty to keep it"
            remove={form.removeRelayPassword}
            onRemoveChange={(value) => set("removeRelayPassword", value)}
            removeLabel="Remove the saved SMTP password"
          />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">IMAP mailbox</legend>
        {checkbox("hasMailbox", "Read this sender’s replies from its own IMAP mailbox.")}
        {form.hasMailbox ? (
          <>
            <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_8rem]">
              {field("mailboxHost", "mailbox.host", "IMAP host", { required: true, maxLength: 253, placeholder: "imap.example.com", autoComplete: "off" })}
              {field("mailboxPort", "mailbox.port", "IMAP port", { required: true, type: "number", min: 1, max: 65535 })}
            </div>
            {checkbox("mailboxSecure", "Use TLS from the start (usually port 993).")}
            <div className="grid gap-4 md:grid-cols-2">
              {field("mailboxUsername", "mailbox.username", "IMAP username", { required: true, maxLength: 320, autoComplete: "off" })}
              <WriteOnlySecret
                id={`${id}-mailboxPassword`}
                label="IMAP password"
                value={form.mailboxPassword}
                onChange={(value) => set("mailboxPassword", value)}
                maxLength={1024}
                saved={Boolean(sender?.mailbox?.has_password)}
                savedPlaceholder="Saved: leave empty to keep it"
                remove={form.removeMailboxPassword}
                onRemoveChange={(value) => set("removeMailboxPassword", value)}
                removeLabel="Remove the saved IMAP password"
              />
              {field("folders", "mailbox.folders", "Folders", { maxLength: 2000 }, "Comma-separated, e.g. INBOX, Bounces.")}
            </div>
          </>
        ) : null}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Volume</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {field("dailyCap", "daily_cap", "Daily cap", { type: "number", min: 1, max: 100000 }, "Most mails a day. Empty: no cap.")}
          {field("rampStart", "ramp.start", "Ramp: first day", { type: "number", min: 1, max: 100000 }, "Empty: no ramp.")}
          {field("rampStep", "ramp.step_per_day", "Ramp: added per day", { type: "number", min: 0, max: 100000 })}
        </div>
        {checkbox("enabled", "Enabled")}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : sender ? "Save changes" : "Add sender"}
        </button>
      </div>
      <div aria-live="polite">
        {fieldError("ramp") ? <Notice tone="error">Ramp: {fieldError("ramp")}</Notice> : null}
        {save.error && !SHOWN_PATHS.some((path) => fieldError(path)) ? <Notice tone="error">{save.error.message}</Notice> : null}
      </div>
    </form>
  );
}
