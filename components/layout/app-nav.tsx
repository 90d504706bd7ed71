"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { activeHref, navFor } from "@/components/layout/nav-items";
import { useInboxCount } from "@/components/data/queries/inbox";
import type { Role } from "@/lib/auth/roles";

function NavLinks({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const pathname = usePathname();
  const groups = navFor(role);
  const active = activeHref(pathname, groups);
  const inbox = useInboxCount();
  const countId = useId();
  const unhandled = inbox.data?.unhandled ?? 0;
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <div key={group.label ?? "main"}>
          {group.label ? <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{group.label}</p> : null}
          <ul className={group.label ? "mt-2 space-y-0.5" : "space-y-0.5"}>
            {group.items.map((item) => {
              const current = item.href === active;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={onNavigate}
                    aria-current={current ? "page" : undefined}
                    aria-describedby={item.href === "/inbox" && unhandled > 0 ? `${countId}-inbox` : undefined}
                    className={`flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                      current ? "bg-indigo-50 text-indigo-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    }`}
                  >
                    {item.label}
                    {item.href === "/inbox" && unhandled > 0 ? (
                      // Not part of the link's name (it stays "Inbox"): the link is described by the hidden
                      // span (aria-describedby reads hidden text), so a screen reader hears "3 replies to handle".
                      <span
                        data-testid="inbox-count"
                        aria-hidden="true"
                        title={`${unhandled} replies to handle`}
                        className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold tabular-nums text-white"
                      >
                        {unhandled.toLocaleString()}
                        <span id={`${countId}-inbox`} hidden>{`${unhandled.toLocaleString()} replies to handle`}</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The sidebar from 1024 px up. */
export function SideNav({ role }: { role: Role }) {
  return (
    <nav aria-label="Main" className="hidden w-56 shrink-0 lg:block">
      <div className="sticky top-6">
        <NavLinks role={role} />
      </div>
    </nav>
  );
}

/** Below 1024 px: a Menu button that opens the same links, who is signed in and Sign out. */
export function MobileNav({ role, userName }: { role: Role; userName: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-nav"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
        </svg>
        Menu
      </button>
      {open ? (
        <nav id="mobile-nav" aria-label="Main" className="absolute inset-x-0 top-full z-20 border-b border-slate-200 bg-white px-4 py-4 shadow-lg">
          <NavLinks role={role} onNavigate={() => setOpen(false)} />
          <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-200 pt-4 text-sm">
            <span className="text-slate-600">
              {userName} <span className="text-slate-400">·</span> <span className="capitalize">{role}</span>
            </span>
            <SignOutButton />
          </div>
        </nav>
      ) : null}
    </div>
  );
}
