import Link from "next/link";

// The run's two views: its progress and leads, and the replies to its emails.
export function RunTabs({ runId, current }: { runId: string; current: "overview" | "replies" }) {
  const tabs = [
    { key: "overview", label: "Progress and leads", href: `/runs/${runId}` },
    { key: "replies", label: "Replies", href: `/runs/${runId}/replies` },
  ] as const;
  return (
    <nav aria-label="Run views" className="mb-4 border-b border-slate-200">
      <ul className="-mb-px flex gap-4 text-sm">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={tab.key === current ? "page" : undefined}
              className={`inline-block border-b-2 px-1 pb-2 font-medium ${tab.key === current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
