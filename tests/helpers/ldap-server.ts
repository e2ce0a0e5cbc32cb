import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const SLAPPASSWD = '/usr/sbin/slappasswd';
const SCHEMA_DIR = '/etc/ldap/schema';

/** The suffix of every test directory. */
export const DIRECTORY_SUFFIX = 'dc=lab,dc=test';
/** Where the test directory's people live. */
export const PEOPLE_DN = `ou=people,${DIRECTORY_SUFFIX}`;

/** A person of the test directory (an inetOrgPerson under ou=people). */
export interface DirectoryPerson {
  uid: string;
  password: string;
  cn?: string;
  mail?: string;
  mobile?: string;
}

/** A running throwaway slapd. */
export interface TestDirectory {
  /** ldap:// on a loopback port (StartTLS offered). */
  url: string;
  /** ldaps:// on another loopback port. */
  ldapsUrl: string;
  /** PEM of the CA that signed the server's certificate (for 127.0.0.1 and localhost). */
  caPem: string;
  /** PEM of a CA that signed nothing here: a wrong CA to configure. */
  otherCaPem: string;
  stop(): Promise<void>;
}

/**
 * Whether Debian's slapd and its tools are installed (.ci/run installs `slapd ldap-utils`). Under CI a
 * missing slapd is an error, so the directory tests never silently vanish; elsewhere they are skipped
 * with a message.
 */
export function slapdAvailable(): boolean {
  const found = [SLAPD, SLAPADD, SLAPPASSWD].every((file) => fs.existsSync(file));
  if (!found && process.env.CI)
    throw new Error('slapd is required under CI: apt-get install slapd ldap-utils');
  if (!found) console.warn('slapd not installed (apt-get install slapd ldap-utils): directory tests skipped');
  return found;
}

/** A DN attribute value escaped for an LDIF `dn:` line (RFC 4514), for test names with specials. */
function dnValue(value: string): string {
  return value.replace(/[\\"+,;<>=]/g, (char) => `\\${char}`).replace(/^([#\s])/, '\\$1');
}

/** An LDIF attribute line; values that LDIF cannot carry plainly go base64 (`name:: ...`). */
function line(name: string, value: string): string {
  const plain = /^[\x21-\x39\x3b\x3d-\x7e][\x20-\x7e]*$/.test(value) && !value.endsWith(' ');
  return plain ? `${name}: ${value}` : `${name}:: ${Buffer.from(value).toString('base64')}`;
}

function personLdif(person: DirectoryPerson): string {
  const hash = execFileSync(SLAPPASSWD, ['-s', person.password], { encoding: 'utf8' }).trim();
  return [
    line('dn', `uid=${dnValue(person.uid)},${PEOPLE_DN}`),
    'objectClass: inetOrgPerson',
    line('uid', person.uid),
    line('cn', person.cn ?? person.uid),
    line('sn', person.cn?.split(' ').at(-1) ?? person.uid),
    ...(person.mail ? [line('mail', person.mail)] : []),
    ...(person.mobile ? [line('mobile', person.mobile)] : []),
    `userPassword: ${hash}`,
  ].join('\n');
}

/** A CA and a server certificate for 127.0.0.1 and localhost, made with openssl in `dir`. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string; otherCa: string } {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  for (const ca of ['ca', 'other-ca']) {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=Test ${ca}`,
      '-keyout',
      file(`${ca}.key`),
      '-out',
      file(`${ca}.pem`),
    );
  }
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  );
  fs.writeFileSync(file('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('san.ext'),
    '-out',
    file('server.pem'),
  );
  return {
    ca: file('ca.pem'),
    cert: file('server.pem'),
    key: file('server.key'),
    otherCa: file('other-ca.pem'),
  };
}

/** Waits until something accepts connections on a loopback port. */
async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`slapd did not listen on ${port}:\n${log()}`);
}

/**
 * Starts slapd as a throwaway instance: a minimal cn=config (core, cosine and inetOrgPerson schemas,
 * one mdb database for dc=lab,dc=test, TLS with a fresh CA) and the given people, loaded with slapadd
 * into a temp directory, listening on free loopback ports for ldap:// and ldaps://. People may read the
 * directory once bound; anonymous clients may only bind. Unauthenticated binds (a DN with an empty
 * password) are allowed, as some directories do, so a client that forwards an empty password would sign
 * in: the tests prove the portal never does.
 */
export async function startDirectory(people: DirectoryPerson[]): Promise<TestDirectory> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-slapd-'));
  const configDir = path.join(dir, 'slapd.d');
  const dbDir = path.join(dir, 'db');
  fs.mkdirSync(configDir);
  fs.mkdirSync(dbDir);
  const tls = makeCertificates(dir);
  const config = `dn: cn=config
objectClass: olcGlobal
cn: config
olcPidFile: ${dir}/slapd.pid
olcAllows: bind_anon_dn
olcTLSCACertificateFile: ${tls.ca}
olcTLSCertificateFile: ${tls.cert}
olcTLSCertificateKeyFile: ${tls.key}

dn: cn=module{0},cn=config
objectClass: olcModuleList
cn: module{0}
olcModulePath: /usr/lib/ldap
olcModuleLoad: back_mdb

dn: cn=schema,cn=config
objectClass: olcSchemaConfig
cn: schema

include: file://${SCHEMA_DIR}/core.ldif

include: file://${SCHEMA_DIR}/cosine.ldif

include: file://${SCHEMA_DIR}/inetorgperson.ldif

dn: olcDatabase={-1}frontend,cn=config
objectClass: olcDatabaseConfig
objectClass: olcFrontendConfig
olcDatabase: {-1}frontend

dn: olcDatabase={0}config,cn=config
objectClass: olcDatabaseConfig
olcDatabase: {0}config

dn: olcDatabase={1}mdb,cn=config
objectClass: olcDatabaseConfig
objectClass: olcMdbConfig
olcDatabase: {1}mdb
olcSuffix: ${DIRECTORY_SUFFIX}
olcDbDirectory: ${dbDir}
olcDbMaxSize: 10485760
olcAccess: {0}to attrs=userPassword by anonymous auth by * none
olcAccess: {1}to * by users read by * none
`;
  const data = [
    `dn: ${DIRECTORY_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: lab\no: Lab`,
    `dn: ${PEOPLE_DN}\nobjectClass: organizationalUnit\nou: people`,
    ...people.map(personLdif),
  ].join('\n\n');
  fs.writeFileSync(path.join(dir, 'config.ldif'), config);
  fs.writeFileSync(path.join(dir, 'data.ldif'), `${data}\n`);
  execFileSync(SLAPADD, ['-n0', '-F', configDir, '-l', path.join(dir, 'config.ldif')], { stdio: 'pipe' });
  execFileSync(SLAPADD, ['-n1', '-F', configDir, '-l', path.join(dir, 'data.ldif')], { stdio: 'pipe' });

  const [port, ldapsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
  // -d 0 keeps slapd in the foreground, a child of this process that stop() ends.
  const child = spawn(SLAPD, ['-F', configDir, '-h', `${url}/ ${ldapsUrl}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await stopped;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => stderr);
    await waitForPort(ldapsPort, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    ldapsUrl,
    caPem: fs.readFileSync(tls.ca, 'utf8'),
    otherCaPem: fs.readFileSync(tls.otherCa, 'utf8'),
    stop,
  };
}
