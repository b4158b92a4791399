export * from './common';
export * from './user';
export * from './market';
export * from './catalysts';
export * from './subscription';
export * from './portfolio';
export * from './admin';
export * from './errors';
