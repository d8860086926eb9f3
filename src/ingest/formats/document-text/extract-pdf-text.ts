import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfText } from './pdf-text.ts';

/** Why pdfjs could not read a PDF, in words a person can act on. */
function reasonOf(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return `the PDF is encrypted and needs a password (pdfjs: ${message}); ingest an unprotected copy`;
  if (name === 'InvalidPDFException') return `the PDF is damaged or truncated (pdfjs: ${message}); download it again`;
  return `pdfjs could not read the PDF (${name || 'error'}: ${message})`;
}

type PdfJs = typeof PdfJsModule;

/** Past this, a PDF counts as unreadable: one that stalls pdfjs must not hold its ingestion job forever. */
const TIME_LIMIT_MS = 120_000;

async function pagesText(pdfjs: PdfJs, task: ReturnType<PdfJs['getDocument']>): Promise<PdfText> {
  const document = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join(''));
    page.cleanup();
  }
  return { ok: true, text: pages.join('\f'), pageCount: document.numPages, extractor: `pdfjs-dist ${pdfjs.version}` };
}

function timeLimit(): { readonly expired: Promise<PdfText>; readonly clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<PdfText>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `pdfjs did not finish reading the PDF within ${TIME_LIMIT_MS / 1000} s` }),
      TIME_LIMIT_MS,
    );
    timer.unref();
  });
  return { expired, clear: () => clearTimeout(timer) };
}

/**
 * The text of every page of a PDF, pages separated by a form feed, in reading order as
 * pdfjs gives it (a line break where pdfjs marks the end of a line). Never throws: a PDF
 * pdfjs cannot open (truncated, encrypted, not a PDF) gives `{ ok: false, reason }`.
 *
 * pdfjs-dist's legacy build is the one meant for Node; it is imported only when a PDF is
 * read, since it is large. In Node it runs its worker in this thread ("fake worker"), so no
 * worker file or thread is set up.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<PdfText> {
  let task: ReturnType<PdfJs['getDocument']> | undefined;
  const limit = timeLimit();
  try {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    task = pdfjs.getDocument({
      // A plain Uint8Array copy: pdfjs refuses a Node Buffer, and may take ownership of the buffer.
      data: new Uint8Array(bytes),
      verbosity: pdfjs.VerbosityLevel.ERRORS,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
    });
    return await Promise.race([pagesText(pdfjs, task), limit.expired]);
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  } finally {
    limit.clear();
    // Destroying also ends a read the time limit gave up on. A failure to tidy up changes
    // nothing about the text already read, so it is not reported.
    await task?.destroy().catch(() => undefined);
  }
}
