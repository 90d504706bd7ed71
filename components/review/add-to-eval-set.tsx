"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import { buttonStyles } from "@/components/ui/styles";

// One click: a reviewer's edit or rejection becomes a case of the draft prompt's eval set
// (lib/evals/case-from-draft.ts says what the case checks).

type Added = { set: { id: string; ref: string }; case: { id: string; name: string } };

export function AddToEvalSet({ draftId, rejected }: { draftId: string; rejected: boolean }) {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => webApi<Added>(`/drafts/${draftId}/eval-case`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.evals.all }),
  });
  if (add.data) {
    return (
      <p role="status" className="text-sm text-emerald-800">
        Added to{" "}
        <Link href={`/prompts/evals/${add.data.set.id}`} className="font-mono text-indigo-700 hover:underline">
          {add.data.set.ref}
        </Link>{" "}
        as “{add.data.case.name}”.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={buttonStyles.secondary} disabled={add.isPending} onClick={() => add.mutate()}>
        {add.isPending ? "Adding…" : rejected ? "Add this rejection to the eval set" : "Add this edit to the eval set"}
      </button>
      {add.error ? (
        <p role="alert" className="text-sm text-rose-700">
          {add.error.message}
        </p>
      ) : null}
    </div>
  );
}
