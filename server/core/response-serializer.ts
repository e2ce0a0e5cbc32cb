import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/** A writer's answer when it cannot vouch for a value: the zod serializer then decides, as it always did. */
const UNSURE = Symbol('unsure');

/** Writes one value as JSON, or answers UNSURE (never a different JSON text than zod's would be). */
type Writer = (value: unknown) => string | typeof UNSURE;

type AnySchema = $ZodType;

interface Def {
  type: string;
  checks?: unknown[];
  innerType?: AnySchema;
  shape?: Record<string, AnySchema>;
  catchall?: AnySchema;
  element?: AnySchema;
  options?: AnySchema[];
  getter?: () => AnySchema;
}

/** Writers of the lazy schemas met so far in one compilation: a tree's schema refers to itself. */
type Seen = Map<AnySchema, { write: Writer | null }>;

const defOf = (schema: AnySchema) => schema._zod.def as unknown as Def;
const hasChecks = (def: Def) => (def.checks?.length ?? 0) > 0;

/** A zod check as zod runs it: its condition, and what it adds to the payload's issues when it fails. */
interface Check {
  _zod: {
    def: { check: string; when?: (payload: CheckPayload) => boolean };
    check: (payload: CheckPayload) => unknown;
  };
}
interface CheckPayload {
  value: unknown;
  issues: unknown[];
}

/**
 * Checks that only look at the value and answer at once (ranges, integer formats, lengths, patterns): run
 * by themselves, they decide a value exactly as zod's parse would. Anything else (a refinement, which may
 * wait; an overwrite, which changes the value) leaves the leaf to zod.
 */
const PLAIN_CHECKS = new Set([
  'less_than',
  'greater_than',
  'multiple_of',
  'number_format',
  'max_length',
  'min_length',
  'length_equals',
  'string_format',
]);

/**
 * Whether a value of the right type passes all the leaf's checks, by running zod's own check functions the
 * way its parse runs them (a check with a condition only when it holds); null when one is not plain. This
 * skips zod's parse around them (its context, result and issue objects), a tenth of an answer's writing.
 */
function plainChecks(def: Def): ((value: unknown) => boolean) | null {
  const checks = (def.checks ?? []) as Check[];
  if (!checks.every((check) => PLAIN_CHECKS.has(check._zod.def.check))) return null;
  return (value) => {
    const payload: CheckPayload = { value, issues: [] };
    for (const check of checks) {
      const when = check._zod.def.when;
      if (when && !when(payload)) continue;
      check._zod.check(payload);
      if (payload.issues.length > 0) return false;
    }
    return true;
  };
}

/** A primitive whose checks (length, format, range, integer) are zod's, as a leaf. */
function checkedLeaf(schema: AnySchema, write: (value: never) => string, typeOk: (v: unknown) => boolean) {
  const passes = plainChecks(defOf(schema));
  if (passes) return (value: unknown) => (typeOk(value) && passes(value) ? write(value as never) : UNSURE);
  return (value: unknown) =>
    typeOk(value) && safeEncode(schema, value).success ? write(value as never) : UNSURE;
}

const isString = (v: unknown) => typeof v === 'string';
const isFiniteNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** Values a literal or enum allows, when all are plain JSON scalars (else null: not compiled). */
function scalarValues(schema: AnySchema): Set<unknown> | null {
  const values = schema._zod.values;
  if (!values) return null;
  for (const value of values) {
    const ok =
      value === null || typeof value === 'string' || typeof value === 'boolean' || isFiniteNumber(value);
    if (!ok) return null;
  }
  return values;
}

/** Whether a schema decides a value exactly as zod does (no UNSURE for what zod accepts): a union may try it. */
function isExactScalar(schema: AnySchema): boolean {
  const def = defOf(schema);
  if (def.type === 'literal' || def.type === 'enum') return scalarValues(schema) !== null;
  return ['string', 'number', 'boolean', 'null'].includes(def.type) && !hasChecks(def);
}

/**
 * A writer for the schema, or null when it uses anything beyond plain JSON shapes (transforms, pipes,
 * records, dates, object checks, strict or passthrough objects): such a route keeps the zod serializer.
 */
function compileWriter(schema: AnySchema, seen: Seen = new Map()): Writer | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      if (hasChecks(def)) return checkedLeaf(schema, JSON.stringify, isString);
      return (value) => (typeof value === 'string' ? JSON.stringify(value) : UNSURE);
    case 'number':
      if (hasChecks(def)) return checkedLeaf(schema, String, isFiniteNumber);
      return (value) => (isFiniteNumber(value) ? String(value) : UNSURE);
    case 'boolean':
      if (hasChecks(def)) return null;
      return (value) => (value === true ? 'true' : value === false ? 'false' : UNSURE);
    case 'null':
      return (value) => (value === null ? 'null' : UNSURE);
    case 'literal':
    case 'enum': {
      const values = scalarValues(schema);
      if (!values) return null;
      return (value) => (values.has(value) ? JSON.stringify(value) : UNSURE);
    }
    case 'nullable': {
      const inner = compileWriter(def.innerType!, seen);
      return inner && ((value) => (value === null ? 'null' : inner(value)));
    }
    // Encoding (what a response does) fills in no default: the value must be there, as the inner type.
    case 'default':
    case 'optional': {
      const inner = compileWriter(def.innerType!, seen);
      return inner && ((value) => (value === undefined ? UNSURE : inner(value)));
    }
    case 'unknown':
    case 'any':
      return (value) => {
        if (value === undefined) return UNSURE;
        const text = JSON.stringify(value) as string | undefined;
        return text === undefined ? UNSURE : text;
      };
    case 'union': {
      // zod answers with the first option that accepts the value. A writer's text is what its option
      // would answer, so it stands when every option before it refused: an exact scalar's UNSURE is zod's
      // refusal; any other option's UNSURE, or an option without a writer, leaves the value to zod (a
      // sign-in's answer: its session info is written here, the rarer pending verification goes to zod).
      const options = def.options ?? [];
      const writers = options.map((option) => ({
        write: compileWriter(option, seen),
        refusesExactly: isExactScalar(option),
      }));
      if (writers.length === 0 || writers[0].write === null) return null;
      return (value) => {
        for (const { write, refusesExactly } of writers) {
          const text = write === null ? UNSURE : write(value);
          if (text !== UNSURE) return text;
          if (!refusesExactly) return UNSURE;
        }
        return UNSURE;
      };
    }
    case 'array': {
      if (hasChecks(def)) return null;
      const element = compileWriter(def.element!, seen);
      if (!element) return null;
      return (value) => {
        if (!Array.isArray(value)) return UNSURE;
        let out = '[';
        for (let i = 0; i < value.length; i += 1) {
          const text = element(value[i]);
          if (text === UNSURE) return UNSURE;
          out += i === 0 ? text : `,${text}`;
        }
        return `${out}]`;
      };
    }
    case 'object':
      return compileObject(def, seen);
    case 'lazy': {
      const known = seen.get(schema);
      // Met again inside itself: the writer being compiled, once it exists.
      if (known) return (value) => known.write!(value);
      const cell: { write: Writer | null } = { write: null };
      seen.set(schema, cell);
      cell.write = compileWriter(def.getter!(), seen);
      return cell.write;
    }
    default:
      return null;
  }
}

/** Whether an object's key is left out when its value is undefined, as zod's output (and JSON) leaves it. */
function omittedWhenUndefined(schema: AnySchema): boolean {
  const def = defOf(schema);
  return def.type === 'optional' && def.innerType!._zod.optin !== 'defaulted';
}

function compileObject(def: Def, seen: Seen): Writer | null {
  if (def.catchall !== undefined || hasChecks(def) || !def.shape) return null;
  const fields: Array<{ key: string; name: string; write: Writer; optional: boolean }> = [];
  for (const [key, child] of Object.entries(def.shape)) {
    const write = compileWriter(child, seen);
    if (!write) return null;
    fields.push({ key, name: `${JSON.stringify(key)}:`, write, optional: omittedWhenUndefined(child) });
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return UNSURE;
    const input = value as Record<string, unknown>;
    let out = '{';
    let first = true;
    // Keys in the schema's order, unknown keys left out: what zod's parse builds and JSON.stringify writes.
    for (const field of fields) {
      const item = input[field.key];
      if (item === undefined && field.optional) continue;
      const text = field.write(item);
      if (text === UNSURE) return UNSURE;
      out += first ? field.name + text : `,${field.name}${text}`;
      first = false;
    }
    return `${out}}`;
  };
}

type SerializerRoute = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * Fastify's response serializer for our zod schemas. A response schema made of plain JSON shapes is
 * compiled once into a writer that checks each value as it writes it and leaves out keys the schema does
 * not name, so an answer costs neither zod's parse (with its copy of the object) nor a generic
 * JSON.stringify. Whatever the writer is unsure of (a value of the wrong type, a missing one, a check it
 * does not run itself) goes through the zod serializer as before, which writes it or fails the same way.
 */
export function responseSerializerCompiler(route: SerializerRoute): (data: unknown) => string {
  const viaZod = zodSerializerCompiler(route as never) as (data: unknown) => string;
  const given = route.schema as AnySchema | { properties?: AnySchema };
  const schema =
    given instanceof $ZodType
      ? given
      : given && 'properties' in given && given.properties instanceof $ZodType
        ? given.properties
        : null;
  const write = schema && compileWriter(schema);
  if (!write) return viaZod;
  return (data) => {
    const text = write(data);
    return text === UNSURE ? viaZod(data) : text;
  };
}
