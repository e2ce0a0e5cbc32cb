import { describe, expect, it } from 'vitest';
import {
  closestNames,
  COMMANDS,
  didYouMean,
  findCommand,
  fullUsage,
} from '../../../server/commands/registry';

describe('operator command registry', () => {
  it('has each command once, its usage naming it and every option it takes, and nothing else', () => {
    const names = COMMANDS.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of COMMANDS) {
      expect(command.usage.startsWith(`  ${command.name} `)).toBe(true);
      const mentioned = new Set([...command.usage.matchAll(/--([a-z][a-z-]*)/g)].map((match) => match[1]));
      expect([...mentioned].sort(), command.name).toEqual(Object.keys(command.options).sort());
      expect(findCommand(command.name)).toBe(command);
    }
  });

  it('lists every command in the full usage', () => {
    const usage = fullUsage();
    for (const command of COMMANDS) expect(usage).toContain(command.usage);
  });

  it('names the command meant by a mistyped one', () => {
    const names = COMMANDS.map((command) => command.name);
    expect(closestNames('org:lst', names)).toEqual(['org:list']);
    expect(closestNames('member:ad', names)).toEqual(['member:add']);
    expect(closestNames('acount:unlock', names)).toEqual(['account:unlock']);
    expect(closestNames('trail:list', names)).toEqual(['trial:list']);
    expect(closestNames('esign', names)).toEqual(['esign:settings']);
    expect(closestNames('dept', names)).toEqual(names.filter((name) => name.startsWith('dept:')));
    expect(didYouMean(closestNames('orgs', names))).toBe('; did you mean one of the org: commands?');
    expect(closestNames('deploy', names)).toEqual([]);
    expect(didYouMean([])).toBe('');
    expect(closestNames('--min-lenght', ['--org', '--min-length', '--max-length'])).toEqual(['--min-length']);
  });
});
