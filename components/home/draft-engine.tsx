import Link from "next/link";
import type { Role } from "@/lib/auth/roles";

// The home page says who writes the drafts: the built-in engine (deterministic, offline, from the
// prompt's template) unless a hosted model is connected and a prompt version names it.

export function DraftEngine({ role, hostedProviders }: { role: Role; hostedProviders: string[] }) {
  return (
    <section aria-labelledby="draft-engine" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="draft-engine" className="text-lg font-semibold text-slate-900">
        Who writes your drafts
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        The built-in prompts run on LeadPipe&rsquo;s own engine. It is <strong>deterministic</strong> (the same lead gets the same draft),{" "}
        <strong>offline</strong> (nothing leaves this server) and <strong>template-based</strong>: it fills each prompt&rsquo;s template from the lead and your
        offer, opens with the strongest fact it has about the lead (a note, a recent event from your CSV, a buying signal) in its own words, and never invents
        one. It does not write free prose the way a language model does.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {hostedProviders.length ? (
          <>
            Hosted model connected: <strong>{hostedProviders.join(", ")}</strong>. A prompt version uses it when its model names it (fork a prompt and set its
            model).{" "}
          </>
        ) : (
          <>
            For drafts written by a hosted model (OpenAI-compatible or Anthropic), connect one in Settings → Providers, check it with a test call, and point a
            prompt fork&rsquo;s model at it.{" "}
          </>
        )}
        {role === "admin" ? (
          <Link className="font-medium text-indigo-700 hover:underline" href="/settings/providers">
            {hostedProviders.length ? "Manage model providers" : "Connect a hosted model"}
          </Link>
        ) : (
          <span className="text-slate-500">An admin of this workspace connects model providers.</span>
        )}
      </p>
    </section>
  );
}
