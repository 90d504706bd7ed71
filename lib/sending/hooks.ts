import type { Tx } from "@/lib/db";

// The send path is a leaf (docs/architecture.md "Layers"): it imports no feature that adds rules to
// sending. Those features register hooks here instead, once per process (lib/wiring/send-hooks.ts,
// called by workers/index.ts, instrumentation.ts and the test setup):
// - beforeSend, read just before a step of the sequence (not an answer to a reply) is attempted:
//   `go`, `hold` (skipped now; whoever holds it queues it again) or `recheck` (looked at again shortly);
// - afterSent, in the transaction that records such a step as sent: `continues` when the lead has
//   more to send (its run lead stays `running`), otherwise nothing.
// The registry lives on globalThis so that every copy of this module in one process (the web app
// bundles its routes and instrumentation apart) reads the same hooks.

export type SendingStep = {
  step: number;
  runId: string;
  runLeadId: string;
  run: { stopAfter: string | null };
  runLead: { sequenceStatus: string | null; nextAt: Date | null };
};

export type BeforeSend = "go" | "hold" | "recheck";

export type SendHooks = {
  beforeSend?: (draft: SendingStep) => Promise<BeforeSend>;
  afterSent?: (tx: Tx, draft: Omit<SendingStep, "runLead">, sentAt: Date) => Promise<"continues" | void>;
};

const REGISTRY = Symbol.for("leadpipe.sendHooks");
type Registry = Map<string, SendHooks>;

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/** Registers (or replaces) the send hooks of one feature, named by its folder ("sequences"). */
export function registerSendHooks(owner: string, hooks: SendHooks): void {
  registry().set(owner, hooks);
}

/** Every registered feature's hooks; throws when none are: a process that sends must wire them first. */
function allHooks(): SendHooks[] {
  const hooks = [...registry().values()];
  if (hooks.length === 0) throw new Error("No send hooks are registered: call wireSendHooks() (lib/wiring/send-hooks.ts) when the process starts.");
  return hooks;
}

/** The first hook that does not say `go` decides; all say `go`: the step is sent. */
export async function beforeSend(draft: SendingStep): Promise<BeforeSend> {
  for (const hooks of allHooks()) {
    const verdict = (await hooks.beforeSend?.(draft)) ?? "go";
    if (verdict !== "go") return verdict;
  }
  return "go";
}

/** Runs every afterSent hook in the send's transaction: `continues` when any of them says so. */
export async function afterSent(tx: Tx, draft: Omit<SendingStep, "runLead">, sentAt: Date): Promise<"continues" | "ended"> {
  let continues = false;
  for (const hooks of allHooks()) if ((await hooks.afterSent?.(tx, draft, sentAt)) === "continues") continues = true;
  return continues ? "continues" : "ended";
}
