import EmailReplyParser from "email-reply-parser";

// The new part of a reply: what the person wrote, without the quoted message, its attribution line
// and their signature. Classifying the whole text would read our own pitch (or an earlier
// "unsubscribe" link) as theirs.
//
// Quoted history is found by the maintained `email-reply-parser` (Crisp's port of GitHub's
// EmailReplyParser): "> " quotes, "On … wrote:" lines in many languages (Am … schrieb, Le … a écrit,
// El … escribió), Outlook header blocks (From/Sent, Von/Gesendet, De/Envoyé, De/Enviado) and
// "Sent from my iPhone" lines. It keeps an answer written below the quote. Our own rules, after it,
// cover only where it falls short: Outlook's "-----Original Message-----" separators in
// German/French/Spanish, a header block it did not split off, and a sign-off followed by a short
// name-and-title block.

const SEPARATORS = [
  /^\s*-{2,}\s*(Original Message|Forwarded message|Ursprüngliche Nachricht|Weitergeleitete Nachricht|Message d'origine|Message transféré|Mensaje original|Mensaje reenviado)\s*-{2,}/i,
  /^\s*_{5,}\s*$/, // Outlook's rule above the quoted headers
  /^\s*(On|Am|Le|El) .{1,200}(wrote|schrieb|a écrit|escribió|ha scritto)\s*:?\s*$/i, // an attribution line
  /^\s*(Sent from my|Von meinem|Envoyé de mon|Enviado desde mi) \S+/i,
  /^\s*Get Outlook for (iOS|Android)/i,
];

/** "From: …" (Von, De) followed within four lines by "Sent:"/"Date:" (Gesendet, Datum, Envoyé, Enviado, Fecha). */
const HEADER_FROM = /^\s*\*?(From|Von|De|Da)\s?:\*?\s.+$/i;
const HEADER_NEXT = /^\s*\*?(Sent|Date|Gesendet|Datum|Envoyé|Date d'envoi|Enviado|Fecha|To|An|À|Para|Subject|Betreff|Objet|Asunto)\s?:\*?\s/i;

const SIGNATURE = /^(--|-- |—|__)\s*$/; // the sig dash line (RFC 3676 "-- ") and common variants

const SIGN_OFF =
  /^\s*(best|best regards|kind regards|regards|warm regards|cheers|thanks|thank you|many thanks|sincerely|all the best|viele grüße|beste grüße|mit freundlichen grüßen|freundliche grüße|liebe grüße|gruß|grüße|cordialement|bien cordialement|bien à vous|merci|salutations|saludos|un saludo|atentamente|saludos cordiales|un cordial saludo|gracias)[,!.]?\s*$/i;

function quotedByLibrary(text: string): string {
  try {
    return new EmailReplyParser().read(text).getVisibleText();
  } catch {
    return text; // the library never threw on our corpus; the rules below still apply
  }
}

export function stripQuoted(text: string): string {
  const lines = quotedByLibrary(text.replace(/\r\n?/g, "\n")).split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (SEPARATORS.some((pattern) => pattern.test(line)) || SIGNATURE.test(line)) break;
    if (HEADER_FROM.test(line) && lines.slice(i + 1, i + 5).some((next) => HEADER_NEXT.test(next))) break;
    if (/^\s*>/.test(line)) continue;
    // A sign-off followed by a short block (name, title) ends the message.
    if (SIGN_OFF.test(line) && lines.slice(i + 1).filter((rest) => rest.trim()).length <= 4 && kept.some((k) => k.trim())) {
      kept.push(line);
      break;
    }
    kept.push(line);
  }
  return kept.join("\n").trim(); // a reply that is only quote has nothing new: the classifier reads it as "other"
}
