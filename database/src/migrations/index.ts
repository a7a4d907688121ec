// Migrations are listed explicitly (no globbing) so the compiled app and the tests load the same set.
// SQLite (both drivers) and PostgreSQL each get their own DDL, generated from the same entities by
// scripts/migration-generate.js; a test checks that after migrating each schema has nothing left to sync.
// Never edit a migration once it has landed: add a new one.
import { Init1795341357905 as PgInit } from './postgres/1795341357905-Init';
import { AppendOnlyLedger1795341400000 as PgAppendOnly } from './postgres/1795341400000-AppendOnlyLedger';
import { ConsoleStaffTotp1795342161667 as PgConsoleStaffTotp } from './postgres/1795342161667-ConsoleStaffTotp';
import { GameEngineIndexes1795342168179 as PgGameEngineIndexes } from './postgres/1795342168179-GameEngineIndexes';
import { CatalogNamesNoticeReads1795416780865 as PgCatalogNamesNoticeReads } from './postgres/1795416780865-CatalogNamesNoticeReads';
import { WalletHardening1795416952786 as PgWalletHardening } from './postgres/1795416952786-WalletHardening';
import { SignInThrottle1795417008806 as PgSignInThrottle } from './postgres/1795417008806-SignInThrottle';
import { RechargeRates1795417080324 as PgRechargeRates } from './postgres/1795417080324-RechargeRates';
import { CaseInsensitiveUsernames1795417667416 as PgCaseInsensitiveUsernames } from './postgres/1795417667416-CaseInsensitiveUsernames';
import { CapitalLogOverNullable1795419972790 as PgCapitalLogOverNullable } from './postgres/1795419972790-CapitalLogOverNullable';
import { BetsHitSeenWinnersOnly1795420000000 as PgBetsHitSeenWinnersOnly } from './postgres/1795420000000-BetsHitSeenWinnersOnly';
import { BetsRoundIndex1795468631312 as PgBetsRoundIndex } from './postgres/1795468631312-BetsRoundIndex';
import { SettingChanges1795818442169 as PgSettingChanges } from './postgres/1795818442169-SettingChanges';
import { KnownDevices1795900000000 as PgKnownDevices } from './postgres/1795900000000-KnownDevices';
import { ResetRequests1795900100000 as PgResetRequests } from './postgres/1795900100000-ResetRequests';
import { MoneyEventMessages1796000000000 as PgMoneyEventMessages } from './postgres/1796000000000-MoneyEventMessages';
import { LocalisedContent1796100000000 as PgLocalisedContent } from './postgres/1796100000000-LocalisedContent';
import { Init1795341357905 as SqliteInit } from './sqlite/1795341357905-Init';
import { AppendOnlyLedger1795341400000 as SqliteAppendOnly } from './sqlite/1795341400000-AppendOnlyLedger';
import { ConsoleStaffTotp1795342161667 as SqliteConsoleStaffTotp } from './sqlite/1795342161667-ConsoleStaffTotp';
import { GameEngineIndexes1795342168179 as SqliteGameEngineIndexes } from './sqlite/1795342168179-GameEngineIndexes';
import { CatalogNamesNoticeReads1795416780865 as SqliteCatalogNamesNoticeReads } from './sqlite/1795416780865-CatalogNamesNoticeReads';
import { WalletHardening1795416952786 as SqliteWalletHardening } from './sqlite/1795416952786-WalletHardening';
import { SignInThrottle1795417008806 as SqliteSignInThrottle } from './sqlite/1795417008806-SignInThrottle';
import { RechargeRates1795417080324 as SqliteRechargeRates } from './sqlite/1795417080324-RechargeRates';
import { CaseInsensitiveUsernames1795417667416 as SqliteCaseInsensitiveUsernames } from './sqlite/1795417667416-CaseInsensitiveUsernames';
import { CapitalLogOverNullable1795419972790 as SqliteCapitalLogOverNullable } from './sqlite/1795419972790-CapitalLogOverNullable';
import { BetsHitSeenWinnersOnly1795420000000 as SqliteBetsHitSeenWinnersOnly } from './sqlite/1795420000000-BetsHitSeenWinnersOnly';
import { BetsRoundIndex1795468631312 as SqliteBetsRoundIndex } from './sqlite/1795468631312-BetsRoundIndex';
import { SettingChanges1795818442169 as SqliteSettingChanges } from './sqlite/1795818442169-SettingChanges';
import { KnownDevices1795900000000 as SqliteKnownDevices } from './sqlite/1795900000000-KnownDevices';
import { ResetRequests1795900100000 as SqliteResetRequests } from './sqlite/1795900100000-ResetRequests';
import { MoneyEventMessages1796000000000 as SqliteMoneyEventMessages } from './sqlite/1796000000000-MoneyEventMessages';
import { LocalisedContent1796100000000 as SqliteLocalisedContent } from './sqlite/1796100000000-LocalisedContent';

export const SQLITE_MIGRATIONS: Function[] = [
  SqliteInit,
  SqliteAppendOnly,
  SqliteConsoleStaffTotp,
  SqliteGameEngineIndexes,
  SqliteCatalogNamesNoticeReads,
  SqliteWalletHardening,
  SqliteSignInThrottle,
  SqliteRechargeRates,
  SqliteCaseInsensitiveUsernames,
  SqliteCapitalLogOverNullable,
  SqliteBetsHitSeenWinnersOnly,
  SqliteBetsRoundIndex,
  SqliteSettingChanges,
  SqliteKnownDevices,
  SqliteResetRequests,
  SqliteMoneyEventMessages,
  SqliteLocalisedContent,
];
export const POSTGRES_MIGRATIONS: Function[] = [
  PgInit,
  PgAppendOnly,
  PgConsoleStaffTotp,
  PgGameEngineIndexes,
  PgCatalogNamesNoticeReads,
  PgWalletHardening,
  PgSignInThrottle,
  PgRechargeRates,
  PgCaseInsensitiveUsernames,
  PgCapitalLogOverNullable,
  PgBetsHitSeenWinnersOnly,
  PgBetsRoundIndex,
  PgSettingChanges,
  PgKnownDevices,
  PgResetRequests,
  PgMoneyEventMessages,
  PgLocalisedContent,
];
