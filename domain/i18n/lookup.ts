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

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
/** `$t(key|fallback)` or a `{{name}}` placeholder, matched in one pass so inserted values are never rescanned. */
const PLACE = /\$t\(([^|()]*)\|([^()]*)\)|\{\{\s*(\w+)\s*\}\}/g;

/**
 * Looks a key up in one catalogue, filling `{{name}}` placeholders; an unknown key comes back as itself.
 * `$t(products.{{product}}.name|{{product}})` names a thing by its catalogue message in the same language
 * (a product by its name, not its code), or by the fallback when the catalogue has none. Values are
 * inserted as text, never read as placeholders or references. Takes the catalogue as a value, so the
 * client can use it with the one language it has loaded.
 */
export function translateFrom(catalogue: object | undefined, key: string, params?: MessageParams): string {
  const message = findMessage(catalogue, key);
  if (message === undefined) return key;
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
  return message.replace(PLACE, (whole, reference?: string, fallback?: string, name?: string) => {
    if (name !== undefined) return params && name in params ? String(params[name]) : whole;
    const nested = fill(reference ?? '');
    return (/^[\w.]+$/.test(nested) ? findMessage(catalogue, nested) : undefined) ?? fill(fallback ?? '');
  });
}
