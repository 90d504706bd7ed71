import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface User {
    workspaceId: string;
  }
  interface Session {
    userId: string;
    workspaceId: string;
    /** The server-side session record (lib/auth/web-sessions.ts). */
    sid?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    workspaceId: string;
    sid?: string;
  }
}
