import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";

type ShellProps = { workspaceName: string; userName: string; role: string; children: ReactNode };

export function AppShell({ workspaceName, userName, role, children }: ShellProps) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <Link href="/" className="text-lg font-semibold tracking-tight text-slate-900">LeadPipe</Link>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{workspaceName}</span>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-slate-600">
              {userName} <span className="text-slate-400">·</span> <span className="capitalize">{role}</span>
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </div>
  );
}
