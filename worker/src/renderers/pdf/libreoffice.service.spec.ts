import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSoffice, sweepStaleTempDirs } from './libreoffice.service';

describe('findSoffice', () => {
  it('finds soffice in the first PATH directory that has it', () => {
    const exists = (file: string) => file === '/opt/lo/bin/soffice' || file === '/usr/bin/soffice';
    expect(findSoffice('/usr/local/bin:/opt/lo/bin:/usr/bin', exists)).toBe('/opt/lo/bin/soffice');
  });

  it('is undefined when no PATH directory has it', () => {
    expect(findSoffice('/bin:/usr/bin', () => false)).toBeUndefined();
    expect(findSoffice('', () => true)).toBeUndefined();
  });
});

describe('sweepStaleTempDirs', () => {
  it('removes only the temp directories of worker processes that are gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'semgi-sweep-'));
    try {
      const dead = spawnSync('true').pid;
      const names = [
        `semgi-soffice-${dead}-abc`,
        `semgi-soffice-profile-${dead}-def`,
        `semgi-soffice-${process.ppid}-alive`,
        `semgi-soffice-profile-${process.pid}-mine`,
        'semgi-outra-coisa-1-x',
      ];
      await Promise.all(names.map((name) => mkdir(join(dir, name))));
      await sweepStaleTempDirs(dir);
      expect((await readdir(dir)).sort()).toEqual(names.slice(2).sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
