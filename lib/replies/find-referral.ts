import { LinkifyIt } from "linkify-it";
import { stripQuoted } from "@/lib/nlp/strip-quoted";

// Who a `wrong_person` reply points us to (contract §13 "referral {email, name|null}"): the first
// address in the person's own words (quoted history removed) that is not theirs, the lead's or one
// of ours. Addresses are found by linkify-it (its e-mail rule); the name is the run of capitalised
// words just before the address ("Dana Smith <dana@…>", "talk to Dana at dana@…", "meine Kollegin
// Dana Schmidt unter dana@…"), else read from an address like dana.smith@…, else null. Pure.

export type Referral = { email: string; name: string | null };

const linkify = new LinkifyIt();

// Capitalised words that are not a name: sentence openers, honorifics, nouns that German capitalises.
const NOT_NAME = new Set(
  (
    "please kindly contact email e-mail mail write reach talk speak ask try ping see forward cc loop my our your the a an i we he she they you " +
    "mr mrs ms miss dr prof herr frau monsieur madame mme m sr sra señor señora don doña " +
    "colleague colleagues kollege kollegin kollegen team head manager director lead owner " +
    "bitte kontaktieren schreiben wenden sie an unter ihr ihre meine mein unsere unser " +
    "contactez écrivez veuillez mon ma notre son sa " +
    "contacte escriba escribe hable mi nuestro nuestra su " +
    "thanks thank regards best hi hello hallo bonjour hola"
  ).split(" "),
);
const WORD = /^[\p{Lu}][\p{L}'’-]*$/u;
// What may sit between a name and its address: "<", "(", ":", "-", ",", "at", "unter", "à", "en", "a", "via", "on".
const BETWEEN = /(?:\s*(?:<|\(|\[|:|-|–|,)\s*|\s+(?:at|unter|à|a|en|via|on|über|per)\s+(?:<|\()?|\s+)$/iu;

function nameBefore(text: string, index: number): string | null {
  const before = text.slice(Math.max(0, index - 120), index);
  const gap = BETWEEN.exec(before);
  const head = gap ? before.slice(0, gap.index) : before;
  const words = head.split(/\s+/).filter(Boolean);
  const name: string[] = [];
  for (let i = words.length - 1; i >= 0 && name.length < 4; i--) {
    const word = words[i].replace(/[.,;:!?]+$/, "");
    if (word !== words[i] && name.length) break; // a sentence ended before the name
    if (!WORD.test(word) || NOT_NAME.has(word.toLowerCase())) break;
    name.unshift(word);
  }
  return name.length ? name.join(" ") : null;
}

/** "dana.smith" → "Dana Smith"; null for "dana", "info" or "d.smith2". */
function nameFromAddress(email: string): string | null {
  const parts = email.split("@")[0].split(/[._-]/);
  if (parts.length !== 2 || !parts.every((part) => /^\p{L}{2,}$/u.test(part))) return null;
  return parts.map((part) => part[0].toUpperCase() + part.slice(1).toLowerCase()).join(" ");
}

/** The referral in a reply's text, or null; `exclude` holds addresses that are no referral (the sender, the lead, ours). */
export function findReferral(text: string, exclude: string[]): Referral | null {
  const own = stripQuoted(text);
  const skip = new Set(exclude.map((address) => address.toLowerCase()));
  for (const match of linkify.match(own) ?? []) {
    if (match.schema !== "mailto:") continue;
    const email = match.url.replace(/^mailto:/i, "").toLowerCase();
    if (skip.has(email)) continue;
    return { email, name: nameBefore(own, match.index) ?? nameFromAddress(email) };
  }
  return null;
}

type ReplyForReferral = { fromEmail: string; text: string; classification: string | null; lead: { email: string } | null };

/** The reply's referral, when it is a wrong_person reply naming another address. */
export function referralOf(reply: ReplyForReferral): Referral | null {
  if (reply.classification !== "wrong_person") return null;
  return findReferral(reply.text, [reply.fromEmail, ...(reply.lead ? [reply.lead.email] : [])]);
}
