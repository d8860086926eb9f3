/** A document's own name: the connector names zip entries `archive.zip/entry`. */
export function baseName(fileName: string): string {
  return fileName.split(/[/\\]/).pop() ?? fileName;
}
