import { setArgon2CostForTests } from '../../server/security/password-hasher';

/**
 * Set-up file of the node test projects (vitest.config.ts), run before every file: passwords are hashed
 * with argon2id at its smallest cost (64 KiB, one pass) instead of OWASP's 19 MiB and two passes, which
 * cost about 25 ms of CPU per hash and per check, hundreds of times per server test file. A file that
 * tests the cost itself restores OWASP's with setArgon2CostForTests(null). Servers started as processes
 * (browser tests, instances, the CLI bundle) never run this and hash at OWASP's cost.
 */
setArgon2CostForTests({ memoryCost: 64, timeCost: 1, parallelism: 1 });
