import { labelled, named } from "@/lib/states/define";

// Whether the workspace can send (lib/relay/relay-readiness.ts): computed. Browser-safe.

export const RELAY_READINESS_STATES = ["ready", "missing", "failing"] as const;
export type RelayReadinessState = (typeof RELAY_READINESS_STATES)[number];
export const RELAY_READINESS = named(RELAY_READINESS_STATES);
export const RELAY_READINESS_LABELS = labelled(RELAY_READINESS_STATES);
