import { createContext, useContext, type ReactNode } from 'react';
import type { Feature } from '@app/shared/domain/enums';

export interface FeatureGateSlotProps {
  feature: Feature;
  /** The limited view: what the API serves a plan without `feature`. */
  fallback: ReactNode;
  /** What the plans with `feature` see. */
  children: ReactNode;
}

export type RenderGate = (props: FeatureGateSlotProps) => ReactNode;

/** Until the app provides the gate, only the limited view shows: nothing gated can appear ungated. */
const limitedOnly: RenderGate = ({ fallback }) => fallback;

/**
 * The feature gate, handed to every feature by the app (features do not import each other: the app
 * shell provides the gating feature's FeatureGate here). A feature marks a gated section with
 * `<FeatureGateSlot feature fallback>children</FeatureGateSlot>`.
 */
export const FeatureGateContext = createContext<RenderGate>(limitedOnly);

export function FeatureGateSlot(props: FeatureGateSlotProps) {
  const render = useContext(FeatureGateContext);
  return <>{render(props)}</>;
}
