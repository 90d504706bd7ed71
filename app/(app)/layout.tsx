import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { currentSession } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await currentSession();
  if (!session) redirect("/login");
  return (
    <AppShell workspaceName={session.workspace.name} userName={session.user.name} role={session.role}>
      {children}
    </AppShell>
  );
}
