import type { Kysely } from 'kysely';
import {
  FOOTER_TEXT_MAX_LENGTH,
  type FooterInfo,
  footerUrl,
  parseFooterLinks,
} from '../../domain/rules/footer';
import type { AppConfig } from '../core/config';
import type { Database } from '../db/tables';
import { clearFooter, saveFooter, storedFooter } from '../services/footer-service';
import { CommandError, defineCommand, usageError } from './command';

/** The footer as lines for the operator. */
function describe(footer: FooterInfo, source: string): string[] {
  return [
    `footer (${source}):`,
    `  filing: ${footer.filing ? `${footer.filing.text}${footer.filing.url ? ` -> ${footer.filing.url}` : ''}` : '(hidden)'}`,
    `  links: ${footer.links.length > 0 ? footer.links.map((link) => `${link.label} -> ${link.url}`).join('; ') : '(none)'}`,
  ];
}

export interface FooterCommandOptions {
  filing?: string;
  'filing-url'?: string;
  links?: string;
  clear?: boolean;
}

/**
 * `footer`: shows the footer's filing information and external links; with options sets them (stored, in
 * place of the FOOTER_* environment), and `--clear` goes back to the environment's.
 */
export async function runFooterCommand(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'footer'>,
  options: FooterCommandOptions,
  now: number,
): Promise<string[]> {
  if (options.clear) {
    await clearFooter(db);
    return describe(config.footer, 'from the environment again');
  }
  const setting =
    options.filing !== undefined || options['filing-url'] !== undefined || options.links !== undefined;
  if (!setting) {
    const stored = await storedFooter(db);
    return describe(stored ?? config.footer, stored ? 'set with footer' : 'from the environment');
  }
  const current = (await storedFooter(db)) ?? config.footer;
  const text = options.filing === undefined ? (current.filing?.text ?? '') : options.filing.trim();
  if (text.length > FOOTER_TEXT_MAX_LENGTH)
    throw new CommandError(`--filing: at most ${FOOTER_TEXT_MAX_LENGTH} characters`);
  const rawUrl = options['filing-url'] ?? current.filing?.url ?? '';
  const url = rawUrl.trim() ? footerUrl(rawUrl) : null;
  if (rawUrl.trim() && !url)
    throw new CommandError('--filing-url: an http(s) address, e.g. https://beian.miit.gov.cn/');
  let links = current.links;
  if (options.links !== undefined) {
    const parsed = parseFooterLinks(options.links);
    if ('error' in parsed) throw new CommandError(`--links: ${parsed.error}`);
    links = parsed.links;
  }
  const footer: FooterInfo = { filing: text ? { text, url } : null, links };
  await saveFooter(db, footer, now);
  return describe(footer, 'set with footer');
}

export const FOOTER_COMMANDS = [
  defineCommand({
    name: 'footer',
    usage: `  footer [--filing <text>] [--filing-url <url>] [--links 'Label|https://…;Label|https://…'] [--clear]
                                              the footer's filing information (e.g. an ICP record) and external
                                              links on every page; '' hides one; --clear goes back to FOOTER_*`,
    options: {
      filing: { type: 'string' },
      'filing-url': { type: 'string' },
      links: { type: 'string' },
      clear: { type: 'boolean' },
    },
    async run({ db, config, now }, { values }) {
      if (values.clear && (values.filing !== undefined || values.links !== undefined))
        throw usageError('--clear takes no other option');
      return runFooterCommand(db, config, values, now);
    },
  }),
];
