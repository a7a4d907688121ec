export * from './locale';
export * from './message-keys';
export * from './messages.en';
export * from './messages.jp';
export * from './messages.kor';
export * from './messages.tw';
export * from './messages.zh';
export * from './translate';
