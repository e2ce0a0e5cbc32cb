import { createHmac } from 'node:crypto';
import { type HandoverHookAnswer, handoverHookAnswerSchema } from '../../domain/schemas/member-handover';

/** The most a hook's answer may hold; a longer one counts as a failed check. */
const ANSWER_MAX_BYTES = 64 * 1024;

/** Longest hook URL the operator may set. */
const URL_MAX_LENGTH = 2000;

/**
 * Why a URL cannot be a handover hook, or null when it can: only absolute http(s) URLs, without user
 * names or passwords in them (the call is authenticated by its signature) and without a fragment. The
 * operator sets hooks (not an organisation administrator), so addresses inside the deployment's network
 * are allowed: products often run beside the portal.
 */
export function handoverUrlProblem(text: string): string | null {
  if (text.length > URL_MAX_LENGTH) return `the URL is longer than ${URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http:// and https:// URLs';
  if (url.username || url.password) return 'no user name or password in the URL';
  if (url.hash) return 'no #fragment in the URL';
  return null;
}

/** What a hook is asked: which organisation, and the accounts about to be removed. */
export interface HandoverHookRequest {
  organization: { id: number; name: string };
  accounts: Array<{ id: number; name: string; mobile: string | null; email: string | null }>;
}

/**
 * The signature of a hook call: hex HMAC-SHA256 with the product's shared secret over the timestamp, a dot
 * and the exact body, sent as `x-handover-signature: sha256=<hex>` beside `x-handover-timestamp` (epoch
 * ms), so the product can refuse forged and replayed calls.
 */
export function handoverSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Asks one product's hook what the accounts still hold there: one signed JSON POST, redirects not
 * followed (a 3xx is a failure), ended after `timeoutMs`, the answer read up to 64KB and checked against
 * handoverHookAnswerSchema. Throws on anything but a readable 2xx answer; the error names no secret.
 */
export async function callHandoverHook(
  hook: { url: string; secret: string },
  request: HandoverHookRequest,
  options: { timeoutMs: number; now: number },
): Promise<HandoverHookAnswer> {
  const problem = handoverUrlProblem(hook.url);
  if (problem) throw new Error(`handover hook URL refused: ${problem}`);
  const body = JSON.stringify({ event: 'account.remove.check', ...request });
  const timestamp = String(options.now);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const response = await fetch(hook.url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-handover-timestamp': timestamp,
      'x-handover-signature': handoverSignature(hook.secret, timestamp, body),
    },
    body,
    signal,
  });
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel();
    throw new Error(`handover hook answered ${response.status}`);
  }
  const text = await readLimited(response, ANSWER_MAX_BYTES);
  return handoverHookAnswerSchema.parse(JSON.parse(text));
}

/** The answer's text, or an error once it grows past `maxBytes`. */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`handover hook answer over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
