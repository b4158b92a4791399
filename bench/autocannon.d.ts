/** autocannon 9 ships no types; bench/load-generator.ts types the few options and events it uses. */
declare module 'autocannon' {
  const autocannon: unknown;
  export default autocannon;
}
