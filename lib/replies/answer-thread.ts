// A reply's Message-ID as lib/replies and the mailbox's intake store it. An answer to a reply (contract
// §13) goes out in the reply's thread, read from that stored Message-ID by the send path
// (lib/sending/thread.ts answerHeaders), with the subject `Re: ` + the reply's subject unless it
// already starts with `Re:`.

/** A Message-ID made for a reply that came without one (POST /replies without `message_id`). */
export const madeReplyMessageId = (replyId: string) => `<${replyId}@replies.leadpipe.local>`;

/** `<id>` with its angle brackets, whether given with them or not. */
export const bracketed = (messageId: string) => `<${messageId.trim().replace(/^<|>$/g, "")}>`;
