import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "LeadPipe", template: "%s · LeadPipe" },
  description: "Lead lists through signals, qualification, drafts, human review and sending.",
  icons: { icon: "/favicon.svg" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each carries its own script nonce
  // (proxy.ts); a page prerendered at build time would have scripts the policy refuses.
  await headers();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
