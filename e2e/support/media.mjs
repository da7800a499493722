/* global document -- the photo is drawn in the page. */

/** A JPEG drawn by the browser itself (a canvas), as a phone camera would hand one over. */
export async function photo(page, colour) {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d');
    context.fillStyle = fill;
    context.fillRect(0, 0, 800, 600);
    context.fillStyle = '#ffffff';
    context.fillRect(100, 100, 300, 200);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1];
  }, colour);
  return Buffer.from(base64, 'base64');
}
