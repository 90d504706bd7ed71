"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { buttonStyles } from "@/components/ui/styles";

// The error boundary of every signed-in page: says which page failed and how to go on. The server
// hides a server error's message from the browser; its digest matches the server's log line.
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const pathname = usePathname();
  return (
    <div role="alert" className="max-w-xl">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">This page could not be shown</h1>
      <p className="mt-2 text-sm text-slate-600">
        Loading <span className="break-all font-mono text-slate-900">{pathname}</span> failed
        {error.digest ? (
          <>
            {" "}
            on the server (reference <span className="font-mono">{error.digest}</span>, in the server log)
          </>
        ) : (
          <>: {error.message}</>
        )}
        . Nothing was changed. Try again, or go back and carry on elsewhere.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="button" className={buttonStyles.primary} onClick={reset}>
          Try again
        </button>
        <Link href="/" className="text-sm font-medium text-indigo-700 hover:underline">
          Back to the home page
        </Link>
      </div>
    </div>
  );
}
