import type { ReactNode } from "react";
import { buttonStyles } from "@/components/ui/styles";

// Loading, empty and error states, the same on every page.

export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 px-4 py-10 text-sm text-slate-600">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
      {label}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="px-4 py-10 text-center">
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children ? <div className="mx-auto mt-1 max-w-md text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="m-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800"
    >
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A short outcome line for a finished action, announced to screen readers. */
export function Notice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  const colours = tone === "success" ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-rose-200 bg-rose-50 text-rose-800";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm ${colours}`}>
      {children}
    </p>
  );
}
