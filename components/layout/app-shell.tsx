import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { MobileNav, SideNav } from "@/components/layout/app-nav";
import type { Role } from "@/lib/auth/roles";

type ShellProps = { workspaceName: string; userName: string; role: Role; children: ReactNode };

export function AppShell({ workspaceName, userName, role, children }: ShellProps) {
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-30 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:shadow"
      >
        Skip to content
      </a>
      <header className="relative border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <Link href="/" className="text-lg font-semibold tracking-tight text-slate-900">
              LeadPipe
            </Link>
            <span className="truncate rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{workspaceName}</span>
          </div>
          <div className="hidden items-center gap-2 text-sm lg:flex">
            <span className="text-slate-600">
              {userName} <span className="text-slate-400">·</span> <span className="capitalize">{role}</span>
            </span>
            <SignOutButton />
          </div>
          <MobileNav role={role} userName={userName} />
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-6 lg:py-8">
        <SideNav role={role} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
