import Link from "next/link";
import type { Role } from "@/lib/auth/roles";
import type { GettingStarted as Progress } from "@/lib/workspaces/workspace-overview";

// The home page's first-run path: relay → offer → first run → review. Each step is checked off from
// the workspace's real state; the whole card goes away once all four are done.

type Step = { key: keyof Progress; title: string; text: string; href: string; action: string; admin: boolean };

const STEPS: Step[] = [
  {
    key: "relay",
    title: "Connect your mail relay",
    text: "Approved emails go out through your own SMTP server, from your address: a relay, or one or more senders (Settings → Senders).",
    href: "/settings/relay",
    action: "Set up the relay",
    admin: true,
  },
  {
    key: "offer",
    title: "Describe what you sell",
    text: "Product, audience, proof points and who signs: every draft is written from it.",
    href: "/settings/offer",
    action: "Write your offer",
    admin: true,
  },
  {
    key: "firstRun",
    title: "Start your first run",
    text: "Upload a CSV of leads; each is researched, qualified and drafted.",
    href: "/runs/new",
    action: "Start a run",
    admin: true,
  },
  {
    key: "firstReview",
    title: "Review the drafts",
    text: "Approve, edit or reject each draft before anything is sent.",
    href: "/review",
    action: "Open the review queue",
    admin: false,
  },
];

export function GettingStarted({ progress, role }: { progress: Progress; role: Role }) {
  const done = STEPS.filter((step) => progress[step.key]).length;
  if (done === STEPS.length) return null;
  const next = STEPS.find((step) => !progress[step.key]);
  return (
    <section aria-labelledby="getting-started" className="mt-8 rounded-xl border border-indigo-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="getting-started" className="text-lg font-semibold text-slate-900">
          Get started
        </h2>
        <p className="text-sm text-slate-600">
          {done} of {STEPS.length} done
        </p>
      </div>
      <ol className="mt-4 space-y-3">
        {STEPS.map((step, index) => {
          const complete = progress[step.key];
          const canAct = !step.admin || role === "admin";
          return (
            <li key={step.key} className="flex gap-3" aria-current={step === next ? "step" : undefined}>
              <span
                aria-hidden
                className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${complete ? "bg-emerald-600 text-white" : step === next ? "bg-indigo-600 text-white" : "bg-slate-200 text-slate-700"}`}
              >
                {complete ? "✓" : index + 1}
              </span>
              <div className="min-w-0">
                <p className={`font-medium ${complete ? "text-slate-500 line-through" : "text-slate-900"}`}>
                  {step.title}
                  <span className="sr-only">{complete ? " (done)" : " (to do)"}</span>
                </p>
                {complete ? null : (
                  <>
                    <p className="text-sm text-slate-600">{step.text}</p>
                    <p className="mt-1 text-sm">
                      {canAct ? (
                        <Link className="font-medium text-indigo-700 hover:underline" href={step.href}>
                          {step.action}
                        </Link>
                      ) : (
                        <span className="text-slate-500">An admin of this workspace does this.</span>
                      )}
                      {step.key === "firstRun" ? (
                        <>
                          {" "}
                          ·{" "}
                          <a className="font-medium text-indigo-700 hover:underline" href="/sample-leads.csv" download>
                            Download a sample CSV
                          </a>{" "}
                          (10 leads)
                        </>
                      ) : null}
                    </p>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
