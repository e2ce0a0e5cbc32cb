import { HOST_CALL_TIMEOUT_MS } from '../../domain/constants';
import type { FormFactor, PlatformKind } from './detect-platform';

/**
 * What a host needs to hand out a sign-in code: DingTalk wants the corp id, Feishu the app id; WeChat and
 * WeCom sign in by an OAuth redirect whose authorize URL the server builds (it holds the state).
 */
export interface AuthCodeRequest {
  corpId?: string;
  appId?: string;
  agentId?: string;
  /**
   * OAuth hosts only: asks the server for the platform's authorize URL that comes back to `redirectUri`.
   * The adapter then leaves the page for it; the code arrives with the next page load.
   */
  authorizeUrl?: (redirectUri: string) => Promise<string>;
}

/** A one-time sign-in code from the host, and the OAuth state that came back with it (WeChat, WeCom). */
export interface HostAuthCode {
  code: string;
  state?: string;
}

/**
 * One interface over every host (DESIGN §2). Adapters load their SDK lazily inside these methods and
 * bound every host call with a timeout, because the SDKs never settle outside their host.
 */
export interface Platform {
  kind: PlatformKind;
  formFactor: FormFactor;
  /** False inside chat hosts: the host owns the identity, so signing out is hidden (SPEC §2). */
  canLogout: boolean;
  /** A one-time sign-in code from the host; rejects with a PlatformError outside it or when it fails. */
  getAuthCode(request: AuthCodeRequest): Promise<HostAuthCode>;
  /** Sets the document title and, inside a host, the host's navigation-bar title. */
  setTitle(title: string): Promise<void>;
  /** Opens a product the way the host expects (its own web view, a new tab, or plain navigation). */
  openLink(url: string): Promise<void>;
  /** Closes the host's web view; in a browser tries to close the tab. */
  close(): Promise<void>;
}

/** The i18n keys a failed host call can end with. */
export type PlatformErrorKey =
  'errors.env.hostTimeout' | 'errors.env.hostFailed' | 'errors.env.noAuthCode' | 'errors.env.authDenied';

/** A failed host call, with the i18n key of the message to show. */
export class PlatformError extends Error {
  constructor(
    readonly key: PlatformErrorKey,
    detail?: string,
  ) {
    super(detail ? `${key}: ${detail}` : key);
    this.name = 'PlatformError';
  }
}

export { HOST_CALL_TIMEOUT_MS };

/** The bound of a host call on this page: the deployment's (ClientConfig.hostCallTimeoutMs) once set. */
let hostCallBoundMs = HOST_CALL_TIMEOUT_MS;

/** The page's host-call bound, as the deployment configures it (set once, where the platform is created). */
export function hostCallTimeoutMs(): number {
  return hostCallBoundMs;
}

/** Sets the page's host-call bound; a value that is not a positive number leaves the default. */
export function setHostCallTimeoutMs(ms: number | undefined): void {
  hostCallBoundMs = typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : HOST_CALL_TIMEOUT_MS;
}

/** Races a host call against a timer; the SDKs have no timeout of their own. */
export function withTimeout<T>(work: Promise<T>, ms: number = hostCallTimeoutMs()): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PlatformError('errors.env.hostTimeout')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof PlatformError
            ? error
            : new PlatformError('errors.env.hostFailed', describeFailure(error)),
        );
      },
    );
  });
}

/** A host's failure as text for the console: SDKs reject with Errors, strings or plain objects. */
function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    try {
      return JSON.stringify(error);
    } catch {
      return String(error);
    }
  }
  return String(error);
}

/** Sets the page title; every adapter does this before asking its host. */
export function setDocumentTitle(title: string): void {
  if (typeof document !== 'undefined') document.title = title;
}

/**
 * A product's address as a host's own web view needs it: absolute (a product served by the portal itself
 * has a path like `/demo-product/ELN`, which a host would not resolve against this page).
 */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.href).href;
}

/** Opens a product in a new browser tab without giving it a handle on this page. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
