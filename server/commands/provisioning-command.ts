import { createOrganization, grantProducts } from '../provisioning';
import { readRepositories } from '../repositories';
import { setProductWebUrl } from '../services/products-service';
import { defineCommand, listOption, requiredOption, usageError } from './command';

export const PROVISIONING_COMMANDS = [
  defineCommand({
    name: 'org:create',
    usage: `  org:create   --name <name> --admin <mobile or email> [--admin-name <name>] [--password <password>]
               [--products ELN,CIMS,...]      create an organisation with its administrator`,
    options: {
      name: { type: 'string' },
      admin: { type: 'string' },
      'admin-name': { type: 'string' },
      password: { type: 'string' },
      products: { type: 'string' },
    },
    async run({ db, now }, { values }) {
      const admin = requiredOption(values.admin, 'admin');
      const { orgId, admin: created } = await createOrganization(
        db,
        {
          name: requiredOption(values.name, 'name'),
          products: listOption(values.products),
          admin: {
            realName: values['admin-name'] ?? admin,
            account: admin,
            password: values.password,
            products: listOption(values.products),
            // A password the operator hands over is an initial one, unless they chose it themselves.
            mustChangePassword: values.password === undefined,
          },
        },
        now,
      );
      return [
        `organisation ${orgId} created`,
        `admin: ${created.account} password: ${created.password}`,
        ...(values.password === undefined ? ['This password must be changed at the first sign-in.'] : []),
      ];
    },
  }),
  defineCommand({
    name: 'org:grant',
    usage: `  org:grant    --org <id> --products <codes> [--accounts <id,id> | --all-members]
                                              license products to an organisation (and grant them)`,
    options: {
      org: { type: 'string' },
      products: { type: 'string' },
      accounts: { type: 'string' },
      'all-members': { type: 'boolean' },
    },
    async run({ db, now }, { values }) {
      const orgId = Number(requiredOption(values.org, 'org'));
      const accountIds = values['all-members']
        ? await readRepositories(db).accounts.listMemberIds(orgId)
        : listOption(values.accounts).map(Number);
      const products = listOption(requiredOption(values.products, 'products'));
      await grantProducts(db, orgId, products, accountIds, now);
      return [`licensed ${values.products} to organisation ${orgId}`];
    },
  }),
  defineCommand({
    name: 'org:list',
    usage: '  org:list                                    list organisations',
    options: {},
    async run({ db }) {
      return (await readRepositories(db).organizations.list()).map((row) => `${row.id}\t${row.name}`);
    },
  }),
  defineCommand({
    name: 'product:url',
    usage: '  product:url --product <code> --url <url>   set where a product lives',
    options: { product: { type: 'string' }, url: { type: 'string' } },
    async run({ db, now }, { values }) {
      const code = requiredOption(values.product, 'product').toUpperCase();
      const url = new URL(requiredOption(values.url, 'url')).toString();
      if (!(await setProductWebUrl({ db, now }, code, url))) {
        throw usageError(`unknown product ${code}`);
      }
      return [`${code} -> ${url}`];
    },
  }),
];
