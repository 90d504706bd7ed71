"use client";

import { useCallback } from "react";
import { useRelayReadiness } from "@/components/data/queries/settings";

type From = { sender_id: string | null } | null | undefined;

/**
 * Whether an approved draft waits for an SMTP relay: no default relay is saved and the draft has no
 * sender of its own (a draft of a lead with a sender goes out through that sender's relay, contract
 * §13). The review pages say "waits" only for those, never for drafts their senders send in seconds.
 */
export function useWaitsForRelay(): (from: From) => boolean {
  const readiness = useRelayReadiness().data;
  const noDefaultRelay = readiness ? !readiness.default_relay : false;
  return useCallback((from: From) => noDefaultRelay && !from?.sender_id, [noDefaultRelay]);
}
