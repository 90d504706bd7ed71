"use client";

import { useRef, useState } from "react";
import { buttonStyles } from "@/components/ui/styles";

/**
 * A secret in full with a Copy button. Where the clipboard is not allowed, the text is selected
 * instead and the reader is told to press Ctrl+C.
 */
export function CopySecret({ value, label, testId, tone = "emerald" }: { value: string; label: string; testId?: string; tone?: "emerald" | "slate" }) {
  const codeRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
      setCopied("failed");
    }
  }

  const border = tone === "emerald" ? "border-emerald-300" : "border-slate-300";
  return (
    <div>
      <p className="sr-only">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <code
          ref={codeRef}
          data-testid={testId}
          className={`block min-w-0 flex-1 select-all break-all rounded-md border ${border} bg-white px-3 py-2 font-mono text-sm text-slate-900`}
        >
          {value}
        </code>
        <button type="button" className={`${buttonStyles.primary} shrink-0`} onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700">
        {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "Copying is not allowed here: the text is selected, so press Ctrl+C (⌘C)." : ""}
      </p>
    </div>
  );
}
