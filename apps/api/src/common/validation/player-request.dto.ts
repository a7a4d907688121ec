import { StrField } from './fields';

/** Fields the spec's client adds to every call: host and lang. Every player DTO extends this. */
export class PlayerRequestDto {
  @StrField({ optional: true, max: 255, description: 'client host (ignored)' }) host?: string;
  /** Any text: an unsupported language falls back to tw (`resolveLocale`) instead of failing the call. */
  @StrField({ optional: true, max: 32, description: 'message language: tw (default), zh, en, jp, kor; zh-TW, ja, ko and the like are understood' })
  lang?: string;
}
