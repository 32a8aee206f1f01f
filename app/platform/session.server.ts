import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { SessionData } from "./session-keys";

/**
 * An encrypted cookie session (AES-256-GCM, key derived from SESSION_SECRET), not only signed:
 * its content cannot be read or altered by the browser. Over 4 KB it refuses to write.
 */
export const SESSION_COOKIE = "pass_session";
/**
 * The name used when the portal is served over HTTPS at the site's root (docs/decisions/019): browsers keep a
 * __Host- cookie only if it is Secure, has Path=/ and no Domain, so no other subdomain or path can set or shadow it.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
const MAX_COOKIE_BYTES = 4000;

export class Session<D extends object = SessionData> {
  readonly data: D;
  private dirty = false;
  readonly isNew: boolean;
  constructor(data: NoInfer<D>, isNew: boolean) {
    this.data = data;
    this.isNew = isNew;
  }
  get<K extends keyof D>(key: K): D[K] {
    return this.data[key];
  }
  set<K extends keyof D>(key: K, value: D[K]): void {
    if (value === undefined) delete this.data[key];
    else this.data[key] = value;
    this.dirty = true;
  }
  unset(key: keyof D): void {
    delete this.data[key];
    this.dirty = true;
  }
  get changed(): boolean {
    return this.dirty;
  }
}

export type SessionStore<D extends object = SessionData> = {
  read(cookieHeader: string | null | undefined): Session<D>;
  /** The Set-Cookie header value for the session as it is now. */
  write(session: Session<D>, secure: boolean): string;
};

export function cookieFromHeader(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/**
 * `cookie` and `purpose` make a second store with its own cookie and its own key (the staff console's session,
 * docs/decisions/127): neither store can read the other's cookie. The patients' store keeps the defaults.
 */
export function createSessionStore<D extends object = SessionData>(opts: {
  secret: string;
  path: string;
  hostPrefixed?: boolean;
  cookie?: string;
  purpose?: string;
}): SessionStore<D> {
  const hostPrefixed = opts.hostPrefixed === true && opts.path === "/";
  const plain = opts.cookie ?? SESSION_COOKIE;
  const name = hostPrefixed ? `__Host-${plain}` : plain;
  const key = Buffer.from(hkdfSync("sha256", opts.secret, "pass-portal", opts.purpose ?? "session-encryption-v1", 32));

  function encrypt(data: D): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  function decrypt(value: string): D | null {
    try {
      const raw = Buffer.from(value, "base64url");
      if (raw.length < 29) return null;
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === "object" ? (parsed as D) : null;
    } catch {
      return null;
    }
  }

  return {
    read(cookieHeader) {
      const value = cookieFromHeader(cookieHeader, name);
      const data = value ? decrypt(value) : null;
      return new Session<D>(data ?? ({} as D), data === null);
    },
    write(session, secure) {
      const parts = [`${name}=${encrypt(session.data)}`, `Path=${opts.path}`, "HttpOnly", "SameSite=Lax"];
      if (secure || hostPrefixed) parts.push("Secure");
      const cookie = parts.join("; ");
      if (Buffer.byteLength(cookie) > MAX_COOKIE_BYTES) throw new Error("Session cookie would exceed 4 KB");
      return cookie;
    },
  };
}

/**
 * The cookie the session store would write for this data (AES-GCM: 12-byte IV + 16-byte tag + the JSON, in
 * base64url; then its attributes), in bytes. The store refuses to write over 4000 bytes and the page would lose
 * the session's changes, so a draft that would go over WRITE_LIMIT is refused before it is kept, leaving room for
 * the flash messages and time stamps written later in the same request.
 */
export function sessionCookieBytes(data: SessionData, basePath = "/"): number {
  const json = Buffer.byteLength(JSON.stringify(data));
  const value = Math.ceil(((28 + json) * 4) / 3);
  // At the site's root the cookie may carry the __Host- prefix (docs/decisions/019): count the longer name.
  const name = basePath === "/" ? HOST_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=`.length + value + `; Path=${basePath}; HttpOnly; SameSite=Lax; Secure`.length;
}
export const WRITE_LIMIT = 3700;
