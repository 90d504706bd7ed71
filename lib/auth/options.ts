import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/lib/config";
import { authenticateUser } from "@/lib/auth/authenticate-user";

process.env.NEXTAUTH_URL ??= config().APP_URL;

// Credentials sign-in, JWT sessions in an HttpOnly cookie (Secure when APP_URL is https).
// next-auth adds its CSRF token to the sign-in form post.
export const authOptions: NextAuthOptions = {
  secret: config().AUTH_SECRET,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        if (!credentials?.email || !credentials.password) return null;
        return authenticateUser(credentials.email, credentials.password);
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.workspaceId = user.workspaceId;
      }
      return token;
    },
    async session({ session, token }) {
      session.userId = token.sub ?? "";
      session.workspaceId = token.workspaceId;
      return session;
    },
  },
};
