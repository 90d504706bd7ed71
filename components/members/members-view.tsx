"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { webApi } from "@/components/data/web-api";
import { AddMemberForm } from "@/components/members/add-member-form";
import { MemberList } from "@/components/members/member-list";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";
import type { MemberItem } from "@/lib/members/list-members";

export function MembersView({ currentUserId }: { currentUserId: string }) {
  const [notice, setNotice] = useState<string | null>(null);
  const members = useQuery({ queryKey: ["members"], queryFn: ({ signal }) => webApi<{ data: MemberItem[] }>("/members", { signal }) });
  const rows = members.data?.data ?? [];
  return (
    <div className="space-y-6">
      <AddMemberForm onAdded={(member) => setNotice(`${member.name} (${member.email}) was added as ${member.role === "admin" ? "an" : "a"} ${member.role}.`)} />
      <div aria-live="polite">{notice ? <Notice tone="success">{notice}</Notice> : null}</div>
      <section aria-labelledby="members-heading" className={cardStyles}>
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 id="members-heading" className="text-base font-semibold text-slate-900">Members</h2>
          <p className="text-xs text-slate-500">A role change applies at once, to the web app and to the member’s API tokens. The last admin cannot be demoted.</p>
        </div>
        {members.isPending ? (
          <LoadingState label="Loading members…" />
        ) : members.isError ? (
          <ErrorState message={`The members could not be loaded. ${members.error.message}`} onRetry={() => void members.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="No members" />
        ) : (
          <MemberList members={rows} currentUserId={currentUserId} onChanged={setNotice} />
        )}
      </section>
    </div>
  );
}
