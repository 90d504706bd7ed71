import { describe, expect, it } from "vitest";
import { findReferral } from "@/lib/replies/find-referral";

const from = "grace@acme.example";
const find = (text: string) => findReferral(text, [from, "sam@leadpipe.example"]);

describe("findReferral", () => {
  it.each([
    ["I'm not the right person, please talk to Dana Smith at dana@acme.example.", { email: "dana@acme.example", name: "Dana Smith" }],
    ["Wrong person. Try Dana Smith <Dana.Smith@Acme.example> instead.", { email: "dana.smith@acme.example", name: "Dana Smith" }],
    ["You want Dana (dana@acme.example), she runs ops.", { email: "dana@acme.example", name: "Dana" }],
    ["Bitte wenden Sie sich an meine Kollegin Dana Schmidt unter dana@acme.example.", { email: "dana@acme.example", name: "Dana Schmidt" }],
    ["Ce n'est pas moi. Contactez Élodie Martin : elodie@acme.example", { email: "elodie@acme.example", name: "Élodie Martin" }],
    ["Please contact dana.smith@acme.example", { email: "dana.smith@acme.example", name: "Dana Smith" }],
    ["Please email ops@acme.example about this.", { email: "ops@acme.example", name: null }],
  ])("%s", (text, expected) => {
    expect(find(text)).toEqual(expected);
  });

  it("skips the sender's own address, ours and quoted history", () => {
    const text =
      "Not me: write to dana@acme.example.\n\nGrace (grace@acme.example)\n\nOn Mon, Nov 23, 2026 at 9:00 AM Sam <sam@leadpipe.example> wrote:\n> Hi Grace, ann@other.example";
    expect(find(text)).toEqual({ email: "dana@acme.example", name: null });
    expect(find("Please stop writing to grace@acme.example.")).toBeNull();
    expect(find("> talk to ann@other.example\nNo thanks.")).toBeNull();
  });

  it("a sentence that ends before the address gives no name", () => {
    expect(find("I left the company. dana@acme.example handles this now.")).toEqual({ email: "dana@acme.example", name: null });
  });
});
