import { roleAtLeast, type Role } from "@/lib/auth/roles";

// The whole navigation of the web app, including the pages still to come (contract §10). A link
// shows when its page exists (`built`) and the reader's role may use it. Hiding is a courtesy:
// every page and route handler checks the role on the server.

export type NavItem = { label: string; href: string; least: Role; built: boolean };
export type NavGroup = { label: string | null; items: NavItem[] };

export const NAV: NavGroup[] = [
  {
    label: null,
    items: [
      { label: "Home", href: "/", least: "viewer", built: true },
      { label: "Review", href: "/review", least: "viewer", built: true },
      { label: "Inbox", href: "/inbox", least: "viewer", built: true },
      { label: "Runs", href: "/runs", least: "viewer", built: true },
      { label: "Prompts", href: "/prompts", least: "viewer", built: true },
      { label: "Packs", href: "/packs", least: "viewer", built: true },
      { label: "Campaigns", href: "/campaigns", least: "viewer", built: true },
      { label: "Audit log", href: "/audit", least: "viewer", built: true },
    ],
  },
  {
    label: "Settings",
    items: [
      { label: "API tokens", href: "/settings/tokens", least: "admin", built: true },
      { label: "Webhooks", href: "/settings/webhooks", least: "admin", built: true },
      { label: "Dead letters", href: "/settings/webhooks/dead-letters", least: "admin", built: true },
      { label: "Providers", href: "/settings/providers", least: "admin", built: true },
      { label: "SMTP relay", href: "/settings/relay", least: "admin", built: true },
      { label: "Senders", href: "/settings/senders", least: "admin", built: true },
      { label: "Mailbox", href: "/settings/mailbox", least: "admin", built: true },
      { label: "Unmatched mail", href: "/settings/mailbox/unmatched", least: "viewer", built: true },
      { label: "Offer and sender", href: "/settings/offer", least: "admin", built: true },
      { label: "Suppression list", href: "/settings/suppressions", least: "viewer", built: true },
      { label: "Members", href: "/settings/members", least: "admin", built: true },
      { label: "Your sessions", href: "/settings/sessions", least: "viewer", built: true },
    ],
  },
  { label: "Developers", items: [{ label: "API reference", href: "/docs/api", least: "viewer", built: true }] },
];

/** The groups and links this role sees (empty groups dropped). */
export function navFor(role: Role): NavGroup[] {
  return NAV.map((group) => ({ ...group, items: group.items.filter((item) => item.built && roleAtLeast(role, item.least)) })).filter(
    (group) => group.items.length > 0,
  );
}

/** The link that is the current page: the longest href that prefixes the path. */
export function activeHref(pathname: string, groups: NavGroup[]): string | null {
  const hrefs = groups.flatMap((group) => group.items.map((item) => item.href));
  const matches = hrefs.filter((href) => (href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`)));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}
