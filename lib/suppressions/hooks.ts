import type { Tx } from "@/lib/db";
import type { SuppressionSource } from "@/lib/suppressions/suppressions";

// The suppression list sits below the features that act on it (docs/architecture.md "Layers"): an
// address added to it ends the sequences still going to it, but this folder does not import the
// sequences. They register an afterSuppressed hook here instead, once per process, with the send
// hooks (lib/wiring/send-hooks.ts, called by workers/index.ts, instrumentation.ts and the test setup).
// The hook runs in the transaction that adds the address, only when it was not on the list yet.
// The registry lives on globalThis, as the send hooks' does (lib/sending/hooks.ts).

export type SuppressedAddress = { workspaceId: string; emailLower: string; source: SuppressionSource };

export type SuppressionHooks = {
  afterSuppressed?: (tx: Tx, address: SuppressedAddress) => Promise<void>;
};

const REGISTRY = Symbol.for("leadpipe.suppressionHooks");
type Registry = Map<string, SuppressionHooks>;

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/** Registers (or replaces) the suppression hooks of one feature, named by its folder ("sequences"). */
export function registerSuppressionHooks(owner: string, hooks: SuppressionHooks): void {
  registry().set(owner, hooks);
}

/**
 * Runs every registered afterSuppressed hook in the transaction that added the address. Throws when
 * none are registered: a process that forgot to wire them must not add an address and leave its
 * sequences going.
 */
export async function afterSuppressed(tx: Tx, address: SuppressedAddress): Promise<void> {
  const hooks = [...registry().values()];
  if (hooks.length === 0) throw new Error("No suppression hooks are registered: call wireSendHooks() (lib/wiring/send-hooks.ts) when the process starts.");
  for (const hook of hooks) await hook.afterSuppressed?.(tx, address);
}
