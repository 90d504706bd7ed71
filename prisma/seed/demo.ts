// The demo workspace and its three logins, printed by `npm start`. Change them in production:
// create a real workspace with `npm run cli -- workspace:create`.
export const DEMO_WORKSPACE = { slug: "demo", name: "Demo Co" };

export const DEMO_USERS = [
  { email: "admin@example.com", password: "demo-admin-pass", role: "admin", name: "Ada Admin" },
  { email: "reviewer@example.com", password: "demo-reviewer-pass", role: "reviewer", name: "Rhea Reviewer" },
  { email: "viewer@example.com", password: "demo-viewer-pass", role: "viewer", name: "Victor Viewer" },
] as const;
