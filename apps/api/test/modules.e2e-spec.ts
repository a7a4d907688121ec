import { ModulesContainer } from '@nestjs/core';
import { TxRunner } from '@sum28/database';
import { DataSource } from 'typeorm';
import { AuthModule } from '../src/auth/auth.module';
import { SessionRevocations } from '../src/auth/session-revocations';
import { Clock } from '../src/common/clock';
import { APP_CONFIG } from '../src/common/config/app-config';
import { CoreModule } from '../src/common/core.module';
import { DatabaseModule } from '../src/common/db/database.module';
import { ReadDb } from '../src/common/db/read-db';
import { RoundEvents } from '../src/common/events/round-events';
import { SharedEvents } from '../src/common/shared/shared-events';
import { SHARED_STORE } from '../src/common/shared/shared-store';
import { FeedModule } from '../src/feed/feed.module';
import { FeedService } from '../src/feed/feed.service';
import { BalanceEpochs } from '../src/ledger/balance-epochs';
import { LedgerModule } from '../src/ledger/ledger.module';
import { RoundReader } from '../src/rounds/round-reader.service';
import { RoundsModule } from '../src/rounds/rounds.module';
import { createTestApp, type TestApp } from './factories/test-app';

/** The core and the database are imported by name (no global module) and still one instance each. */
describe('explicit modules: one core, one database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const SHARED: [string, unknown, string][] = [
    ['APP_CONFIG', APP_CONFIG, CoreModule.name],
    ['Clock', Clock, CoreModule.name],
    ['RoundEvents', RoundEvents, CoreModule.name],
    ['SHARED_STORE', SHARED_STORE, CoreModule.name],
    ['SharedEvents', SharedEvents, CoreModule.name],
    ['DataSource', DataSource, DatabaseModule.name],
    ['TxRunner', TxRunner, DatabaseModule.name],
    ['ReadDb', ReadDb, DatabaseModule.name],
  ];

  it.each(SHARED)('%s is provided by one module only', (_name, token, owner) => {
    const hosts = [...t.app.get(ModulesContainer).values()].filter((m) => m.providers.has(token as never)).map((m) => m.metatype.name);
    expect(hosts).toEqual([owner]);
  });

  it('APP_CONFIG is the configuration the app was built with', () => {
    expect(t.app.get(APP_CONFIG)).toBe(t.cfg);
  });

  it('every provider, controller and guard of every module sees the same Clock, events, DataSource, TxRunner and ReadDb', () => {
    const one = new Map<unknown, unknown>([Clock, RoundEvents, SharedEvents, DataSource, TxRunner, ReadDb].map((type) => [type, t.app.get(type as never)]));
    let seen = 0;
    for (const m of t.app.get(ModulesContainer).values()) {
      for (const wrapper of [...m.providers.values(), ...m.controllers.values(), ...m.injectables.values()]) {
        const instance: unknown = wrapper.instance;
        if (instance === null || typeof instance !== 'object') continue;
        for (const value of Object.values(instance)) {
          for (const [type, single] of one) {
            if (value instanceof (type as new (...a: never[]) => unknown)) {
              seen++;
              expect({ in: `${m.metatype.name}/${String(wrapper.name)}`, same: value === single }).toEqual({
                in: `${m.metatype.name}/${String(wrapper.name)}`,
                same: true,
              });
            }
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(50);
  });

  it('the optional cross-instance notices are wired (not left out for want of an import)', () => {
    const shared = t.app.get(SharedEvents);
    const sharedOf = (x: object): unknown => (x as { shared?: unknown }).shared;
    expect(sharedOf(t.app.select(LedgerModule).get(BalanceEpochs, { strict: true }))).toBe(shared);
    expect(sharedOf(t.app.select(FeedModule).get(FeedService, { strict: true }))).toBe(shared);
    expect(sharedOf(t.app.select(RoundsModule).get(RoundReader, { strict: true }))).toBe(shared);
    expect(sharedOf(t.app.select(AuthModule).get(SessionRevocations, { strict: true }))).toBe(shared);
  });
});
