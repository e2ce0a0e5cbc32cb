/**
 * What a sign-in inside a chat host keeps in this tab's sessionStorage: apart from storage.ts so that the
 * first paint, which needs none of it outside a host, does not grow with it.
 */
const HOST_KEYS = {
  /**
   * A chat host's identity that matched no account, as the server's bind ticket, kept across the login
   * page so that a password sign-in in the host can link it (POST account/bindHost).
   */
  bindTicket: 'uc.hostBindTicket',
  /** The entry route and OAuth state of a WeChat / WeCom redirect under way. */
  entry: 'uc.hostEntry',
} as const;

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

/** A chat host's identity waiting to be linked to the account that signs in next (this tab only). */
export interface PendingHostBinding {
  platform: string;
  bindTicket: string;
}

export function writeHostBindTicket(binding: PendingHostBinding): void {
  session()?.setItem(HOST_KEYS.bindTicket, JSON.stringify(binding));
}

export function readHostBindTicket(): PendingHostBinding | null {
  const raw = session()?.getItem(HOST_KEYS.bindTicket);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingHostBinding> | null;
    return typeof value?.platform === 'string' && typeof value.bindTicket === 'string'
      ? { platform: value.platform, bindTicket: value.bindTicket }
      : null;
  } catch {
    return null;
  }
}

export function clearHostBindTicket(): void {
  session()?.removeItem(HOST_KEYS.bindTicket);
}

/** Where a WeChat / WeCom OAuth redirect started: its entry route (with query) and the state it carries. */
export interface HostEntry {
  route: string;
  state: string | null;
}

export function writeHostEntry(entry: HostEntry): void {
  session()?.setItem(HOST_KEYS.entry, JSON.stringify(entry));
}

export function readHostEntry(): HostEntry | null {
  const raw = session()?.getItem(HOST_KEYS.entry);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<HostEntry> | null;
    return typeof value?.route === 'string' && value.route.startsWith('/')
      ? { route: value.route, state: typeof value.state === 'string' ? value.state : null }
      : null;
  } catch {
    return null;
  }
}
