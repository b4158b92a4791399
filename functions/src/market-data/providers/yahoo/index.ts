// The Yahoo provider's public face: its descriptor (registry.ts lists it); the rest is private.
export { yahooProvider } from './descriptor';
