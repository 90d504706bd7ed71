import Link from "next/link";

// Rendered (with status 403) when a page calls forbidden(): the reader's role may not use it.
export default function Forbidden() {
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">You can’t open this page</h1>
      <p className="mt-2 text-sm text-slate-600">Your role in this workspace does not allow it. Ask an admin of the workspace if you need access.</p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
        Back to the home page
      </Link>
    </div>
  );
}
