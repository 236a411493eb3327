export * from './accounts.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './pagination.ts';
export * from './records/index.ts';
export * from './sharing.ts';
export * from './communities.ts';
export * from './requests.ts';
