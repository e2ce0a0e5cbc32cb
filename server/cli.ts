import { parseArgs } from 'node:util';
import { PRODUCT_CODES } from '../domain/constants';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createOrganization, grantProducts } from './provisioning';
import { createRepositories } from './repositories';

const USAGE = `Operator commands (npm run cli -- <command> [options]):

  org:create   --name <name> --admin <mobile or email> [--admin-name <name>] [--password <password>]
               [--products ELN,CIMS,...]      create an organisation with its administrator
  org:grant    --org <id> --products <codes> [--accounts <id,id> | --all-members]
                                              license products to an organisation (and grant them)
  org:list                                    list organisations
  platform:url --product <code> --url <url>   set where a product lives

Product codes: ${PRODUCT_CODES.join(', ')}. The database is the one the server uses (DATABASE_URL or DATA_DIR).`;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

class UsageError extends Error {}

/** Runs one operator command against the configured database. */
async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      admin: { type: 'string' },
      'admin-name': { type: 'string' },
      password: { type: 'string' },
      products: { type: 'string' },
      org: { type: 'string' },
      accounts: { type: 'string' },
      'all-members': { type: 'boolean' },
      product: { type: 'string' },
      url: { type: 'string' },
    },
  });
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const database = openDatabase(loadConfig());
  try {
    await migrateToLatest(database.db);
    const repos = createRepositories(database.db);
    const now = Date.now();
    switch (command) {
      case 'org:create': {
        const admin = required(values.admin, 'admin');
        const { orgId, admin: created } = await createOrganization(
          database.db,
          {
            name: required(values.name, 'name'),
            products: list(values.products),
            admin: {
              realName: values['admin-name'] ?? admin,
              account: admin,
              password: values.password,
              products: list(values.products),
            },
          },
          now,
        );
        console.log(`organisation ${orgId} created`);
        console.log(`admin: ${created.account} password: ${created.password}`);
        return;
      }
      case 'org:grant': {
        const orgId = Number(required(values.org, 'org'));
        const accountIds = values['all-members']
          ? (await database.db.selectFrom('accounts').select('id').where('org_id', '=', orgId).execute()).map(
              (r) => Number(r.id),
            )
          : list(values.accounts).map(Number);
        await grantProducts(database.db, orgId, list(required(values.products, 'products')), accountIds, now);
        console.log(`licensed ${values.products} to organisation ${orgId}`);
        return;
      }
      case 'org:list': {
        const rows = await database.db
          .selectFrom('organizations')
          .select(['id', 'name'])
          .orderBy('id')
          .execute();
        for (const row of rows) console.log(`${row.id}\t${row.name}`);
        return;
      }
      case 'platform:url': {
        const code = required(values.product, 'product').toUpperCase();
        const url = new URL(required(values.url, 'url')).toString();
        if (!(await repos.platforms.setWebUrl(code, url))) throw new UsageError(`unknown product ${code}`);
        console.log(`${code} -> ${url}`);
        return;
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } finally {
    await database.destroy();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
