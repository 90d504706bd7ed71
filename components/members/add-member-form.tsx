"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, WebApiError } from "@/components/data/web-api";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Field } from "@/components/ui/field";
import type { MemberItem } from "@/lib/members/list-members";

type Role = MemberItem["role"];
const EMPTY = { email: "", name: "", password: "", role: "viewer" as Role };

export function AddMemberForm({ onAdded }: { onAdded: (member: MemberItem) => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const add = useMutation({
    mutationFn: () => webApi<MemberItem>("/members", { method: "POST", body: values }),
    onSuccess: (member) => {
      setValues(EMPTY);
      onAdded(member);
      void queryClient.invalidateQueries({ queryKey: queryKeys.members.all });
    },
  });
  const error = add.error instanceof WebApiError ? add.error : null;
  const fieldError = (path: string) => error?.forField(path);
  const described = (field: string, hasHint = false) => (fieldError(field) ? `${id(field)}-error` : hasHint ? `${id(field)}-hint` : undefined);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate();
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} p-5`} aria-labelledby={`${base}-heading`}>
      <h2 id={`${base}-heading`} className="text-base font-semibold text-slate-900">
        Add a member
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <Field id={id("email")} label="Email" error={fieldError("email")}>
          <input
            id={id("email")}
            type="email"
            required
            autoComplete="off"
            value={values.email}
            onChange={set("email")}
            className={fieldStyles.input}
            aria-invalid={fieldError("email") ? true : undefined}
            aria-describedby={described("email")}
          />
        </Field>
        <Field id={id("name")} label="Name" error={fieldError("name")}>
          <input
            id={id("name")}
            required
            autoComplete="off"
            value={values.name}
            onChange={set("name")}
            className={fieldStyles.input}
            aria-invalid={fieldError("name") ? true : undefined}
            aria-describedby={described("name")}
          />
        </Field>
        <Field id={id("password")} label="Initial password" error={fieldError("password")} hint="At least 10 characters. Share it privately.">
          <input
            id={id("password")}
            type="password"
            required
            minLength={10}
            autoComplete="new-password"
            value={values.password}
            onChange={set("password")}
            className={fieldStyles.input}
            aria-invalid={fieldError("password") ? true : undefined}
            aria-describedby={described("password", true)}
          />
        </Field>
        <Field id={id("role")} label="Role" error={fieldError("role")}>
          <select id={id("role")} value={values.role} onChange={set("role")} className={fieldStyles.input}>
            <option value="viewer">Viewer: reads everything</option>
            <option value="reviewer">Reviewer: also approves drafts and campaigns</option>
            <option value="admin">Admin: also tokens, webhooks, settings, members</option>
          </select>
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add member"}
        </button>
      </div>
      {error && error.fieldErrors.length === 0 ? (
        <p role="alert" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
