import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Noto Sans SC from the npm package `@expo-google-fonts/noto-sans-sc` (SIL Open Font License): the
 * whole TrueType files, about 10 MB each. pdfkit embeds only the glyphs a document uses, so a printed
 * record carries a subset of a few dozen kB, not the file. The font covers Latin with its accents
 * (German, Spanish) and the CJK ideographs, so one family prints every language of the console.
 */
const PDF_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
} as const;

let loaded: { regular: Buffer; bold: Buffer } | null = null;

/**
 * The bytes of `PDF_FONTS`, read once per process on the first document and kept (about 20 MB): each
 * document would otherwise read both files again. pdfkit parses the bytes it is given and embeds the
 * subset a document uses, as it does from a path.
 */
export function pdfFontData(): { regular: Buffer; bold: Buffer } {
  loaded ??= { regular: readFileSync(PDF_FONTS.regular), bold: readFileSync(PDF_FONTS.bold) };
  return loaded;
}
