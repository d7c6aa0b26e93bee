import { type CSSVariablesResolver, DEFAULT_THEME, type MantineColorsTuple, createTheme, darken, luminance } from '@mantine/core';

/**
 * The console's Mantine theme, with colours that pass WCAG AA for text (4.5:1; issue 15 part 9, checked by axe-core
 * in the Chromium journeys in English and Arabic). Mantine's defaults do not: white on blue 6 is 3.6:1, the light
 * variants' text (shade 9 on shade 1) is 3.6 to 4.3:1 for orange, green and teal, "dimmed" text (gray 6) is 3.3:1
 * and error text (red 6) 3.3:1. Each colour keeps its hue and is darkened only as far as it needs.
 */
export const theme = createTheme({ primaryColor: 'blue', primaryShade: { light: 8, dark: 8 }, defaultRadius: 'sm' });

/** The contrast target, a little above 4.5 so that rounding in a browser never lands below it. */
export const TEXT_CONTRAST = 4.6;
const WHITE = '#ffffff';
const SHADE = 8;

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color`, darkened in small steps until it reads on every one of `backgrounds` (as text on them, or white text on it). */
export function readable(color: string, backgrounds: string[]): string {
  for (let step = 0; step <= 20; step++) {
    const c = step === 0 ? color : darken(color, step * 0.04);
    if (backgrounds.every((bg) => contrast(c, bg) >= TEXT_CONTRAST)) return c;
  }
  return '#000000';
}

/** The light scheme's variables of one colour: filled backgrounds under white text, light variants' text, text and outline. */
function colorVariables(name: string, shades: MantineColorsTuple): Record<string, string> {
  const filled = readable(shades[SHADE], [WHITE]);
  const lightColor = readable(shades[9], [shades[1], shades[2], WHITE]);
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.12),
    [`--mantine-color-${name}-text`]: filled,
    [`--mantine-color-${name}-outline`]: filled,
    [`--mantine-color-${name}-light-color`]: lightColor,
  };
}

/** Secondary text ("dimmed", input descriptions) and placeholders: 5.2:1 on white, 4.7:1 on gray 1. */
export const SECONDARY_TEXT = '#666d75';

export const cssVariablesResolver: CSSVariablesResolver = () => {
  const colors = Object.entries(DEFAULT_THEME.colors).filter(([name]) => name !== 'dark');
  const light: Record<string, string> = Object.assign({}, ...colors.map(([name, shades]) => colorVariables(name, shades)));
  const { red, teal } = DEFAULT_THEME.colors;
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': SECONDARY_TEXT,
      '--mantine-color-placeholder': SECONDARY_TEXT,
      '--mantine-color-error': readable(red[7], [WHITE]),
      '--mantine-color-success': readable(teal[8], [WHITE]),
    },
    dark: {},
  };
};
