/** Values for `{{name}}` placeholders. */
export type MessageParams = Record<string, string | number>;

/** The string at a dotted key of a catalogue, or undefined. */
export function findMessage(catalogue: object | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Looks a key up in one catalogue, filling `{{name}}` placeholders; an unknown key comes back as itself.
 * Takes the catalogue as a value, so the client can use it with the one language it has loaded.
 */
export function translateFrom(catalogue: object | undefined, key: string, params?: MessageParams): string {
  const message = findMessage(catalogue, key);
  if (message === undefined) return key;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}
