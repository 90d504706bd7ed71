import { expect, test, type Page } from "@playwright/test";
import { ulid } from "ulid";
import { putRelay } from "@/lib/relay/relay-settings";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { closeLib, demoWorkspaceId, draftsOf, leads, serveCsv, startRun } from "./pipeline-fixtures";
import { bearer, cli, screenshots, withDb } from "./support";

// A recipient opens the List-Unsubscribe link of a mail LeadPipe really sent (a run of the local
// provider, a draft approved over /v1, the worker sending it to a real SMTP server) in Chromium,
// presses Unsubscribe with the keyboard and sees it confirmed; the address is on the suppression
// list. Pressing it again (and reloading the answer) is harmless and says so. The page works under
// its own Content-Security-Policy: the form may post to itself, its stylesheet applies, and the
// browser reports no violation. A token edited to name another address is refused.

test.afterAll(closeLib);

/** Collects what Chromium reports about the Content-Security-Policy while the page is used. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test("a recipient unsubscribes from a sent mail's link with the keyboard; a second press is harmless; an edited token is refused", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const workspaceId = await demoWorkspaceId();
  const smtp = await startSmtpSink();
  const csv = await serveCsv(leads("good"));
  const admin = cli("token:create", "--workspace", "demo", "--name", `e2e unsubscribe ${ulid().slice(-6)}`);
  try {
    await putRelay(
      workspaceId,
      { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@demo.example", from_name: "Sam Sender" },
      { type: "system", id: "e2e", name: "e2e setup" },
    );
    const run = await startRun(workspaceId, csv.url);
    const [recipient, other] = await draftsOf(run.id, 3);
    await expect
      .poll(async () => (await request.post(`/v1/drafts/${recipient.id}/approve`, { headers: bearer(admin), data: {} })).status(), { timeout: 30_000 })
      .toBe(200);
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(recipient.email)).length, { timeout: 60_000 }).toBe(1); // after the undo window
    const header = smtp.mails.find((mail) => mail.to.includes(recipient.email))!.headers.get("list-unsubscribe")!;
    const link = /^<(https?:\/\/[^>]+\/unsubscribe\/[^>]+)>/.exec(header)![1];
    const suppressed = async (email: string) =>
      (await (await request.get(`/v1/suppressions?email=${encodeURIComponent(email)}`, { headers: bearer(admin) })).json()).data as {
        email: string;
        source: string;
      }[];
    expect(await suppressed(recipient.email)).toEqual([]);

    // The page the link opens: its policy lets the form post to this origin and allows its one
    // stylesheet by hash, with no inline script or style allowed otherwise.
    const violations = cspViolations(page);
    const opened = await page.goto(link);
    expect(opened!.status()).toBe(200);
    const policy = opened!.headers()["content-security-policy"];
    expect(policy).toContain("form-action 'self'");
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("form-action 'none'");
    await expect(page.getByRole("heading", { name: "Unsubscribe", level: 1 })).toBeVisible();
    await expect(page.getByText(`Stop all email from this sender to ${recipient.email.toLowerCase()}?`)).toBeVisible();
    const button = page.getByRole("button", { name: "Unsubscribe" });
    // Styled: the stylesheet applied (an unstyled button is grey with a 2px outset border).
    await expect(button).toHaveCSS("background-color", "rgb(24, 24, 27)");
    await expect(page.locator("main")).toHaveCSS("border-radius", "12px");
    expect(await suppressed(recipient.email)).toEqual([]); // opening the link changes nothing
    await screenshots(page, "unsubscribe-ask");

    // As a person with a keyboard: Tab to the button, Enter.
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "You are unsubscribed", level: 1 })).toBeVisible();
    await expect(page.getByText(`${recipient.email.toLowerCase()} is now on this sender's suppression list. No more email will be sent to it.`)).toBeVisible();
    expect(page.url()).toBe(link);
    expect(await suppressed(recipient.email)).toEqual([expect.objectContaining({ email: recipient.email.toLowerCase(), source: "unsubscribe_link" })]);
    await screenshots(page, "unsubscribe-done");

    // Again, with the mouse: harmless, and it says the address was already unsubscribed; so does
    // reloading the answer (the browser posts again) and a mail client's one-click POST.
    await page.goto(link);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "Already unsubscribed", level: 1 })).toBeVisible();
    await expect(page.getByText(`${recipient.email.toLowerCase()} was already unsubscribed.`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Already unsubscribed", level: 1 })).toBeVisible();
    await screenshots(page, "unsubscribe-already");
    const oneClick = await request.post(link, { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "List-Unsubscribe=One-Click" });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain("Already unsubscribed");
    const rows = await withDb(
      async (db) =>
        (
          await db.query(
            `SELECT (SELECT count(*) FROM suppressions WHERE "workspaceId" = $1 AND "emailLower" = $2)::int AS suppressions,
              (SELECT count(*) FROM audit_entries WHERE "workspaceId" = $1 AND action = 'suppression.added' AND "targetId" = $2)::int AS audits`,
            [workspaceId, recipient.email.toLowerCase()],
          )
        ).rows[0],
    );
    expect(rows).toEqual({ suppressions: 1, audits: 1 });

    // The token names its address under a signature: pointed at another lead's address it is refused.
    const token = link.slice(link.lastIndexOf("/") + 1);
    const [version, payload, signature] = token.split(".");
    const named = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { w: string; e: string };
    const edited = `${version}.${Buffer.from(JSON.stringify({ ...named, e: other.email.toLowerCase() })).toString("base64url")}.${signature}`;
    const editedLink = link.replace(token, edited);
    const refused = await request.post(editedLink, { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "List-Unsubscribe=One-Click" });
    expect(refused.status()).toBe(404);
    expect((await page.goto(editedLink))!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Link not recognised", level: 1 })).toBeVisible();
    expect(await suppressed(other.email)).toEqual([]);

    expect(violations).toEqual([]);
  } finally {
    await csv.close();
    await smtp.close();
  }
});
