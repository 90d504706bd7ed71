import Link from "next/link";

// Rendered (with status 404) when a page calls notFound(): an id, name or slug that does not exist
// in this workspace. Always a way back.
export default function NotFoundPage() {
  return (
    <div className="max-w-lg" data-testid="not-found">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">We couldn’t find that</h1>
      <p className="mt-2 text-sm text-slate-600">
        Nothing in this workspace has this address. It may have been deleted, belong to another workspace, or the link may be mistyped.
      </p>
      <nav aria-label="Ways back" className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
        <Link href="/" className="text-indigo-700 hover:underline">
          Back to the home page
        </Link>
        <Link href="/review" className="text-indigo-700 hover:underline">
          Review queue
        </Link>
        <Link href="/runs" className="text-indigo-700 hover:underline">
          Runs
        </Link>
      </nav>
    </div>
  );
}
