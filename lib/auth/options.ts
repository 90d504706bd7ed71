import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/lib/config";
import { authenticateUser } from "@/lib/auth/authenticate-user";
import { rateLimitedError } from "@/lib/auth/sign-in-errors";
import { endWebSession, startWebSession, type SignInContext } from "@/lib/auth/web-sessions";
import { clientAddress, signInSucceeded, takeSignInAttempt } from "@/lib/auth/sign-in-limit";

process.env.NEXTAUTH_URL ??= config().APP_URL;

// Credentials sign-in, JWT sessions in an HttpOnly cookie (Secure when APP_URL is https).
// next-auth adds its CSRF token to the sign-in form post. Attempts are limited per email and
// client address (lib/auth/sign-in-limit.ts); a limited attempt never reaches the password check.
export const authOptions: NextAuthOptions = {
  secret: config().AUTH_SECRET,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        if (!credentials?.email || !credentials.password) return null;
        const address = clientAddress(request.headers ?? {});
        const attempt = await takeSignInAttempt(credentials.email, address);
        if (!attempt.allowed) throw new Error(rateLimitedError(attempt.retryAfterSeconds));
        const user = await authenticateUser(credentials.email, credentials.password);
        if (!user) return null;
        await signInSucceeded(credentials.email, address);
        const userAgent = request.headers?.["user-agent"];
        // Carried to the jwt callback, which records the session with it (never put in the token).
        return { ...user, signInContext: { userAgent: typeof userAgent === "string" ? userAgent : null, address } };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.workspaceId = user.workspaceId;
        const context = (user as { signInContext?: SignInContext }).signInContext;
        token.sid = await startWebSession(user.id, context); // checked on every request (lib/auth/session.ts)
      }
      return token;
    },
    async session({ session, token }) {
      session.userId = token.sub ?? "";
      session.workspaceId = token.workspaceId;
      session.sid = token.sid;
      return session;
    },
  },
  events: {
    async signOut({ token }) {
      if (token?.sid) await endWebSession(token.sid);
    },
  },
};
