import Link from "next/link";

// An address no page answers (outside the signed-in app's pages): status 404 and a way back.
export default function RootNotFound() {
  return (
    <main className="mx-auto max-w-lg px-6 py-16" data-testid="not-found">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">We couldn’t find that</h1>
      <p className="mt-2 text-sm text-slate-600">LeadPipe has no page at this address.</p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
        Back to the home page
      </Link>
    </main>
  );
}
