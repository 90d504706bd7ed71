"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { EventPicker } from "@/components/webhooks/event-picker";
import type { EndpointWithSecret } from "@/components/webhooks/types";

export function CreateEndpointForm({ onCreated }: { onCreated: (created: EndpointWithSecret) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  const ids = { url: useId(), urlError: useId(), description: useId() };

  const create = useMutation({
    mutationFn: () => webApi<EndpointWithSecret>("/webhook-endpoints", { method: "POST", body: { url, description, events } }),
    onSuccess: (created) => {
      setUrl("");
      setDescription("");
      setEvents([]);
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
    },
  });
  const error = create.error instanceof WebApiError ? create.error : null;
  const urlError = error?.forField("url");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} space-y-4 p-5`} aria-labelledby="create-endpoint-heading">
      <h2 id="create-endpoint-heading" className="text-base font-semibold text-slate-900">
        Add an endpoint
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={ids.url} className={fieldStyles.label}>
            URL
          </label>
          <input
            id={ids.url}
            type="url"
            required
            maxLength={2048}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://crm.example.com/hooks/leadpipe"
            autoComplete="off"
            className={fieldStyles.input}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? ids.urlError : undefined}
          />
          {urlError ? (
            <p id={ids.urlError} className={fieldStyles.error}>
              {urlError}
            </p>
          ) : (
            <p className={fieldStyles.hint}>A public https address; private and local addresses are refused.</p>
          )}
        </div>
        <div>
          <label htmlFor={ids.description} className={fieldStyles.label}>
            Description <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={ids.description}
            maxLength={500}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="e.g. CRM sync"
            className={fieldStyles.input}
          />
        </div>
      </div>
      <EventPicker value={events} onChange={setEvents} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
          {create.isPending ? "Adding…" : "Add endpoint"}
        </button>
        <p className="text-xs text-slate-500">The signing secret is shown once it is created.</p>
      </div>
      {create.error && !urlError ? (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {create.error.message}
        </p>
      ) : null}
    </form>
  );
}
