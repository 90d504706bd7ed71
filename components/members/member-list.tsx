"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import { Time } from "@/components/ui/time";
import { buttonStyles } from "@/components/ui/styles";
import type { MemberItem } from "@/lib/members/list-members";

type Role = MemberItem["role"];

/** One member with a role picker; Save sends the change, the server applies the last-admin rule. */
function MemberRow({ member, isYou, onChanged }: { member: MemberItem; isYou: boolean; onChanged: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role>(member.role);
  const change = useMutation({
    mutationFn: () => webApi(`/members/${member.user_id}`, { method: "PATCH", body: { role } }),
    onSuccess: () => {
      onChanged(`${member.name} is now ${role === "admin" ? "an" : "a"} ${role}.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.members.all });
      if (isYou) window.location.reload(); // your own role changed: the navigation and pages follow it
    },
    onError: () => setRole(member.role), // the picker shows the role the member still has
  });
  const selectId = `role-${member.user_id}`;
  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid={`member-${member.email}`}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {member.name}
          {isYou ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
        </p>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
        <p className="text-xs text-slate-500">
          Member since <Time iso={member.joined_at} />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Role of {member.name}
        </label>
        <select
          id={selectId}
          value={role}
          onChange={(event) => {
            change.reset();
            setRole(event.target.value as Role);
          }}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
        >
          <option value="viewer">Viewer</option>
          <option value="reviewer">Reviewer</option>
          <option value="admin">Admin</option>
        </select>
        <button type="button" className={buttonStyles.secondary} disabled={role === member.role || change.isPending} onClick={() => change.mutate()}>
          {change.isPending ? "Saving…" : "Save role"}
        </button>
      </div>
      {change.isError ? (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 sm:col-span-2">
          {change.error.message}
        </p>
      ) : null}
    </li>
  );
}

export function MemberList({ members, currentUserId, onChanged }: { members: MemberItem[]; currentUserId: string; onChanged: (message: string) => void }) {
  return (
    <ul className="divide-y divide-slate-100">
      {members.map((member) => (
        <MemberRow key={`${member.user_id}:${member.role}`} member={member} isYou={member.user_id === currentUserId} onChanged={onChanged} />
      ))}
    </ul>
  );
}
