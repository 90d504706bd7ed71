"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { settingsQueries, useRelay, type Relay } from "@/components/data/queries/settings";
import { webApi, WebApiError } from "@/components/data/web-api";
import { queryKeys } from "@/components/data/query-keys";
import { SenderDns } from "@/components/senders/sender-dns";
import { TextField, type InputProps } from "@/components/ui/field";
import { QueryState } from "@/components/ui/query-state";
import { Notice } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { WriteOnlySecret } from "@/components/ui/write-only-secret";

/** Loads the saved relay (none yet is a 404: an empty form), then shows the form, filled once. */
export function RelayForm() {
  const relay = useRelay();
  return (
    <QueryState query={relay} frame={cardStyles} loading="Loading the relay settings…" failed="The relay settings could not be loaded.">
      {(saved) => (
        <div className="space-y-4">
          <RelayFields saved={saved} />
          {saved ? <RelayDns relay={saved} /> : null}
        </div>
      )}
    </QueryState>
  );
}

/** The DNS checks of the From address's domain, as Settings → Senders shows them for the default sender. */
function RelayDns({ relay }: { relay: Relay }) {
  return (
    <section aria-labelledby="relay-dns-heading" className={cardStyles}>
      <div className="px-4 pt-3">
        <h2 id="relay-dns-heading" className="text-base font-semibold text-slate-900">
          Sending domain
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          What receiving servers look up for mail From <span className="font-medium">{relay.from_email}</span>
          {relay.dkim_selector ? (
            <>
              {" "}
              (DKIM selector <code className="text-xs">{relay.dkim_selector}</code>)
            </>
          ) : (
            " (no DKIM selector: DKIM is not checked)"
          )}
          . Checked again when the From address or the selector is saved.
        </p>
      </div>
      <SenderDns dns={relay.dns} path="/relay/dns-check" invalidate={queryKeys.relay.all} label="the relay" headingLevel={3} />
    </section>
  );
}

function RelayFields({ saved }: { saved: Relay | null }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    host: saved?.host ?? "",
    port: String(saved?.port ?? 587),
    secure: saved?.secure ?? false,
    username: saved?.username ?? "",
    password: "",
    removePassword: false,
    fromEmail: saved?.from_email ?? "",
    fromName: saved?.from_name ?? "",
    dkimSelector: saved?.dkim_selector ?? "",
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((current) => ({ ...current, [key]: value }));
  const id = useId();
  const ids = {
    host: `${id}-host`,
    port: `${id}-port`,
    username: `${id}-user`,
    password: `${id}-pass`,
    fromEmail: `${id}-from`,
    fromName: `${id}-name`,
    dkimSelector: `${id}-dkim`,
  };

  const save = useMutation({
    mutationFn: () =>
      webApi<Relay>("/relay", {
        method: "PUT",
        body: {
          host: form.host.trim(),
          port: Number(form.port),
          secure: form.secure,
          username: form.username.trim() || null,
          ...(form.removePassword ? { password: null } : form.password ? { password: form.password } : {}),
          from_email: form.fromEmail.trim(),
          from_name: form.fromName.trim() || null,
          dkim_selector: form.dkimSelector.trim() || null,
        },
      }),
    onSuccess: (relay) => {
      setForm((current) => ({ ...current, password: "", removePassword: false })); // the password is never shown again
      queryClient.setQueryData(settingsQueries.relay().queryKey, relay);
    },
  });
  const check = useMutation({ mutationFn: () => webApi<{ ok: boolean; message: string }>("/relay/check", { method: "POST" }) });
  const fieldError = (path: string) => (save.error instanceof WebApiError ? save.error.forField(path) : undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    check.reset();
    save.mutate();
  }

  const field = (
    key: "host" | "port" | "username" | "fromEmail" | "fromName" | "dkimSelector",
    path: string,
    label: string,
    props: InputProps,
    hint?: string,
  ) => <TextField id={ids[key]} label={label} value={form[key]} onChange={(value) => set(key, value)} error={fieldError(path)} hint={hint} {...props} />;

  return (
    <form onSubmit={submit} className={`${cardStyles} space-y-5 p-5`} aria-labelledby="relay-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="relay-heading" className="text-base font-semibold text-slate-900">
          Mail server
        </h2>
        <p className="text-xs text-slate-500">
          {saved ? (
            <>
              Last changed <Time iso={saved.updated_at} mode="relative" />
            </>
          ) : (
            "No relay yet: nothing can be sent until one is saved."
          )}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_8rem]">
        {field("host", "host", "Host", { required: true, maxLength: 253, placeholder: "smtp.example.com", autoComplete: "off" })}
        {field("port", "port", "Port", { required: true, type: "number", min: 1, max: 65535 })}
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={form.secure} onChange={(event) => set("secure", event.target.checked)} className="mt-0.5 accent-indigo-600" />
        <span>Use TLS from the start (usually port 465). Otherwise the connection upgrades with STARTTLS when the server offers it.</span>
      </label>
      <div className="grid gap-4 md:grid-cols-2">
        {field("username", "username", "Username", { maxLength: 320, autoComplete: "off" }, "Leave empty if the server needs no login.")}
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
        {field("fromEmail", "from_email", "From address", { required: true, type: "email", maxLength: 320, placeholder: "sam@yourcompany.com" })}
        {field("fromName", "from_name", "From name", { maxLength: 200, placeholder: "Sam Seller" }, "Also signs the local engine’s drafts.")}
        {field(
          "dkimSelector",
          "dkim_selector",
          "DKIM selector",
          { maxLength: 63, placeholder: "google", autoComplete: "off" },
          "Optional: the selector your mail provider signs with; its key is looked up at <selector>._domainkey.<domain>. Empty: DKIM is not checked.",
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save relay"}
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
            Relay saved. Approved drafts go out through {save.data.host}:{save.data.port}.
          </Notice>
        ) : null}
        {save.isError && !["host", "port", "username", "from_email", "from_name", "dkim_selector"].some((path) => fieldError(path)) ? (
          <Notice tone="error">{save.error.message}</Notice>
        ) : null}
        {check.data ? <Notice tone={check.data.ok ? "success" : "error"}>{check.data.message}</Notice> : null}
        {check.isError ? <Notice tone="error">{check.error.message}</Notice> : null}
      </div>
    </form>
  );
}
