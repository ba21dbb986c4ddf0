import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Noto Sans SC from the npm package `@expo-google-fonts/noto-sans-sc` (SIL Open Font License): the
 * whole TrueType files, about 10 MB each. pdfkit embeds only the glyphs a document uses, so a printed
 * record carries a subset of a few dozen kB, not the file. The font covers Latin with its accents
 * (German, Spanish) and the CJK ideographs, so one family prints every language of the console.
 */
export const PDF_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
} as const;
