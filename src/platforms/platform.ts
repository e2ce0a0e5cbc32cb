import type { FormFactor, PlatformKind } from './detect-platform';

/** What a host needs to hand out a sign-in code: DingTalk wants the corp id, Feishu the app id. */
export interface AuthCodeRequest {
  corpId?: string;
  appId?: string;
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
  /** A one-time sign-in code from the host; rejects with a PlatformError outside it. */
  getAuthCode(request: AuthCodeRequest): Promise<string>;
  /** Sets the document title and, inside a host, the host's navigation-bar title. */
  setTitle(title: string): Promise<void>;
  /** Closes the host's web view; in a browser tries to close the tab. */
  close(): Promise<void>;
}

/** A failed host call, with the i18n key of the message to show. */
export class PlatformError extends Error {
  constructor(
    readonly key: 'errors.env.hostTimeout' | 'errors.env.hostFailed' | 'errors.env.noAuthCode',
    detail?: string,
  ) {
    super(detail ? `${key}: ${detail}` : key);
    this.name = 'PlatformError';
  }
}

/** Default bound for a host call: long enough for a slow bridge, short enough for a person waiting. */
export const HOST_CALL_TIMEOUT_MS = 8000;

/** Races a host call against a timer; the SDKs have no timeout of their own. */
export function withTimeout<T>(work: Promise<T>, ms: number = HOST_CALL_TIMEOUT_MS): Promise<T> {
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
            : new PlatformError(
                'errors.env.hostFailed',
                error instanceof Error ? error.message : String(error),
              ),
        );
      },
    );
  });
}

/** Sets the page title; every adapter does this before asking its host. */
export function setDocumentTitle(title: string): void {
  if (typeof document !== 'undefined') document.title = title;
}
