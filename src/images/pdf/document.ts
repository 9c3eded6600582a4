/**
 * The PDF file format at the size the PDF writer needs: numbered objects with optional streams, a
 * classic cross-reference table, and text strings that hold any character. Nothing but what was
 * added goes in, so the same pages give the same bytes.
 */
import { concat } from './png.ts';

const encoder = new TextEncoder();

/**
 * A small PDF 1.7 writer: numbered objects, optional streams, a classic cross-reference table.
 * Output depends only on what was added, in order — no dates, no random ids.
 */
export class PdfWriter {
  private readonly objects: (Uint8Array | undefined)[] = [];

  /** A number for an object written later (to refer to it before it exists). */
  reserve(): number {
    this.objects.push(undefined);
    return this.objects.length;
  }

  /** Writes object `id`: a dictionary body (without `<< >>`), with a stream when `stream` is given. */
  set(id: number, dictionary: string, stream?: Uint8Array): number {
    const head = stream
      ? `${id} 0 obj\n<< ${dictionary} /Length ${stream.length} >>\nstream\n`
      : `${id} 0 obj\n<< ${dictionary} >>\n`;
    this.objects[id - 1] = stream
      ? concat([encoder.encode(head), stream, encoder.encode('\nendstream\nendobj\n')])
      : encoder.encode(`${head}endobj\n`);
    return id;
  }

  add(dictionary: string, stream?: Uint8Array): number {
    return this.set(this.reserve(), dictionary, stream);
  }

  /** The file. `trailer` entries beyond `/Size` (e.g. `/Root 1 0 R /Info 2 0 R`); the `/ID` is a digest of the body. */
  async finish(trailer: string): Promise<Uint8Array<ArrayBuffer>> {
    // A binary comment on line two tells transfer tools the file is binary.
    const header = new Uint8Array([...encoder.encode('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);
    const offsets: number[] = [];
    let at = header.length;
    const parts: Uint8Array[] = [header];
    this.objects.forEach((object, i) => {
      if (!object) throw new Error(`PDF object ${i + 1} was reserved but never written`);
      offsets.push(at);
      parts.push(object);
      at += object.length;
    });
    const body = concat(parts);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body as Uint8Array<ArrayBuffer>)).subarray(
      0,
      16,
    );
    const id = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    const size = this.objects.length + 1;
    const xref = [
      'xref',
      `0 ${size}`,
      '0000000000 65535 f\r',
      ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n\r`),
    ].join('\n');
    const tail = `${xref}\ntrailer\n<< /Size ${size} ${trailer} /ID [<${id}> <${id}>] >>\nstartxref\n${at}\n%%EOF\n`;
    return concat([body, encoder.encode(tail)]);
  }
}

/** A PDF text string in UTF-16BE with a byte-order mark, as hex: safe for any character. */
export function textString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `<${hex}>`;
}
