import { labelled, named } from "@/lib/states/define";

// What the intake worker last saw of a mailbox (`mailbox_status.state`, `sender_mailbox_status.state`,
// lib/mailbox/); `not_started` is shown when no row exists yet. Browser-safe.

export const MAILBOX_STATES = ["connecting", "reading", "idle", "failed"] as const;
export type MailboxState = (typeof MAILBOX_STATES)[number];
export const MAILBOX_STATE = named(MAILBOX_STATES);
/** As the API shows it: a stored state, or not started (no row yet). */
export const SHOWN_MAILBOX_STATES = ["not_started", ...MAILBOX_STATES] as const;
export type ShownMailboxState = (typeof SHOWN_MAILBOX_STATES)[number];
export const SHOWN_MAILBOX_STATE = named(SHOWN_MAILBOX_STATES);
export const MAILBOX_STATE_LABELS = labelled(SHOWN_MAILBOX_STATES);
