import { DraftEngine } from "@/components/home/draft-engine";
import { GettingStarted } from "@/components/home/getting-started";
import { pageSession } from "@/lib/web/page-session";
import { workspaceOverview } from "@/lib/workspaces/workspace-overview";

export default async function HomePage() {
  const session = await pageSession("viewer");
  const overview = await workspaceOverview(session.workspace.id);
  const stats = [
    { label: "Leads", value: overview.leads },
    { label: "Runs", value: overview.runs },
    { label: "Drafts awaiting review", value: overview.awaitingReview },
    { label: "Members", value: overview.members },
  ];
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">Welcome, {session.user.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        You are signed in to <strong>{session.workspace.name}</strong> as {session.role === "admin" ? "an" : "a"} {session.role}.
      </p>
      <GettingStarted progress={overview.gettingStarted} role={session.role} />
      <DraftEngine role={session.role} hostedProviders={overview.hostedProviders} />
      <dl className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`stat-${stat.label}`}>
              {stat.value.toLocaleString("en")}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
