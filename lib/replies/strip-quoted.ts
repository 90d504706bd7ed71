// The new part of a reply: what the person wrote above the quoted message and their signature.
// Classifying the whole text would read our own pitch (or an earlier "unsubscribe" link) as theirs.

const QUOTE_HEADERS = [
  /^\s*On .{1,200}(wrote|schrieb|a écrit|escribió|ha scritto)\s*:?\s*$/i, // On Tue, 3 Mar 2026, Sam <sam@x> wrote:
  /^\s*-{2,}\s*(Original Message|Forwarded message|Ursprüngliche Nachricht|Message d'origine)\s*-{2,}/i,
  /^\s*_{5,}\s*$/, // Outlook's rule above the quoted headers
  /^\s*From:\s.+$/i, // Outlook quotes start with the original's headers
  /^\s*Sent from my (iPhone|iPad|Android|phone|mobile)/i,
  /^\s*Get Outlook for (iOS|Android)/i,
];

const SIGNATURE = /^(--|-- |—|__)\s*$/; // the sig dash line (RFC 3676 "-- ") and common variants

const SIGN_OFF = /^\s*(best|best regards|kind regards|regards|warm regards|cheers|thanks|thank you|many thanks|sincerely|all the best)[,!.]?\s*$/i;

export function stripQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (QUOTE_HEADERS.some((pattern) => pattern.test(line)) || SIGNATURE.test(line)) break;
    // "On Tue, 3 Mar 2026 at 10:02, Sam Lee <sam@example.com>" with "wrote:" on the next line
    if (/^\s*On\s.{5,200}$/i.test(line) && /^\s*\S*.*wrote:\s*$/i.test(lines[i + 1] ?? "") && /^\s*>/.test(lines[i + 2] ?? lines[i + 1] ?? "")) break;
    if (/^\s*>/.test(line)) continue;
    // A sign-off followed by a short block (name, title) ends the message.
    if (SIGN_OFF.test(line) && lines.slice(i + 1).filter((rest) => rest.trim()).length <= 4 && kept.some((k) => k.trim())) {
      kept.push(line);
      break;
    }
    kept.push(line);
  }
  const result = kept.join("\n").trim();
  return result; // a reply that is only quote has nothing new: the classifier reads it as "other"
}
