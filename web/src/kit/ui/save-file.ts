/** Saves content as a file through a temporary link: the browser's own download, named `fileName`. */
export function saveFile(content: BlobPart, fileName: string, mediaType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
