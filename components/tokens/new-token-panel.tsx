"use client";

import { useEffect, useRef, useState } from "react";
import { buttonStyles } from "@/components/ui/styles";
import type { CreatedToken } from "@/components/tokens/create-token-form";

/** The new token, shown this once, with a copy button. Focus moves here so the warning is read. */
export function NewTokenPanel({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  useEffect(() => headingRef.current?.focus(), [created.token]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied("yes");
    } catch {
      if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
      setCopied("failed");
    }
  }

  return (
    <section aria-labelledby="new-token-heading" className="rounded-xl border border-emerald-300 bg-emerald-50 p-5 shadow-sm">
      <h2 id="new-token-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-emerald-950 focus:outline-none">
        Token “{created.item.name}” created
      </h2>
      <p className="mt-1 text-sm text-emerald-900">
        <strong>Copy it now: you won’t see it again.</strong> LeadPipe keeps only a hash of it. Send it in the header{" "}
        <code className="rounded bg-white/70 px-1 font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>
      </p>
      <p className="sr-only">Your new token:</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <code
          ref={codeRef} data-testid="new-token"
          className="block min-w-0 flex-1 select-all break-all rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        >
          {created.token}
        </code>
        <div className="flex shrink-0 gap-2">
          <button type="button" className={buttonStyles.primary} onClick={copy}>Copy</button>
          <button type="button" className={buttonStyles.secondary} onClick={onDone}>Done</button>
        </div>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-emerald-900">
        {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "Copying is not allowed here: the token is selected, so press Ctrl+C (⌘C)." : ""}
      </p>
    </section>
  );
}
