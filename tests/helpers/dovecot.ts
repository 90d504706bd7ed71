import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { ensureDovecot } from "../../scripts/lib/services.mjs";
import { freePort } from "./processes";

// A private Dovecot IMAP server for one test run: its own configuration in a temporary directory, a
// free loopback port, passwd-file logins and maildirs, never the system's instance. Installed from
// Debian's packages (dovecot-imapd) when absent (ensureDovecot).

export type Dovecot = {
  host: string;
  port: number;
  user: (name: string) => { username: string; password: string };
  /** Drops a message into a user's folder (IMAP APPEND, as a delivery agent would). */
  append: (username: string, raw: string | Buffer, folder?: string) => Promise<void>;
  appendMany: (username: string, raws: (string | Buffer)[], folder?: string) => Promise<void>;
  /** Writes messages straight into a user's INBOX maildir (as a local delivery agent does): fast, for the benchmark. */
  deliverMany: (username: string, raws: (string | Buffer)[]) => void;
  /** The IMAP sessions open now for a user (`doveadm who`): one line per connection. */
  sessions: (username: string) => number;
  stop: () => Promise<void>;
};

function mailOwner(): { name: string; uid: number; gid: number } {
  // Dovecot refuses mail access as root: as root the maildirs belong to its own `dovecot` user.
  const info = os.userInfo();
  if (info.uid !== 0) return { name: info.username, uid: info.uid, gid: info.gid };
  const passwd = spawnSyncText("getent", ["passwd", "dovecot"]).split(":");
  if (passwd.length < 4) throw new Error("The `dovecot` system user is missing; reinstall dovecot-core.");
  return { name: "dovecot", uid: Number(passwd[2]), gid: Number(passwd[3]) };
}

function spawnSyncText(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8" }).trim();
}

export async function startDovecot(users: string[] = ["intake"]): Promise<Dovecot> {
  const binary = await ensureDovecot();
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "leadpipe-dovecot-"));
  chmodSync(dir, 0o755); // the auth and mail processes run as the mail owner
  const owner = mailOwner();
  const runDir = path.join(dir, "run");
  const mailDir = path.join(dir, "mail");
  mkdirSync(runDir, { recursive: true });
  mkdirSync(mailDir, { recursive: true });
  chownSync(mailDir, owner.uid, owner.gid);
  const secret = (name: string) => `pw-${name}-secret`;
  writeFileSync(path.join(dir, "users"), users.map((name) => `${name}:{PLAIN}${secret(name)}::::::\n`).join(""));
  const internal = os.userInfo().uid === 0 ? "dovecot" : owner.name;
  const login = os.userInfo().uid === 0 ? "dovenull" : owner.name;
  writeFileSync(
    path.join(dir, "dovecot.conf"),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${runDir}
state_dir = ${path.join(dir, "state")}
instance_name = leadpipe-test-${port}
log_path = ${path.join(dir, "dovecot.log")}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${internal}
default_internal_group = ${internal}
default_login_user = ${login}
first_valid_uid = ${owner.uid}
mail_location = maildir:${mailDir}/%u
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${path.join(dir, "users")}
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${mailDir}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  mkdirSync(path.join(dir, "state"), { recursive: true });
  const child: ChildProcess = spawn(binary, ["-F", "-c", path.join(dir, "dovecot.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));

  const user = (name: string) => ({ username: name, password: secret(name) });
  const connect = async (username: string) => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user: username, pass: secret(username) },
      logger: false,
      disableAutoIdle: true,
    });
    client.on("error", () => undefined);
    await client.connect();
    return client;
  };
  // Ready when a login works.
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const client = await connect(users[0]);
      await client.logout();
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill("SIGKILL");
        throw new Error(`dovecot did not start on 127.0.0.1:${port}: ${(error as Error).message}\n${output}\n${readLog(dir)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const appendMany = async (username: string, raws: (string | Buffer)[], folder = "INBOX") => {
    const client = await connect(username);
    try {
      if (folder !== "INBOX") await client.mailboxCreate(folder).catch(() => undefined);
      for (const raw of raws) await client.append(folder, raw);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  const deliverMany = (username: string, raws: (string | Buffer)[]) => {
    const box = path.join(mailDir, username);
    for (const sub of ["", "new", "cur", "tmp"]) {
      mkdirSync(path.join(box, sub), { recursive: true });
      chownSync(path.join(box, sub), owner.uid, owner.gid);
    }
    raws.forEach((raw, i) => {
      const name = `${Date.now()}.M${i}P${process.pid}.leadpipe-test`;
      const tmp = path.join(box, "tmp", name);
      writeFileSync(tmp, raw);
      chownSync(tmp, owner.uid, owner.gid);
      renameSync(tmp, path.join(box, "new", name));
    });
  };
  const sessions = (username: string) => {
    const out = execFileSync("doveadm", ["-c", path.join(dir, "dovecot.conf"), "who", "-1", username], { encoding: "utf8" });
    return out.split("\n").filter((line) => line.trim().split(/\s+/)[0] === username && /\bimap\b/.test(line)).length;
  };
  return {
    host: "127.0.0.1",
    deliverMany,
    sessions,
    port,
    user,
    append: (username, raw, folder) => appendMany(username, [raw], folder),
    appendMany,
    stop: async () => {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      if (!process.env.KEEP_DOVECOT_DIR) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, "dovecot.log"), "utf8").slice(-4000);
  } catch {
    return "";
  }
}
