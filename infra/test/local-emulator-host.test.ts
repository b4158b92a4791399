import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListQueuesCommand } from '@aws-sdk/client-sqs';
import { CreateUserPoolCommand, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { localCognitoClient, startCognitoLocal } from '../local/cognito-local';
import { startMailServer } from '../local/mail-server';
import { findFreePort, isPortOpen } from '../local/processes';
import { localQueueClient, startQueueServer } from '../local/queue-server';
import { supervise, type SupervisedServer } from '../local/supervisor';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the emulator host (cognito-local, fauxqs and maildev in one child process)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'emulator-host-'));
  const servers: SupervisedServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('runs each server on its own port in one process, stops one alone, reports a crash of the host for each and restarts them', async () => {
    const cognitoPort = await findFreePort();
    const publicPort = await findFreePort();
    const queuePort = await findFreePort();
    const smtpPort = await findFreePort();
    const webPort = await findFreePort();
    const logs: string[] = [];
    const log = (message: string) => logs.push(message);
    const cognito = await supervise(
      'cognito-local',
      () => startCognitoLocal(cognitoPort, directory, publicPort),
      { log },
    );
    const queue = await supervise('the queue (fauxqs)', () => startQueueServer(queuePort), { log });
    const mail = await supervise('maildev', () => startMailServer({ smtpPort, webPort }), { log });
    servers.push(mail, queue, cognito);

    const pid = cognito.current().child.pid as number;
    expect(queue.current().child.pid).toBe(pid);
    expect(mail.current().child.pid).toBe(pid);
    expect(pid).not.toBe(process.pid);
    // Each speaks its own protocol on its own port.
    expect((await localQueueClient(queuePort).send(new ListQueuesCommand({}))).$metadata.httpStatusCode).toBe(
      200,
    );
    const pools = await localCognitoClient(cognitoPort).send(new ListUserPoolsCommand({ MaxResults: 10 }));
    expect(pools.UserPools).toEqual([]);
    const inbox = await fetch(`http://127.0.0.1:${webPort}/api/email`);
    expect(await inbox.json()).toEqual([]);
    // The web inbox (a single-page app, served to a browser's Accept).
    const page = await fetch(`http://127.0.0.1:${webPort}/`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<base href="/" />');
    expect(await isPortOpen(smtpPort)).toBe(true);

    // One stopped alone: its ports close, the others keep answering in the same process.
    await mail.stop();
    expect(await isPortOpen(smtpPort)).toBe(false);
    expect(await isPortOpen(webPort)).toBe(false);
    expect(await isPortOpen(queuePort)).toBe(true);
    expect(alive(pid)).toBe(true);
    await mail.start();
    expect(mail.current().child.pid).toBe(pid);

    // The host killed: every server it held is reported down and started again on its port.
    process.kill(pid, 'SIGKILL');
    await until(() => cognito.restarts() + queue.restarts() + mail.restarts() === 3);
    for (const name of ['cognito-local', 'the queue (fauxqs)', 'maildev'])
      expect(logs).toContain(`local stack: ${name} exited (SIGKILL); restarting it with its data...`);
    const newPid = queue.current().child.pid as number;
    expect(newPid).not.toBe(pid);
    expect(cognito.current().child.pid).toBe(newPid);
    expect(mail.current().child.pid).toBe(newPid);
    for (const port of [cognitoPort, queuePort, smtpPort, webPort]) expect(await isPortOpen(port)).toBe(true);

    // The last server stopped: the host process ends.
    for (const server of servers.splice(0)) await server.stop();
    await until(() => !alive(newPid), 10_000);
  });

  it('keeps two servers of the same name apart: stopping the second leaves the first answering, and the first still stops', async () => {
    // tests/integration/ingestion.test.ts: a file's harness starts a queue server, then a second harness
    // starts another beside it in the same test process (both named "the queue (fauxqs)"), stops it,
    // and the first harness stops its own last.
    const firstPort = await findFreePort();
    const secondPort = await findFreePort();
    const first = await startQueueServer(firstPort);
    const second = await startQueueServer(secondPort);
    expect(second.child.pid).toBe(first.child.pid);
    const pid = first.child.pid as number;

    await second.stop();
    expect(await isPortOpen(secondPort)).toBe(false);
    expect(await isPortOpen(firstPort)).toBe(true);
    expect(alive(pid)).toBe(true);
    expect((await localQueueClient(firstPort).send(new ListQueuesCommand({}))).$metadata.httpStatusCode).toBe(
      200,
    );

    const stopped = await Promise.race([
      first.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still stopping after 10 s'), 10_000)),
    ]);
    expect(stopped).toBe('stopped');
    expect(await isPortOpen(firstPort)).toBe(false);
    await until(() => !alive(pid), 10_000);
  });

  it('starts a second cognito-local in a host of its own while the first runs (it works in its folder)', async () => {
    const otherDirectory = mkdtempSync(join(tmpdir(), 'emulator-host-'));
    const firstPort = await findFreePort();
    const secondPort = await findFreePort();
    const first = await startCognitoLocal(firstPort, directory, await findFreePort());
    const second = await startCognitoLocal(secondPort, otherDirectory, await findFreePort());
    try {
      expect(second.child.pid).not.toBe(first.child.pid);
      await localCognitoClient(firstPort).send(new CreateUserPoolCommand({ PoolName: 'first' }));
      const pools = async (port: number) =>
        (
          (await localCognitoClient(port).send(new ListUserPoolsCommand({ MaxResults: 10 }))).UserPools ?? []
        ).map((pool) => pool.Name);
      expect(await pools(firstPort)).toEqual(['first']);
      expect(await pools(secondPort)).toEqual([]);
    } finally {
      await second.stop();
      await first.stop();
      rmSync(otherDirectory, { recursive: true, force: true });
    }
  });
});
