import { Heading, Text } from '@aws-amplify/ui-react';
import { Card } from '@/kit/ui/card';

/** What a list shows when it has nothing to show: a title and a line on why, or what to do. */
export function EmptyState({
  title,
  description,
  level = 2,
  className,
}: {
  title: string;
  description: string;
  level?: 2 | 3;
  className?: string;
}) {
  return (
    <Card className={className}>
      <Heading level={level} fontSize="large">
        {title}
      </Heading>
      <Text className="app-muted">{description}</Text>
    </Card>
  );
}
