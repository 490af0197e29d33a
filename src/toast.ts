/** A short message at the bottom of the page, as text (never HTML), read out by screen readers. */
export function showToast(message: string, ms = 6000): void {
  let box = document.querySelector<HTMLElement>('.deck-toast');
  if (!box) {
    box = document.createElement('div');
    box.className = 'deck-toast';
    box.setAttribute('role', 'status');
    document.body.append(box);
  }
  box.textContent = message;
  box.hidden = false;
  window.setTimeout(() => {
    if (box && box.textContent === message) box.hidden = true;
  }, ms);
}
