import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { QueryProvider } from "@/components/providers/query-provider";
import { currentSession } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await currentSession();
  if (!session) redirect("/login");
  return (
    <QueryProvider>
      <AppShell workspaceName={session.workspace.name} userName={session.user.name} role={session.role}>
        {children}
      </AppShell>
    </QueryProvider>
  );
}
