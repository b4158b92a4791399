import type { ReactNode } from 'react';
import type { Feature } from '@app/shared/domain/enums';

/**
 * A feature gate handed to a feature by the app (features do not import each other; `src/app`
 * composes the gating feature's FeatureGate in): `children` for the plans that have `feature`, else
 * the gate over `fallback`, the limited view the API serves that plan.
 */
export type RenderGate = (props: { feature: Feature; fallback: ReactNode; children: ReactNode }) => ReactNode;
