import { createContext, useContext, type ReactNode } from 'react';
import type { Feature } from '@app/shared/domain/enums';

export interface FeatureGateSlotProps {
  feature: Feature;
  /** The limited view: what the API serves a plan without `feature`. */
  fallback: ReactNode;
  /** What the plans with `feature` see. */
  children: ReactNode;
  /**
   * Drawn blurred behind the upgrade box instead of the limited view, when the feature shows the limited
   * view plainly beside the gate (the gate then covers only what the plan would add).
   */
  preview?: ReactNode;
  /** 'inline': the limited view plainly under a compact upgrade box, no blur (see FeatureGate). */
  variant?: 'overlay' | 'inline';
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
