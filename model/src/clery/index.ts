export * from './offences';
export * from './geography';
export * from './record';
export * from './counting';
export * from './crime-log';
export * from './fire';
export * from './emergency';
