import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, theme } from './theme';

// Issue 15 part 9: text in the console reads at WCAG AA (4.5:1), as axe-core checks it in the journeys.
const AA = 4.5;
const vars = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never).light as Record<string, string>;
const WHITE = '#ffffff';

describe('theme colours (issue 15 part 9, WCAG 1.4.3)', () => {
  const names = Object.keys(DEFAULT_THEME.colors).filter((n) => n !== 'dark');

  it.each(names)('%s: white text on its filled background, and its light variant text on its light background', (name) => {
    const shades = DEFAULT_THEME.colors[name];
    expect(contrast(vars[`--mantine-color-${name}-filled`], WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrast(vars[`--mantine-color-${name}-text`], WHITE)).toBeGreaterThanOrEqual(AA);
    for (const bg of [shades[1], shades[2]]) expect(contrast(vars[`--mantine-color-${name}-light-color`], bg)).toBeGreaterThanOrEqual(AA);
  });

  it('secondary text, placeholders and errors read on white and on the light gray of cards', () => {
    for (const key of ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-error', '--mantine-color-success']) {
      expect(contrast(vars[key], WHITE), key).toBeGreaterThanOrEqual(AA);
    }
    expect(contrast(vars['--mantine-color-dimmed'], DEFAULT_THEME.colors.gray[1])).toBeGreaterThanOrEqual(AA);
  });

  it("Mantine's defaults would not (what the resolver corrects)", () => {
    const { blue, gray, green, orange } = DEFAULT_THEME.colors;
    expect(contrast(blue[6], WHITE)).toBeLessThan(AA);
    expect(contrast(gray[6], WHITE)).toBeLessThan(AA);
    expect(contrast(green[9], green[1])).toBeLessThan(AA);
    expect(contrast(orange[9], orange[1])).toBeLessThan(AA);
  });
});
