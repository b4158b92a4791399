import { Flex, Loader, Text } from '@aws-amplify/ui-react';

/** A page's place while its first data loads: a spinner and what is loading, announced as a status. */
export function PageLoading({ label }: { label: string }) {
  return (
    <Flex justifyContent="center" alignItems="center" gap="small" padding="xl" role="status">
      <Loader aria-hidden="true" />
      <Text>{label}</Text>
    </Flex>
  );
}
