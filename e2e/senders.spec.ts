import { expect, test, type Locator, type Page } from "@playwright/test";
import { createServer } from "node:net";
import { startDovecot, type Dovecot } from "../tests/helpers/dovecot";
import { startSmtpSink } from "../tests/helpers/smtp-sink";
import { DEMO, screenshots, signIn, withDb } from "./support";

// Settings → Senders (issue 27, first slice; issue 33): an admin adds a sender with the keyboard alone
// (with the title and signature its drafts are signed with), sees it listed with its cap, ramp, DNS
// checks and health, changes its cap and its signature (the saved password is kept, never shown) and
// deletes it after confirming. A viewer cannot open the page, and the server refuses its changes.
// Each sender's mailbox shows what the intake worker sees of it (a real IMAP server, dovecot). Each
// sender's "Check connection" logs in to its own relay (a real SMTP sink; a closed port), and a
// sender whose relay failed shows the failure on its card and is named on the review queue.

let dovecot: Dovecot | undefined;
test.afterAll(async () => {
  await dovecot?.stop();
});

/** Types into the focused field, then Tab to the next one, which must be `next`. */
async function typeThenTab(page: Page, text: string, next: Locator) {
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
  await expect(next).toBeFocused();
}

test("an admin adds a sender by keyboard, sees it listed, changes its cap and deletes it", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Senders" }).click();
  await expect(page.getByRole("heading", { name: "Senders", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Default sender" }).getByRole("link", { name: "SMTP relay" })).toBeVisible();

  const tag = Date.now().toString(36);
  const email = `alex-${tag}@example.com`;
  const add = page.getByRole("form", { name: "Add a sender" });
  await add.getByLabel("From address").focus();
  await typeThenTab(page, email, add.getByLabel("From name"));
  await typeThenTab(page, "Alex Seller", add.getByLabel("Title"));
  await typeThenTab(page, "Head of Sales", add.getByLabel("DKIM selector"));
  await typeThenTab(page, "s1", add.getByLabel("Signature"));
  // Enter in the signature makes a new line, it does not submit.
  await typeThenTab(page, "Acme Ledger\nacme.example", add.getByLabel("SMTP host"));
  await typeThenTab(page, "smtp.example.com", add.getByLabel("SMTP port"));
  await page.keyboard.press("Tab"); // the TLS checkbox, left off
  await page.keyboard.press("Tab");
  await expect(add.getByLabel("SMTP username")).toBeFocused();
  await typeThenTab(page, "alex", add.getByLabel("SMTP password", { exact: true }));
  await typeThenTab(page, "smtp-secret-4Kq9", add.getByLabel("Read this sender’s replies from its own IMAP mailbox."));
  await page.keyboard.press("Tab");
  await expect(add.getByLabel("Daily cap")).toBeFocused();
  await typeThenTab(page, "40", add.getByLabel("Ramp: first day"));
  // A ramp that starts above the cap is refused at its field.
  await typeThenTab(page, "50", add.getByLabel("Ramp: added per day"));
  await page.keyboard.type("5");
  await page.keyboard.press("Enter");
  await expect(add.getByText("must be at most the daily_cap (40)")).toBeVisible();
  await add.getByLabel("Ramp: first day").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("10");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Sender ${email} added.` })).toBeVisible();

  const id = await withDb(async (db) => (await db.query(`SELECT id FROM senders WHERE "fromEmail" = $1`, [email])).rows[0].id as string);
  const card = page.getByTestId(`sender-${id}`);
  await expect(card).toContainText(`Alex Seller <${email}>`);
  await expect(card).toContainText("40 a day");
  await expect(card).toContainText("From 10, +5 a day");
  await expect(card).toContainText("Enabled");
  // Who signs its drafts (contract §13): name, title and the signature's lines.
  const signs = card.getByTestId("sender-signs-as");
  await expect(signs).toContainText("Alex Seller, Head of Sales");
  await expect(signs).toContainText("Acme Ledger\nacme.example", { useInnerText: true });
  expect(
    await withDb(async (db) => (await db.query(`SELECT title, signature FROM senders WHERE id = $1`, [id])).rows[0] as { title: string; signature: string }),
  ).toEqual({ title: "Head of Sales", signature: "Acme Ledger\nacme.example" });
  // Its health: active, no sends yet.
  await expect(card.getByTestId("sender-health")).toContainText("Active");
  // Its domain's DNS checks ran when it was added (contract §13): each check, and how to fix one that fails.
  const dns = card.getByTestId("dns-checks");
  await expect(dns).toContainText("DNS of example.com");
  for (const name of ["MX", "SPF", "DMARC", "DKIM"]) await expect(dns.getByText(name, { exact: true })).toBeVisible();
  expect(await withDb(async (db) => (await db.query(`SELECT dns->'dkim'->>'status' AS s FROM senders WHERE id = $1`, [id])).rows[0].s)).toMatch(
    /^(pass|fail|unknown)$/,
  );
  const checkedBefore = await withDb(async (db) => (await db.query(`SELECT dns->>'checked_at' AS at FROM senders WHERE id = $1`, [id])).rows[0].at as string);
  await dns.getByRole("button", { name: `Check DNS of ${email}` }).click();
  await expect
    .poll(async () => withDb(async (db) => (await db.query(`SELECT dns->>'checked_at' AS at FROM senders WHERE id = $1`, [id])).rows[0].at as string))
    .not.toBe(checkedBefore);
  await expect(dns.getByRole("button", { name: `Check DNS of ${email}` })).toHaveText("Check DNS");
  expect(await page.content()).not.toContain("smtp-secret-4Kq9");
  const sealed = await withDb(
    async (db) => (await db.query(`SELECT "relayPasswordEncrypted" FROM senders WHERE id = $1`, [id])).rows[0].relayPasswordEncrypted as string,
  );
  expect(sealed).not.toContain("smtp-secret");
  await screenshots(page, "senders");

  // Change the cap with the keyboard; the saved password is kept.
  await card.getByRole("button", { name: `Change ${email}` }).focus();
  await page.keyboard.press("Enter");
  const edit = card.getByRole("form", { name: `Change ${email}` });
  await expect(edit.getByLabel("SMTP password", { exact: true })).toHaveAttribute("placeholder", "Saved: leave empty to keep it");
  await edit.getByLabel("Daily cap").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("60");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Sender ${email} saved.` })).toBeVisible();
  await expect(card).toContainText("60 a day");

  // Change the signature with the keyboard: the form opens filled with the saved one.
  await card.getByRole("button", { name: `Change ${email}` }).focus();
  await page.keyboard.press("Enter");
  await expect(edit.getByLabel("Signature")).toHaveValue("Acme Ledger\nacme.example");
  await expect(edit.getByLabel("Title")).toHaveValue("Head of Sales");
  await edit.getByLabel("Signature").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Alex at Acme Ledger\nBook a call: acme.example/alex");
  await screenshots(page, "sender-signature-edit");
  await edit.getByRole("button", { name: "Save changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Sender ${email} saved.` })).toBeVisible();
  await expect(signs).toContainText("Alex at Acme Ledger\nBook a call: acme.example/alex", { useInnerText: true });
  expect(await withDb(async (db) => (await db.query(`SELECT signature FROM senders WHERE id = $1`, [id])).rows[0].signature)).toBe(
    "Alex at Acme Ledger\nBook a call: acme.example/alex",
  );
  expect(await withDb(async (db) => (await db.query(`SELECT "relayPasswordEncrypted" FROM senders WHERE id = $1`, [id])).rows[0].relayPasswordEncrypted)).toBe(
    sealed,
  );

  // Delete, after the confirmation dialog (Cancel first: nothing happens).
  await card.getByRole("button", { name: `Delete ${email}` }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: `Delete ${email}` }).focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Delete sender" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Sender ${email} deleted.` })).toBeVisible();
  await expect(page.getByTestId(`sender-${id}`)).toHaveCount(0);
  expect(await withDb(async (db) => (await db.query(`SELECT count(*)::int AS n FROM senders WHERE id = $1`, [id])).rows[0].n)).toBe(0);
});

test("a viewer cannot open the senders page, and the server refuses its changes", async ({ page, baseURL }) => {
  await signIn(page, DEMO.viewer);
  expect((await page.goto("/settings/senders"))?.status()).toBe(403);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Senders" })).toHaveCount(0);
  const origin = { origin: baseURL! };
  const post = await page.request.post("/api/web/senders", {
    headers: origin,
    data: { from_email: "sneaky@example.com", relay: { host: "smtp.example.com", port: 587 } },
  });
  expect(post.status()).toBe(403);
  expect((await page.request.get("/api/web/senders")).status()).toBe(403);
});

test("each sender's mailbox shows the worker's state: a wrong password is failing with the reason, a good one waits for mail", async ({ page, baseURL }) => {
  dovecot = await startDovecot(["e2e-sender-good", "e2e-sender-bad"]);
  await signIn(page, DEMO.admin);
  const tag = Date.now().toString(36);
  const mailbox = (user: string, password: string) => ({
    host: dovecot!.host,
    port: dovecot!.port,
    secure: false,
    username: user,
    password,
    folders: ["INBOX"],
  });
  const add = async (email: string, box: ReturnType<typeof mailbox>) => {
    const created = await page.request.post("/api/web/senders", {
      headers: { origin: baseURL! },
      data: { from_email: email, relay: { host: "smtp.example.com", port: 587 }, mailbox: box },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  const good = await add(`good-${tag}@example.com`, mailbox("e2e-sender-good", dovecot.user("e2e-sender-good").password));
  const bad = await add(`bad-${tag}@example.com`, mailbox("e2e-sender-bad", "not-the-password"));
  try {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Senders" }).click();
    await expect(page.getByRole("heading", { name: "Senders", level: 1 })).toBeVisible();
    // The worker picks each mailbox up within a scan; the list polls while a mailbox is read.
    await expect(page.getByTestId(`sender-mailbox-state-${good}`)).toHaveText("Connected, waiting for mail", { timeout: 30_000 });
    await expect(page.getByTestId(`sender-mailbox-state-${bad}`)).toHaveText("Failing", { timeout: 30_000 });
    await expect(page.getByTestId(`sender-mailbox-error-${bad}`)).toHaveText(
      "Last error: login refused. The worker tries again every 30 s, or as soon as the mailbox settings change.",
    );
    await expect(page.getByTestId(`sender-mailbox-error-${good}`)).toHaveCount(0);
    await expect(page.getByTestId(`sender-${good}`)).toContainText(/last read to the end (now|\d+ seconds? ago)/);
    await screenshots(page, "senders-mailbox-state");
  } finally {
    // The demo workspace is shared: enabled senders would take other specs' leads.
    for (const id of [good, bad]) await page.request.delete(`/api/web/senders/${id}`, { headers: { origin: baseURL! } });
  }
});

test("an admin checks each sender's connection by keyboard: logged in, or the server's error; a failing sender is named on the review queue", async ({
  page,
  baseURL,
}) => {
  const smtp = await startSmtpSink();
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const closedPort = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await signIn(page, DEMO.admin);
  const tag = Date.now().toString(36);
  const add = async (email: string, relay: Record<string, unknown>) => {
    const created = await page.request.post("/api/web/senders", { headers: { origin: baseURL! }, data: { from_email: email, relay } });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  const goodEmail = `good-relay-${tag}@example.com`;
  const badEmail = `bad-relay-${tag}@example.com`;
  const good = await add(goodEmail, { host: "127.0.0.1", port: smtp.port, secure: false, username: "sam", password: "relay-secret" });
  const bad = await add(badEmail, { host: "127.0.0.1", port: closedPort, secure: false });
  // What the send path writes when a send through its relay cannot connect (tests/integration/sender-relay-failure.test.ts).
  const failure = `127.0.0.1:${closedPort}: connect ECONNREFUSED 127.0.0.1:${closedPort}`;
  await withDb((db) => db.query(`UPDATE senders SET "lastFailure" = $2, "lastFailureAt" = now() WHERE id = $1`, [bad, failure]));
  try {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Senders" }).click();
    await expect(page.getByRole("heading", { name: "Senders", level: 1 })).toBeVisible();
    const goodCard = page.getByTestId(`sender-${good}`);
    const badCard = page.getByTestId(`sender-${bad}`);
    await expect(badCard.getByTestId(`sender-relay-failure-${bad}`)).toContainText(`Last send failed`);
    await expect(badCard.getByTestId(`sender-relay-failure-${bad}`)).toContainText(`${failure}. Its sends are retried until the relay works again`);
    await expect(goodCard.getByTestId(`sender-relay-failure-${good}`)).toHaveCount(0);

    // The working sender: its button pressed with Enter; the answer is said in words.
    const checkGood = goodCard.getByRole("button", { name: `Check connection of ${goodEmail}` });
    await checkGood.focus();
    await page.keyboard.press("Enter");
    await expect(goodCard.getByTestId(`sender-check-${good}`).getByRole("status")).toHaveText(`Connected to 127.0.0.1:${smtp.port} and logged in as sam.`);
    await expect(checkGood).toHaveText("Check connection");

    const checkBad = badCard.getByRole("button", { name: `Check connection of ${badEmail}` });
    await checkBad.focus();
    await page.keyboard.press("Enter");
    await expect(badCard.getByTestId(`sender-check-${bad}`).getByRole("alert")).toContainText(`127.0.0.1:${closedPort} refused:`);
    await expect(badCard.getByTestId(`sender-check-${bad}`).getByRole("alert")).toContainText("ECONNREFUSED");
    expect(smtp.mails).toHaveLength(0); // a check sends nothing
    await badCard.scrollIntoViewIfNeeded();
    await screenshots(page, "senders-connection-check");

    // The review queue names the failing sender; the default relay is not said to fail.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Review/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Review", level: 1 })).toBeVisible();
    const warning = page.getByTestId("sender-relay-warning");
    await expect(warning).toContainText(`The relay of sender ${badEmail} is failing`);
    await expect(warning).toContainText(`The last send from ${badEmail} failed: ${failure}.`);
    await expect(page.getByText("The default SMTP relay is failing")).toHaveCount(0);
    await expect(page.getByText("The SMTP relay is failing")).toHaveCount(0);
    await screenshots(page, "review-sender-relay-failing");
  } finally {
    // The demo workspace is shared: enabled senders would take other specs' leads.
    for (const id of [good, bad]) await page.request.delete(`/api/web/senders/${id}`, { headers: { origin: baseURL! } });
    await smtp.close();
  }
});
