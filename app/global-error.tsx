"use client";

import Link from "next/link";

// The last resort when the root layout itself fails: a plain page with a way back.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", maxWidth: "36rem", margin: "4rem auto", padding: "0 1.5rem" }}>
        <h1>LeadPipe could not show this page</h1>
        <p>The application failed while loading{error.digest ? ` (reference ${error.digest}, in the server log)` : ""}. Nothing was changed.</p>
        <p>
          <button type="button" onClick={reset}>
            Try again
          </button>{" "}
          or <Link href="/">go to the home page</Link>.
        </p>
      </body>
    </html>
  );
}
