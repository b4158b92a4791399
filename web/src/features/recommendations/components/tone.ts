import type { DisplayColour } from '@app/shared/domain/rules/display-thresholds';

/** The CSS class of a shared display colour (recommendations.css maps it to theme tokens). */
export function toneClass(colour: DisplayColour): string {
  return `rec-tone rec-tone--${colour}`;
}
