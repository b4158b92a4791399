import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeatureGateContext, FeatureGateSlot } from './feature-gate-slot';

describe('FeatureGateSlot', () => {
  it('shows only the limited view when no gate is provided: nothing gated shows ungated', () => {
    render(
      <FeatureGateSlot feature="advanced_analytics" fallback={<p>Limited</p>}>
        <p>Full</p>
      </FeatureGateSlot>,
    );
    expect(screen.getByText('Limited')).toBeTruthy();
    expect(screen.queryByText('Full')).toBeNull();
  });

  it('hands the feature, the limited view and the content to the gate the app provides', () => {
    render(
      <FeatureGateContext.Provider
        value={({ feature, fallback, children }) => (
          <section data-testid={`gate-${feature}`}>
            {fallback}
            {children}
          </section>
        )}
      >
        <FeatureGateSlot feature="advanced_recommendations" fallback={<p>Limited</p>}>
          <p>Full</p>
        </FeatureGateSlot>
      </FeatureGateContext.Provider>,
    );
    expect(screen.getByTestId('gate-advanced_recommendations').textContent).toBe('LimitedFull');
  });
});
