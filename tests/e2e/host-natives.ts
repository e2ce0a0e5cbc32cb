/**
 * Emulated native sides of the chat hosts for browser tests that run the real SDKs (integration facts §8).
 * Each is page script, injected before the app loads; it speaks the SDK's own bridge protocol and asks
 * the test for a sign-in code through `window.__hostIssueCode(id)` (an exposed test function that gets a
 * real code from the platform's loopback fake). Every call the SDK makes is kept in `window.__nativeCalls`.
 */

/** How an emulated native side behaves: answers, refuses every call, or never answers. */
export type NativeMode = 'answer' | 'fail' | 'silent';

/** One call the SDK made into the native side. */
export interface NativeCall {
  method: string;
  params: Record<string, unknown>;
}

/** The shared part: the call log and what the native side answers to a method. */
const common = (mode: NativeMode) => `
  const mode = ${JSON.stringify(mode)};
  const calls = (window.__nativeCalls = window.__nativeCalls || []);
  const answer = (method, params) =>
    method === 'runtime.permission.requestAuthCode'
      ? window.__hostIssueCode(params.corpId).then((code) => ({ code }))
      : Promise.resolve({});
`;

/**
 * DingTalk on iOS: `window.WebViewJavascriptBridge` with `init` and `callHandler(method, params, callback)`,
 * answering `{ errorCode: '0', result }` (any other code is a failure).
 */
export function dingtalkIosNative(mode: NativeMode): string {
  return `(() => {${common(mode)}
  window.WebViewJavascriptBridge = {
    init() {},
    registerHandler() {},
    callHandler(method, params, callback) {
      calls.push({ method, params });
      if (mode === 'silent') return;
      if (mode === 'fail') return callback({ errorCode: '3', errorMessage: 'emulated native failure' });
      answer(method, params).then((result) => callback({ errorCode: '0', result }));
    },
  };
})();`;
}

/**
 * DingTalk on Android: `window.nuva`, ready, whose `require()` gives the bridge function
 * `(success, fail, service, action, params)`, e.g. service `runtime.permission`, action `requestAuthCode`.
 */
export function dingtalkAndroidNative(mode: NativeMode): string {
  return `(() => {${common(mode)}
  window.nuva = {
    isReady: true,
    require() {
      return (success, fail, service, action, params) => {
        const method = service + '.' + action;
        calls.push({ method, params });
        if (mode === 'silent') return;
        if (mode === 'fail') return fail({ errorCode: '3', errorMessage: 'emulated native failure' });
        answer(method, params).then(success);
      };
    },
  };
})();`;
}

/** Where the emulated DingTalk PC container page lives: the SDK answers only an origin under .dingtalk.com. */
export const DINGTALK_CONTAINER_ORIGIN = 'https://im.dingtalk.com';

/**
 * DingTalk PC's container page: it frames the app (cross-site) with `window.name` holding the container's
 * JSON, and answers the SDK's `postMessage` requests `{ msgId, containerId, methodName, body, type }` with
 * `{ type: 'response', success, body, msgId }` to the frame's origin.
 */
export function dingtalkPcContainerPage(appUrl: string, mode: NativeMode): string {
  const name = JSON.stringify({
    containerId: 'container-e2e',
    hostOrigin: DINGTALK_CONTAINER_ORIGIN,
    hostVersion: '7.6.0',
  });
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>DingTalk</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><iframe id="app" name='${name}' src="${appUrl}"></iframe>
<script>(() => {${common(mode)}
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.type !== 'request' || message.containerId !== 'container-e2e') return;
    calls.push({ method: message.methodName, params: message.body });
    if (mode === 'silent') return;
    const reply = (success, body) =>
      event.source.postMessage({ type: 'response', success, body, msgId: message.msgId }, event.origin);
    if (mode === 'fail') return reply(false, { errorCode: '3', errorMessage: 'emulated native failure' });
    answer(message.methodName, message.body).then((body) => reply(true, body));
  });
})();</script></body></html>`;
}

/**
 * Feishu's native side as its iOS client exposes it: `webkit.messageHandlers.invokeNative.postMessage(
 * { apiName, data, callbackID })`, answered through `LarkWebViewJavaScriptBridge.nativeCallBack(
 * { callbackID, data, callbackType })`. `silent` leaves the handler out, as outside the client.
 */
export function feishuNative(mode: NativeMode): string {
  if (mode === 'silent') return '';
  return `(() => {
  const mode = ${JSON.stringify(mode)};
  const calls = (window.__nativeCalls = window.__nativeCalls || []);
  const callBack = (callbackID, callbackType, data) =>
    window.LarkWebViewJavaScriptBridge.nativeCallBack({ callbackID, callbackType, data });
  window.webkit = {
    messageHandlers: {
      invokeNative: {
        postMessage({ apiName, data, callbackID }) {
          calls.push({ method: apiName, params: data });
          if (mode === 'fail') return callBack(callbackID, 'failure', { errno: 2600001, errString: 'emulated' });
          if (apiName === 'requestAccess' || apiName === 'requestAuthCode') {
            window.__hostIssueCode(data.appID || data.appId).then((code) => callBack(callbackID, 'success', { code }));
            return;
          }
          callBack(callbackID, 'success', {});
        },
      },
    },
  };
})();`;
}

/**
 * A stand-in for Feishu's H5 JS SDK script (not on npm; the test serves it at FEISHU_SDK_URL): it defines
 * `window.h5sdk` and `window.tt` as the real script does and reaches the native side through
 * `webkit.messageHandlers.invokeNative`; without that handler `h5sdk.ready` never fires, as outside Feishu.
 */
export const FEISHU_SDK_STAND_IN = `(() => {
  const pending = {};
  let next = 0;
  window.LarkWebViewJavaScriptBridge = {
    nativeCallBack({ callbackID, callbackType, data }) {
      const callbacks = pending[callbackID];
      if (!callbacks) return;
      delete pending[callbackID];
      (callbackType === 'success' ? callbacks.success : callbacks.fail)(data);
    },
  };
  const native = () => window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.invokeNative;
  const invoke = (apiName, data, options) => {
    const callbackID = 'cb' + (next += 1);
    pending[callbackID] = { success: options.success || (() => {}), fail: options.fail || (() => {}) };
    native().postMessage({ apiName, data, callbackID });
  };
  window.tt = {
    requestAccess: (o) => invoke('requestAccess', { appID: o.appID, scopeList: o.scopeList, state: o.state }, o),
    requestAuthCode: (o) => invoke('requestAuthCode', { appId: o.appId }, o),
    setNavigationBarTitle: (o) => invoke('setNavigationBarTitle', { title: o.title }, o),
    openSchema: (o) => invoke('openSchema', { schema: o.schema, external: o.external }, o),
    closeWindow: (o) => invoke('closeWindow', {}, o),
  };
  window.h5sdk = {
    ready(callback) {
      if (native()) setTimeout(callback, 0);
    },
    config() {},
  };
})();`;
