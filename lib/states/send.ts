import { isIn, labelled, named } from "@/lib/states/define";

// A send's statuses (`sends.status`; what each means, moves and writes: lib/lifecycle/send.ts),
// groups and labels. Browser-safe.

export const SEND_STATUSES = ["waiting_relay", "pending", "sending", "committing", "in_doubt", "sent", "failed"] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const SEND_STATUS = named(SEND_STATUSES);
export const SEND_STATUS_LABELS = labelled(SEND_STATUSES);

const { waiting_relay, pending, sending, committing, in_doubt, sent, failed } = SEND_STATUS;

/** Statuses the resume sweep queues again when no job holds them (an in-doubt send waits for its resolution). */
export const RESUMABLE_SEND_STATUSES = [pending, sending, committing] as const satisfies readonly SendStatus[];
/** Statuses no attempt touches: settled (sent, failed), or waiting for its resolution (in_doubt). */
export const NOT_ATTEMPTED_SEND_STATUSES: readonly string[] = [sent, failed, in_doubt] satisfies SendStatus[];
/** A send no attempt has claimed: nothing of it reached a relay. */
export const UNCLAIMED_SEND_STATUSES = [pending, waiting_relay] as const satisfies readonly SendStatus[];
/** An attempt is talking to the relay right now. */
export const IN_FLIGHT_SEND_STATUSES = [sending, committing] as const satisfies readonly SendStatus[];

export const isInFlightSend = (status: string | null | undefined) => isIn(IN_FLIGHT_SEND_STATUSES, status);
