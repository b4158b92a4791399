import { useLoaderData } from 'react-router-dom';
import { getRuntimeConfig, type RuntimeConfig } from '@/kit/config/runtime-config';
import { ServerStateProvider } from '@/kit/api/server-state';
import { TrackRecordPage } from '@/features/track-record/components/track-record-page';

/** The runtime configuration the page's API calls need, read before it renders. */
export async function trackRecordLoader(): Promise<RuntimeConfig> {
  return getRuntimeConfig();
}

/**
 * /track-record is a public page, outside the signed-in shell that provides server state, yet its live
 * record asks the API (contract.ai.gradeChain): it brings its own query client, or it crashed on "No
 * QueryClient set" (issue 46's walk of every page found it).
 */
export function TrackRecordRoute() {
  const config = useLoaderData<RuntimeConfig>();
  return (
    <ServerStateProvider config={config}>
      <TrackRecordPage />
    </ServerStateProvider>
  );
}
