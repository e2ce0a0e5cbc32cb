import type { SsoParam, SsoRequest } from '../../domain/schemas/sso';
import type { GuardedFetch } from '../security/outbound-fetch';

/** The values a flow's parameters may take from: made for this flow (dynamic) or known at the step (context). */
export type SsoValues = Partial<Record<string, string>>;

/** A configured OAuth 2.0 server that answered outside the shape its mapping expects. */
export class OAuthAnswerError extends Error {
  constructor(readonly step: 'token' | 'user') {
    super(`the ${step} answer has not the configured shape`);
    this.name = 'OAuthAnswerError';
  }
}

/** The value at a dotted path (`data.user.id`) of a JSON value, or undefined. */
export function valueAt(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The standard parameters of each request, used when the administrator configured none. */
const p = (
  name: string,
  formType: SsoParam['formType'],
  source: SsoParam['source'],
  value: string,
): SsoParam => ({
  name,
  formType,
  fieldType: 'string',
  source,
  value,
});
export const DEFAULT_AUTHORIZE_PARAMS: SsoParam[] = [
  p('response_type', 'query', 'constant', 'code'),
  p('client_id', 'query', 'context', 'clientId'),
  p('redirect_uri', 'query', 'context', 'redirectUri'),
  p('state', 'query', 'dynamic', 'state'),
  p('code_challenge', 'query', 'dynamic', 'codeChallenge'),
  p('code_challenge_method', 'query', 'constant', 'S256'),
];
export const DEFAULT_TOKEN_PARAMS: SsoParam[] = [
  p('grant_type', 'body', 'constant', 'authorization_code'),
  p('code', 'body', 'context', 'code'),
  p('redirect_uri', 'body', 'context', 'redirectUri'),
  p('client_id', 'body', 'context', 'clientId'),
  p('client_secret', 'body', 'context', 'clientSecret'),
  p('code_verifier', 'body', 'dynamic', 'codeVerifier'),
];
export const DEFAULT_USER_PARAMS: SsoParam[] = [p('Authorization', 'header', 'context', 'bearerToken')];

function valueOf(param: SsoParam, values: SsoValues): string {
  if (param.source === 'constant') return param.value;
  return values[param.value] ?? '';
}

/** A request's parameters placed where they go: the URL's query, the body, the headers. */
function place(request: SsoRequest, params: SsoParam[], values: SsoValues) {
  const url = new URL(request.url);
  const headers: Record<string, string> = { accept: 'application/json' };
  const body = new URLSearchParams();
  for (const param of params) {
    const value = valueOf(param, values);
    if (param.formType === 'query' || (param.formType === 'body' && request.method === 'GET'))
      url.searchParams.set(param.name, value);
    else if (param.formType === 'header') headers[param.name] = value;
    else body.set(param.name, value);
  }
  return { url, headers, body };
}

/** The authorisation address of a configured OAuth 2.0 server, with its parameters filled. */
export function oauthAuthorizeUrl(request: SsoRequest, values: SsoValues): string {
  const params = request.params.length > 0 ? request.params : DEFAULT_AUTHORIZE_PARAMS;
  return place({ ...request, method: 'GET' }, params, values).url.toString();
}

async function call(
  fetch: GuardedFetch,
  request: SsoRequest,
  params: SsoParam[],
  values: SsoValues,
  step: 'token' | 'user',
) {
  const { url, headers, body } = place(request, params, values);
  const hasBody = request.method === 'POST' && [...body.keys()].length > 0;
  const answer = await fetch(url, { method: request.method, headers, body: hasBody ? body : null });
  // Many servers answer JSON as text/plain: the text is read as JSON whatever its content type.
  const text = await answer.text();
  if (!answer.ok) throw new OAuthAnswerError(step);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OAuthAnswerError(step);
  }
}

/**
 * The token and user requests of a configured OAuth 2.0 server: exchanges the code, takes the access token
 * at the configured path (default `access_token`), and answers the user request's JSON.
 */
export async function oauthUserAnswer(
  fetch: GuardedFetch,
  requests: { token: SsoRequest; user: SsoRequest },
  values: SsoValues,
): Promise<unknown> {
  const tokenParams = requests.token.params.length > 0 ? requests.token.params : DEFAULT_TOKEN_PARAMS;
  const tokenAnswer = await call(fetch, requests.token, tokenParams, values, 'token');
  const accessToken = valueAt(tokenAnswer, requests.token.mappingPath || 'access_token');
  if (typeof accessToken !== 'string' || accessToken === '') throw new OAuthAnswerError('token');
  const userParams = requests.user.params.length > 0 ? requests.user.params : DEFAULT_USER_PARAMS;
  return call(
    fetch,
    requests.user,
    userParams,
    { ...values, accessToken, bearerToken: `Bearer ${accessToken}` },
    'user',
  );
}
