"use client";

import { useState } from "react";
import { useMembers } from "@/components/data/queries/settings";
import { AddMemberForm } from "@/components/members/add-member-form";
import { MemberList } from "@/components/members/member-list";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, Notice } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";

export function MembersView({ currentUserId }: { currentUserId: string }) {
  const [notice, setNotice] = useState<string | null>(null);
  const members = useMembers();
  const rows = members.data?.data ?? [];
  return (
    <div className="space-y-6">
      <AddMemberForm onAdded={(member) => setNotice(`${member.name} (${member.email}) was added as ${member.role === "admin" ? "an" : "a"} ${member.role}.`)} />
      <div aria-live="polite">{notice ? <Notice tone="success">{notice}</Notice> : null}</div>
      <section aria-labelledby="members-heading" className={cardStyles}>
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 id="members-heading" className="text-base font-semibold text-slate-900">
            Members
          </h2>
          <p className="text-xs text-slate-500">
            A role change applies at once, to the web app and to the member’s API tokens. The last admin cannot be demoted.
          </p>
        </div>
        <QueryState
          query={members}
          loading="Loading members…"
          failed="The members could not be loaded."
          isEmpty={rows.length === 0}
          empty={<EmptyState title="No members" />}
        >
          <MemberList members={rows} currentUserId={currentUserId} onChanged={setNotice} />
        </QueryState>
      </section>
    </div>
  );
}
