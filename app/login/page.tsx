import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackUrl } from "@/lib/auth/callback-url";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string; signedOut?: string }> }) {
  const { callbackUrl, signedOut } = await searchParams;
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <p className="text-2xl font-semibold tracking-tight text-slate-900">LeadPipe</p>
          <h1 className="mt-2 text-sm text-slate-600">Sign in to your workspace</h1>
        </div>
        {signedOut === "everywhere" ? (
          <p role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            You are signed out everywhere: every browser must sign in again.
          </p>
        ) : null}
        <LoginForm callbackUrl={safeCallbackUrl(callbackUrl)} />
      </div>
    </main>
  );
}
