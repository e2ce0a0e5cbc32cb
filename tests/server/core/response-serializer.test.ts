import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CODE_TYPES } from '../../../domain/constants';
import { sessionInfoSchema } from '../../../domain/schemas/account';
import { envelopeSchema, failureEnvelopeSchema } from '../../../domain/schemas/common';
import { orgSessionSettingsSchema } from '../../../domain/schemas/org-config';
import { loginAnswerSchema } from '../../../domain/schemas/secondary-verification';
import { responseSerializerCompiler } from '../../../server/core/response-serializer';

type Route = Parameters<typeof responseSerializerCompiler>[0];
const routeOf = (schema: z.ZodType): Route =>
  ({ schema, method: 'GET', url: '/api/test', httpStatus: '200' }) as unknown as Route;

/** Counts the runs of zod's parser of `schema` (the fallback's), so a test can tell which path answered. */
function countZodRuns(schema: z.ZodType): () => number {
  let runs = 0;
  const internals = schema._zod as unknown as { run: (...args: unknown[]) => unknown };
  const run = internals.run;
  internals.run = (...args: unknown[]) => {
    runs += 1;
    return run(...args);
  };
  return () => runs;
}

/** What the zod serializer alone writes, or the message it fails with. */
function viaZod(schema: z.ZodType, value: unknown): string {
  const serialize = serializerCompiler(routeOf(schema) as never) as (data: unknown) => string;
  try {
    return serialize(value);
  } catch (error) {
    return `failed: ${(error as Error).message}`;
  }
}

function viaCompiled(schema: z.ZodType, value: unknown): string {
  const serialize = responseSerializerCompiler(routeOf(schema));
  try {
    return serialize(value);
  } catch (error) {
    return `failed: ${(error as Error).message}`;
  }
}

const sessionInfo = {
  AccountInfo: {
    ID: 7,
    RealName: '林晓 "Lin" \\ Xiao\n',
    Photo: '',
    Account: 'admin@demo-lab.test',
    MobilePhone: '',
    Email: 'admin@demo-lab.test',
    IsOrganAdmin: 1,
  },
  DeptInfo: { ID: 1, Name: '研发中心 R&D' },
  PwdInfo: { MustChange: false, Reason: null },
  OrgSettings: { modules: { reset: true, appDownload: false }, lockIdleMinutes: 15 },
  OrgID: 3,
  OrgName: 'Demo </script> Lab',
  Lang: 'zh-CN',
  LangChosen: false,
  UIVersion: 'NEW',
  LoginType: 0,
  autoLogin: true,
  ExpiredTime: 1764500000000,
  IsHomeGuided: false,
  IsPersonalCenterGuided: true,
  Locked: false,
  LoginMode: 'normal',
  TrialExpiresAt: null,
};

describe('responseSerializerCompiler', () => {
  it("writes the session info exactly as zod's serializer does, without running zod", () => {
    const schema = envelopeSchema(sessionInfoSchema);
    const answer = { code: 100, message: '', data: sessionInfo };
    const expected = viaZod(schema, answer);
    const zodRuns = countZodRuns(schema);
    expect(viaCompiled(schema, answer)).toBe(expected);
    expect(zodRuns()).toBe(0);
    expect(JSON.parse(expected).data.AccountInfo.RealName).toBe('林晓 "Lin" \\ Xiao\n');
  });

  it("decides a checked number (an integer of at least 0) by zod's own checks, without zod's parse", () => {
    const schema = envelopeSchema(sessionInfoSchema);
    const leafRuns = countZodRuns(orgSessionSettingsSchema.shape.lockIdleMinutes);
    const write = (lockIdleMinutes: unknown) =>
      viaCompiled(schema, {
        code: 100,
        message: '',
        data: { ...sessionInfo, OrgSettings: { ...sessionInfo.OrgSettings, lockIdleMinutes } },
      });
    expect(JSON.parse(write(0)).data.OrgSettings.lockIdleMinutes).toBe(0);
    expect(JSON.parse(write(15)).data.OrgSettings.lockIdleMinutes).toBe(15);
    expect(leafRuns()).toBe(0);
    // What the checks refuse still goes to zod, which fails it as before.
    for (const refused of [-1, 1.5, 2 ** 53]) expect(write(refused)).toMatch(/^failed: /);
  });

  it('leaves out what the schema does not name, a secret included', () => {
    const schema = envelopeSchema(sessionInfoSchema);
    const leaky = {
      code: 100,
      message: '',
      data: {
        ...sessionInfo,
        passwordHash: '$argon2id$secret',
        AccountInfo: { ...sessionInfo.AccountInfo, token: 't' },
      },
    };
    const text = viaCompiled(schema, leaky);
    expect(text).toBe(viaZod(schema, leaky));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('"token"');
  });

  it('hands zod whatever does not fit, which fails or writes it as before', () => {
    const schema = envelopeSchema(sessionInfoSchema);
    const cases: unknown[] = [
      { code: 100, message: '', data: { ...sessionInfo, OrgID: '3' } },
      { code: 100, message: '', data: { ...sessionInfo, OrgID: Number.NaN } },
      { code: 100, message: '', data: { ...sessionInfo, Locked: undefined } },
      { code: 100, message: '', data: { ...sessionInfo, LoginType: 3 } },
      { code: 100, message: '', data: { ...sessionInfo, Lang: 'fr-FR' } },
      { code: 100, message: '', data: { ...sessionInfo, DeptInfo: null } },
      {
        code: 100,
        message: '',
        data: { ...sessionInfo, OrgSettings: { ...sessionInfo.OrgSettings, lockIdleMinutes: -1 } },
      },
      {
        code: 100,
        message: '',
        data: { ...sessionInfo, OrgSettings: { ...sessionInfo.OrgSettings, lockIdleMinutes: 1.5 } },
      },
      { code: 100, message: '', data: [] },
      null,
    ];
    for (const value of cases) expect(viaCompiled(schema, value)).toBe(viaZod(schema, value));
    expect(viaCompiled(schema, cases[0])).toMatch(/^failed: /);
    const zodRuns = countZodRuns(schema);
    viaCompiled(schema, cases[0]);
    expect(zodRuns()).toBe(1);
  });

  it('agrees with zod on optional keys, nullable values, arrays, unions and checked strings', () => {
    const schema = z.object({
      list: z.array(z.object({ id: z.number(), tag: z.string().optional() })),
      maybe: z.string().nullable(),
      kind: z.union([z.literal('a'), z.literal(2), z.null()]),
      email: z.string().email().optional(),
      extra: z.unknown(),
    });
    const values: unknown[] = [
      { list: [], maybe: null, kind: 'a', extra: { any: [1, 'x'] } },
      { list: [{ id: 1 }, { id: 2, tag: 'x', other: true }], maybe: 'm', kind: 2, email: 'a@b.c', extra: 0 },
      { list: [{ id: 1, tag: undefined }], maybe: 'm', kind: null, email: undefined, extra: null },
      { list: [{ id: 1 }], maybe: 'm', kind: 'b', extra: 1 },
      { list: [{ id: 1 }], maybe: 'm', kind: 'a', email: 'not an email', extra: 1 },
      { list: [{ id: 1 }], maybe: 'm', kind: 'a' },
      { list: {}, maybe: 'm', kind: 'a', extra: 1 },
    ];
    for (const value of values) expect(viaCompiled(schema, value)).toBe(viaZod(schema, value));
  });

  it("writes a sign-in's session answer without zod, and hands its pending verification to zod", () => {
    const schema = envelopeSchema(loginAnswerSchema);
    const signedIn = { code: 100, message: '', data: sessionInfo };
    const channel = { CodeType: CODE_TYPES.email, Masked: 'a***@demo-lab.test' };
    const verify = { Token: 't', ExpiresAt: 1, Channels: [channel] };
    const pending = { code: 100, message: '', data: { SecondaryVerify: verify, OrgID: 3 } };
    const expected = [viaZod(schema, signedIn), viaZod(schema, pending)];
    const zodRuns = countZodRuns(schema);
    expect(viaCompiled(schema, signedIn)).toBe(expected[0]);
    expect(zodRuns()).toBe(0);
    expect(viaCompiled(schema, pending)).toBe(expected[1]);
    expect(zodRuns()).toBe(1);
    expect(JSON.parse(expected[1]).data).toEqual({ SecondaryVerify: verify });
  });

  it('agrees with zod on a union whose first option is not a scalar', () => {
    const schema = z.union([
      z.object({ id: z.number() }),
      z.object({ id: z.string(), name: z.string() }),
      z.literal('none'),
    ]);
    const values: unknown[] = [{ id: 1, x: 2 }, { id: 'a', name: 'n' }, { id: 'a' }, 'none', 'other', null];
    const expected = values.map((value) => viaZod(schema, value));
    const zodRuns = countZodRuns(schema);
    expect(viaCompiled(schema, values[0])).toBe(expected[0]);
    // The first option's writer vouches for it; the others are zod's to decide.
    expect(zodRuns()).toBe(0);
    for (const [i, value] of values.entries()) expect(viaCompiled(schema, value)).toBe(expected[i]);
  });

  it('writes a tree whose schema refers to itself', () => {
    interface Node {
      id: number;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ id: z.number(), children: z.array(node) }));
    const schema = envelopeSchema(z.array(node));
    const tree = {
      code: 100,
      message: '',
      data: [
        { id: 1, children: [{ id: 2, children: [], name: 'x' }] },
        { id: 3, children: [] },
      ],
    };
    const zodRuns = countZodRuns(schema);
    expect(viaCompiled(schema, tree)).toBe(
      JSON.stringify({
        ...tree,
        data: [
          { id: 1, children: [{ id: 2, children: [] }] },
          { id: 3, children: [] },
        ],
      }),
    );
    expect(zodRuns()).toBe(0);
    const broken = { ...tree, data: [{ id: 1, children: [{ id: '2', children: [] }] }] };
    expect(viaCompiled(schema, broken)).toBe(viaZod(schema, broken));
    expect(viaCompiled(schema, broken)).toMatch(/^failed: /);
  });

  it('keeps the zod serializer for schemas it does not compile', () => {
    const schema = z.object({ at: z.date(), total: z.number().transform((n) => n * 2) });
    const value = { at: new Date(0), total: 2 };
    expect(viaCompiled(schema, value)).toBe(viaZod(schema, value));
    const failure = { code: 400, message: '请求无效', error: { key: 'errors.request.invalid' } };
    expect(viaCompiled(failureEnvelopeSchema, failure)).toBe(viaZod(failureEnvelopeSchema, failure));
  });
});
