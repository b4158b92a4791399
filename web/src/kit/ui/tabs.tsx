import { Tabs as AmplifyTabs } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

export interface TabItem<Value extends string> {
  value: Value;
  label: ReactNode;
  content?: ReactNode;
}

export interface TabsProps<Value extends string> {
  value: Value;
  onChange: (value: Value) => void;
  items: readonly TabItem<Value>[];
  label: string;
  justify?: boolean;
}

/** Controlled tabs (keyboard: arrows, Home, End), on Amplify's accessible Tabs. */
export function Tabs<Value extends string>({
  value,
  onChange,
  items,
  label,
  justify = true,
}: TabsProps<Value>) {
  return (
    <AmplifyTabs.Container value={value} onValueChange={(next) => onChange(next as Value)} isLazy>
      <AmplifyTabs.List aria-label={label} spacing={justify ? 'equal' : undefined}>
        {items.map((item) => (
          <AmplifyTabs.Item key={item.value} value={item.value}>
            {item.label}
          </AmplifyTabs.Item>
        ))}
      </AmplifyTabs.List>
      {items.map((item) =>
        item.content === undefined ? null : (
          <AmplifyTabs.Panel key={item.value} value={item.value}>
            {item.content}
          </AmplifyTabs.Panel>
        ),
      )}
    </AmplifyTabs.Container>
  );
}
