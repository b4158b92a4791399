import { parseArgs } from 'node:util';
import { generatedInstruments } from './instruments';
import { startProviderSimulator } from './simulator';
import { DEMO_INSTRUMENTS } from './demo-instruments';

/**
 * `npm run provider-simulator -- [--port 4010] [--symbols 50] [--latency-ms 0]`: the simulator on its
 * own, for `npm start -- --live` against it. Prints the environment to export; Ctrl-C stops it.
 */
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    port: { type: 'string', default: '4010' },
    symbols: { type: 'string', default: '0' },
    'latency-ms': { type: 'string', default: '0' },
  },
});

const simulator = await startProviderSimulator({
  port: Number(values.port),
  instruments: [...DEMO_INSTRUMENTS, ...generatedInstruments(Number(values.symbols), Date.now())],
  latencyMs: Number(values['latency-ms']),
});
console.log(
  `Provider simulator on ${simulator.url} (generated test data, not market prices). Run the stack with:\n`,
);
console.log(
  Object.entries(simulator.env)
    .map(([name, value]) => `  export ${name}=${value}`)
    .join('\n'),
);
console.log('\n  npm start -- --live --reset\n');
process.on('SIGINT', () => void simulator.stop().then(() => process.exit(0)));
