import type { AxiosAdapter, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { browserTimeZone } from '../platforms/browser-language';
import type { z } from 'zod';
import { SUCCESS_CODE, type Language } from '../../domain/constants';
import type { ErrorKey } from '../../domain/i18n';
import { SIGNING_HEADERS } from '../../domain/rules/request-signing';
import type { envelopeSchema, FailureEnvelope } from '../../domain/schemas/common';

/** The key of a failure whose own key this client does not know (an older client, a proxy's error page). */
const UNKNOWN_ERROR_KEY: ErrorKey = 'errors.request.internal';

/** A failed API call: the HTTP status (0 when the network failed), the server's i18n key and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    message: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Per-call switches. */
export interface RequestOptions {
  query?: Record<string, string | number | boolean>;
  /** Do not toast a failure; the caller shows it. */
  silent?: boolean;
  /**
   * A 401 is an expected answer (sign-in, session probe): do not clear the session or go to login.
   */
  authProbe?: boolean;
  /** Told how much of a body (a file upload) has been sent, from 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
  /** Longer than the default 30 s, for a large upload the server works on. */
  timeoutMs?: number;
  /** Headers of this call only, e.g. the open API's `Authorization: Bearer` the appCredential test sends. */
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** Prefix of every call, e.g. `/api`. */
  baseURL: string;
  signingKey: string;
  getLanguage: () => Language;
  /** Called on a 401 from any call that is not an auth probe. */
  onUnauthorized: (error: ApiError) => void;
  /**
   * Called when the organisation's IP whitelist refused this address (403 errors.login.ipForbidden, at
   * sign-in or on any call of a signed-in member): the shell shows /ipException instead of a toast.
   */
  onIpForbidden?: (error: ApiError) => void;
  /**
   * Called when the server answers that the screen lock holds this session (403 errors.screenLock.locked,
   * e.g. another tab locked it): the shell shows /lock instead of a toast.
   */
  onScreenLocked?: (error: ApiError) => void;
  /** Shows a failure for 3 s; injected so this module stays UI-free. */
  showError: (message: string) => void;
  /** Message of a network failure, in the current language. */
  networkErrorMessage: () => string;
  /**
   * Whether an error key is in this client's catalogue; a newer server's unknown key becomes
   * UNKNOWN_ERROR_KEY. Without it, any `errors.*` key is taken.
   */
  knowsErrorKey?: (key: string) => boolean;
  /** Headers sent with every call, e.g. HOST_FRAME_HEADER while a chat host frames the page. */
  headers?: Record<string, string>;
  now?: () => number;
  nonce?: () => string;
  /** Replaces axios's transport in tests. */
  adapter?: AxiosAdapter;
}

export interface ApiClient {
  get(url: string, options?: RequestOptions): Promise<unknown>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  delete(url: string, options?: RequestOptions): Promise<unknown>;
  /** POSTs `body` and returns the file the server answers with (a failure is an envelope, as usual). */
  download(url: string, body?: unknown, options?: RequestOptions): Promise<DownloadedFile>;
  /** Server time minus local time, in ms (see measureClockOffset). */
  setClockOffset(offsetMs: number): void;
  clockOffset(): number;
}

/** A file an API call answered with, and the name the server gave it (Content-Disposition), if any. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header: the RFC 6266 UTF-8 name first, else the plain one. */
export function fileNameOf(disposition: string | undefined): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // a malformed encoding falls back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/** A Blob's text; through FileReader where Blob.text is missing (older chat-host web views). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

/** A failed download's body arrives as a Blob: read it back into the JSON envelope it holds. */
async function readBlobBody(caught: unknown): Promise<unknown> {
  const response = (caught as { response?: { data?: unknown } } | null)?.response;
  if (!response || typeof Blob === 'undefined' || !(response.data instanceof Blob)) return caught;
  try {
    response.data = JSON.parse(await blobText(response.data));
  } catch {
    response.data = undefined;
  }
  return caught;
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 32 random characters of [A-Za-z0-9_-] from the platform's CSPRNG. */
export function randomNonce(length = 32): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const byte of bytes) out += NONCE_ALPHABET[byte & 63];
  return out;
}

/**
 * Server time minus local time, from the Date header of a GET of the site root (SPEC §7).
 * Returns 0 when the header is missing, so a broken proxy degrades to the local clock.
 */
export async function measureClockOffset(
  rootUrl: string,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<number> {
  try {
    const response = await fetchImpl(rootUrl, { method: 'GET', cache: 'no-store' });
    const date = response.headers.get('date');
    const server = date ? Date.parse(date) : NaN;
    return Number.isFinite(server) ? server - now() : 0;
  } catch {
    return 0;
  }
}

interface AxiosFailure {
  message: string;
  response?: { status: number; data: unknown };
}

/** An answer as the domain schemas describe it; unparsed, so any field may be missing. */
type Envelope = Partial<z.infer<ReturnType<typeof envelopeSchema<z.ZodUnknown>>>> & Partial<FailureEnvelope>;

/** The API client: signs every request, sends the language, unwraps the envelope, routes failures. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const now = options.now ?? Date.now;
  const nonce = options.nonce ?? randomNonce;
  const knowsErrorKey = options.knowsErrorKey ?? ((key: string) => /^errors\.[\w.]+$/.test(key));
  let offset = 0;

  /** The typed key of a failure answer; anything this client cannot show becomes UNKNOWN_ERROR_KEY. */
  const errorOf = (status: number, body: Envelope | undefined, fallbackMessage: string): ApiError => {
    const key = body?.error?.key;
    return new ApiError(
      status,
      typeof key === 'string' && knowsErrorKey(key) ? key : UNKNOWN_ERROR_KEY,
      body?.message || fallbackMessage,
      body?.error?.params,
    );
  };

  // axios and the signing code load with the first call, not with the page: the login page renders
  // without them.
  let http: Promise<{ instance: AxiosInstance; isAxiosError: (value: unknown) => boolean }> | null = null;
  const transport = () =>
    (http ??= Promise.all([import('axios'), import('./request-signature')]).then(
      ([{ default: axios, isAxiosError }, { computeSignature }]) => {
        const instance = axios.create({
          baseURL: options.baseURL,
          adapter: options.adapter,
          timeout: 30_000,
        });
        instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
          const timestamp = String(Math.round(now() + offset));
          const value = nonce();
          for (const [name, value] of Object.entries(options.headers ?? {})) config.headers.set(name, value);
          config.headers.set('Accept-Language', options.getLanguage());
          // Times the server writes into texts (exports, log texts) are in the reader's zone.
          config.headers.set('X-Time-Zone', browserTimeZone());
          config.headers.set(SIGNING_HEADERS.nonce, value);
          config.headers.set(SIGNING_HEADERS.timestamp, timestamp);
          config.headers.set(
            SIGNING_HEADERS.signature,
            computeSignature(options.signingKey, timestamp, value),
          );
          return config;
        });
        return { instance, isAxiosError };
      },
    )).catch((error: unknown) => {
      http = null; // a failed chunk load may succeed on the next call
      throw error;
    });

  const toApiError = (error: unknown, isAxiosError: (value: unknown) => boolean): ApiError => {
    if (error instanceof ApiError) return error;
    if (isAxiosError(error) && (error as AxiosFailure).response) {
      const failure = error as Required<AxiosFailure>;
      const body = failure.response.data;
      return errorOf(
        failure.response.status,
        body && typeof body === 'object' ? (body as Envelope) : undefined,
        failure.message,
      );
    }
    return new ApiError(0, 'errors.request.network', options.networkErrorMessage());
  };

  const send = async (
    method: 'get' | 'post' | 'put' | 'delete',
    url: string,
    body: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<unknown> => {
    let isAxiosError: (value: unknown) => boolean = () => false;
    try {
      const loaded = await transport();
      isAxiosError = loaded.isAxiosError;
      const response = await loaded.instance.request<Envelope>({
        method,
        url,
        data: body,
        params: requestOptions.query,
        timeout: requestOptions.timeoutMs,
        onUploadProgress: requestOptions.onUploadProgress
          ? (event) => requestOptions.onUploadProgress?.(event.total ? event.loaded / event.total : 0)
          : undefined,
        // axios labels every POST or PUT body form-urlencoded unless told: a file goes as its own type.
        headers: {
          ...(body instanceof Blob ? { 'Content-Type': body.type || 'application/octet-stream' } : {}),
          ...requestOptions.headers,
        },
      });
      const envelope = response.data;
      if (envelope?.code !== SUCCESS_CODE) throw errorOf(response.status, envelope, '');
      return envelope.data ?? null;
    } catch (caught) {
      throw report(toApiError(caught, isAxiosError), requestOptions);
    }
  };

  /** Routes a failure: a 401 to the sign-in handler, anything else to a toast unless the caller shows it. */
  const report = (error: ApiError, requestOptions: RequestOptions): ApiError => {
    if (error.key === 'errors.login.ipForbidden' && options.onIpForbidden) {
      options.onIpForbidden(error);
    } else if (error.key === 'errors.screenLock.locked' && options.onScreenLocked) {
      options.onScreenLocked(error);
    } else if (error.status === 401 && !requestOptions.authProbe) {
      options.onUnauthorized(error);
    } else if (!requestOptions.silent) {
      options.showError(error.message);
    }
    return error;
  };

  const download = async (
    url: string,
    body: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<DownloadedFile> => {
    let isAxiosError: (value: unknown) => boolean = () => false;
    try {
      const loaded = await transport();
      isAxiosError = loaded.isAxiosError;
      const response = await loaded.instance.request<Blob>({
        method: 'post',
        url,
        data: body,
        params: requestOptions.query,
        responseType: 'blob',
      });
      const disposition = response.headers['content-disposition'];
      return {
        blob: response.data,
        fileName: fileNameOf(typeof disposition === 'string' ? disposition : undefined),
      };
    } catch (caught) {
      throw report(toApiError(await readBlobBody(caught), isAxiosError), requestOptions);
    }
  };

  return {
    get: (url, requestOptions) => send('get', url, undefined, requestOptions),
    post: (url, body, requestOptions) => send('post', url, body ?? {}, requestOptions),
    put: (url, body, requestOptions) => send('put', url, body ?? {}, requestOptions),
    delete: (url, requestOptions) => send('delete', url, undefined, requestOptions),
    download: (url, body, requestOptions) => download(url, body ?? {}, requestOptions),
    setClockOffset: (offsetMs) => {
      offset = offsetMs;
    },
    clockOffset: () => offset,
  };
}

let current: ApiClient | null = null;

/** Installs the client built at boot; area modules reach it through apiClient(). */
export function setApiClient(client: ApiClient | null): void {
  current = client;
}

/** The client installed at boot. */
export function apiClient(): ApiClient {
  if (!current) throw new Error('API client used before boot configured it');
  return current;
}
