import { describe, expect, it } from 'vitest';
import { startupBanner, type StartupFacts } from '../../server/startup-banner';

const facts: StartupFacts = {
  version: '7.15.3',
  listen: { url: 'http://localhost:8080', allAddresses: false, networkUrls: [] },
  publicUrl: null,
  database: { kind: 'sqlite', file: '/srv/portal/data/portal.sqlite' },
  seeded: null,
  demoAccounts: null,
  codeDelivery: { smtpUrl: null, mailFrom: 'Lab <no-reply@localhost>', smsWebhookUrl: null },
};

describe('startupBanner', () => {
  it('gives the address to open and, when every address answers, says so with the network addresses', () => {
    const lines = startupBanner({
      ...facts,
      listen: {
        url: 'http://localhost:8080',
        allAddresses: true,
        networkUrls: ['http://192.168.1.20:8080'],
      },
    });
    expect(lines[0]).toBe('Lab Account Centre 7.15.3 is ready at http://localhost:8080');
    expect(lines[1]).toBe(
      'Listening on all addresses of this machine; from another computer: http://192.168.1.20:8080',
    );
  });

  it('does not claim every address when the server listens on one host', () => {
    const lines = startupBanner({
      ...facts,
      listen: { url: 'http://127.0.0.1:8080', allAddresses: false, networkUrls: [] },
    });
    expect(lines[0]).toBe('Lab Account Centre 7.15.3 is ready at http://127.0.0.1:8080');
    expect(lines.join('\n')).not.toMatch(/all addresses/);
  });

  it('prints the demo sign-ins on the start that created them, one per line in a readable format', () => {
    const lines = startupBanner({
      ...facts,
      seeded: {
        admin: { account: 'admin@demo-lab.test', password: 'Ab3defghij#12' },
        members: [{ account: '13800000001', password: 'Cd3efghijk#34' }],
      },
    });
    expect(lines[0]).toBe('Lab Account Centre 7.15.3 is ready at http://localhost:8080');
    expect(lines).toContain('Database: SQLite file /srv/portal/data/portal.sqlite');
    expect(lines).toContain('demo admin: admin@demo-lab.test password: Ab3defghij#12');
    expect(lines).toContain('demo member: 13800000001 password: Cd3efghijk#34');
    expect(lines.join('\n')).toContain('npm run cli -- account:reset-password <account>');
  });

  it('names the demo accounts on later starts and how to get a new password, without any password', () => {
    const lines = startupBanner({
      ...facts,
      demoAccounts: { admin: 'admin@demo-lab.test', members: ['13800000001', 'analyst@demo-lab.test'] },
    });
    expect(lines).toContain(
      'Demo accounts: admin@demo-lab.test (administrator), 13800000001, analyst@demo-lab.test',
    );
    expect(lines.join('\n')).toMatch(/for a new one: npm run cli -- account:reset-password <account>/);
    expect(lines.join('\n')).not.toContain('password:');
  });

  it('announces the development outbox when neither SMTP nor SMS is configured, and the line it prints', () => {
    expect(startupBanner(facts)).toContain(
      'Verification codes: development outbox (no SMTP_URL or SMS_WEBHOOK_URL set), ' +
        'printed here as "dev outbox: code <code> for <recipient>"',
    );
  });

  it('names the mail server and SMS provider without their credentials', () => {
    const text = startupBanner({
      ...facts,
      codeDelivery: {
        smtpUrl: 'smtp://mailer:s3cret@mail.example.test:587',
        mailFrom: 'Lab <no-reply@example.test>',
        smsWebhookUrl: 'https://sms.example.test/send?key=s3cret',
      },
    }).join('\n');
    expect(text).toContain(
      'Verification codes: email over SMTP mail.example.test:587, SMS through https://sms.example.test',
    );
    expect(text).not.toMatch(/s3cret|dev outbox/);
  });

  it('says nothing of a demo that is not there', () => {
    expect(startupBanner(facts).join('\n')).not.toMatch(/demo/i);
  });

  it('shows a PostgreSQL database without its password, and the public address when set', () => {
    const lines = startupBanner({
      ...facts,
      publicUrl: 'https://portal.example.test/',
      database: { kind: 'postgres', url: 'postgres://portal:s3cret@db.internal:5432/portal', poolSize: 10 },
    });
    expect(lines).toContain('Public address: https://portal.example.test/');
    expect(lines).toContain('Database: PostgreSQL db.internal:5432/portal');
    expect(lines.join('\n')).not.toContain('s3cret');
  });
});
