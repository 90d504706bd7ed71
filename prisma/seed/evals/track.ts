import type { SeedEvalSet } from "./types";

// Replies to a first outreach email, each with the category a person reading it would choose
// (the newest version's list: interested, meeting_request, question, not_interested,
// out_of_office, wrong_person, unsubscribe, bounce, other).

type Row = [category: string, from: string, subject: string, text: string];

const ROWS: Row[] = [
  ["interested", "dana@northwind.example", "Re: Quick question", "This sounds interesting. Can you send over some more details?"],
  ["interested", "li@kontora.example", "Re: outbound", "We'd be interested in seeing how this works for a team our size."],
  ["interested", "sam@bitforge.example", "Re: pipeline", "Tell me more, we have been talking about exactly this."],
  ["interested", "ana@quillo.example", "Re: LeadPipe", "Sounds good. I'd love to learn how other teams set it up."],
  ["interested", "mo@relaybase.example", "Re: a thought", "Keen to hear more about the approval step you mentioned."],
  ["meeting_request", "jo@maplecore.example", "Re: 15 minutes", "Happy to meet. Can you send me a calendar invite for Thursday?"],
  ["meeting_request", "kit@tulpcloud.example", "Re: call", "Let's set up a call next week, I'm free on Tuesday afternoon."],
  ["meeting_request", "ravi@granite.example", "Re: comparing notes", "Book a time with me here and we'll go through it."],
  ["meeting_request", "eve@penny.example", "Re: intro", "Could we schedule a call with my VP next week?"],
  ["meeting_request", "ola@fundwise.example", "Re: quick question", "I'm available on Monday at 10, does that work?"],
  ["question", "tom@orbital.example", "Re: pricing", "What does it cost for a team of twelve?"],
  ["question", "ivy@cumulus.example", "Re: data", "Where is the data stored, and do you support EU hosting?"],
  ["question", "ben@loonie.example", "Re: integrations", "Does it work with our existing CRM?"],
  ["question", "ali@formstack.example", "Re: your note", "How long does the setup usually take?"],
  ["not_interested", "pat@steelworks.example", "Re: outbound", "Not interested, thanks."],
  ["not_interested", "uma@solana.example", "Re: quick question", "No thanks, we're all set with our current tooling."],
  ["not_interested", "lee@tinybird.example", "Re: pipeline", "This is not a fit for us at the moment."],
  ["not_interested", "gus@dinedash.example", "Re: a thought", "We'll pass on this one."],
  ["not_interested", "ria@harbor.example", "Re: LeadPipe", "Not at this time. Good luck."],
  ["out_of_office", "kim@ledgerline.example", "Automatic reply: Quick question", "I am out of the office until Monday with limited access to email."],
  ["out_of_office", "nat@kontora.example", "Out of Office", "I'm on vacation until the 3rd. For urgent matters contact my colleague."],
  ["out_of_office", "raj@northwind.example", "Auto reply", "Thanks for your email. I am on leave and will reply when I return."],
  ["out_of_office", "zoe@bitforge.example", "Away", "I'm away until January 8th and will read your message then."],
  ["wrong_person", "hal@quillo.example", "Re: outbound", "I'm not the right person for this, try our ops team."],
  ["wrong_person", "info@maplecore.example", "Re: quick question", "Jordan no longer works here."],
  ["wrong_person", "max@granite.example", "Re: pipeline", "I left the company in March, please update your records."],
  ["wrong_person", "sue@penny.example", "Re: a thought", "I'm not responsible for sales tooling, sorry."],
  ["unsubscribe", "ron@relaybase.example", "Re: outbound", "Please remove me from your list."],
  ["unsubscribe", "cy@tulpcloud.example", "Re: quick question", "Stop emailing me."],
  ["unsubscribe", "ed@orbital.example", "unsubscribe", "unsubscribe"],
  ["unsubscribe", "flo@cumulus.example", "Re: LeadPipe", "Do not contact me again. Take me off whatever list this is."],
  ["unsubscribe", "gia@fundwise.example", "Re: a thought", "Opt out, please. No more emails."],
  ["bounce", "mailer-daemon@mx.example", "Undeliverable: Quick question", "Delivery has failed to these recipients or groups."],
  ["bounce", "postmaster@mail.example", "Delivery Status Notification (Failure)", "The address you sent to was not found: user unknown."],
  ["bounce", "mailer-daemon@smtp.example", "Mail delivery failed", "This message was created automatically by mail delivery software. Mailbox unavailable."],
  ["bounce", "postmaster@corp.example", "failure notice", "Sorry, we were unable to deliver your message to the following address."],
  ["other", "dan@ledgerline.example", "Re: outbound", "Forwarding this to my team."],
  ["other", "amy@steelworks.example", "Re: quick question", "Thanks for reaching out."],
  ["other", "joe@loonie.example", "Re: pipeline", "Received."],
  ["other", "liz@formstack.example", "Re: LeadPipe", "We just moved offices, so things are hectic here."],
  ["interested", "ken@bitforge.example", "Re: comparing notes", "Would like to know more. Is there a demo video?"],
  ["not_interested", "val@solana.example", "Re: outbound", "Not for us, we build this in house."],
  ["meeting_request", "tess@northwind.example", "Re: 15 minutes", "Let's meet next Wednesday, I'll send a calendar invite."],
  ["question", "noa@kontora.example", "Re: security", "Do you have a SOC 2 report we could review?"],
];

export const TRACK_SET: SeedEvalSet = {
  ref: "evals/track",
  stage: "track",
  name: "track: replies to first outreach",
  description: "Replies of every kind a first outreach email gets, labelled with the category a person would choose from the newest version's list.",
  context: {},
  cases: ROWS.map(([classification, from, subject, text], index) => ({
    name: `${classification.replaceAll("_", " ")} #${index + 1}: ${text.slice(0, 48)}`,
    input: { lead: {}, reply: { from, subject, text } },
    expect: { classification },
  })),
};
