"use client";

import { useEffect, useRef } from "react";
import { CopySecret } from "@/components/ui/copy-secret";
import { buttonStyles } from "@/components/ui/styles";
import type { CreatedToken } from "@/components/tokens/create-token-form";

/** The new token, shown this once, with a copy button. Focus moves here so the warning is read. */
export function NewTokenPanel({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), [created.token]);

  return (
    <section aria-labelledby="new-token-heading" className="rounded-xl border border-emerald-300 bg-emerald-50 p-5 shadow-sm">
      <h2 id="new-token-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-emerald-950 focus:outline-none">
        Token “{created.item.name}” created
      </h2>
      <p className="mt-1 text-sm text-emerald-900">
        <strong>Copy it now: you won’t see it again.</strong> LeadPipe keeps only a hash of it. Send it in the header{" "}
        <code className="rounded bg-white/70 px-1 font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>
      </p>
      <div className="mt-3">
        <CopySecret value={created.token} label="Your new token" testId="new-token" />
      </div>
      <button type="button" className={buttonStyles.secondary} onClick={onDone}>
        Done
      </button>
    </section>
  );
}
