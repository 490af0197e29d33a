/**
 * The deck's own dialogs (Embed, the workshop's panel and join sheet) and the keys typed in them: while one is open
 * they are its own, not reveal's (a letter typed in a field moves no slide), and Esc closes it here (reveal would take
 * Esc for the overview). A key that reaches a dialog already closed is the deck's: focus leaves a dialog a moment
 * after `close()`, so a clicker's press right after a click on Close lands on its button, and was lost.
 */
export function keysBelongTo(dialog: HTMLDialogElement): void {
  dialog.addEventListener('keydown', (e) => {
    if (!dialog.open) return;
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      dialog.close();
    }
  });
}
