import type { Bilingual } from '../lib/i18n.ts';

/**
 * The Embed dialog's words (src/plugins/deck-chrome.ts): the frame, the web component and the picture. Apart from
 * src/deck-text.ts, whose words every embed of a demo carries, so that an embed does not carry the dialog's.
 */
const en = {
  embedTitle: 'Embed this demo',
  embedHelp:
    'Paste one of these into a wiki or a docs page: the frame works wherever frames are allowed (it posts its height to the page, see the README); the web component, where a script is allowed but no frame, takes the page’s width.',
  embedSnippetLabel: 'HTML snippet: a frame (iframe)',
  embedElementLabel: 'HTML snippet: a web component (script and tag)',
  copyFrame: 'Copy the frame snippet',
  copyElement: 'Copy the web component snippet',
  pictureTitle: 'A picture',
  pictureHelp:
    'Where neither a frame nor a script is allowed (a GitHub README or wiki, MediaWiki, a PDF, a slide): a picture of the demo as it opens, linked to the live slide. On MediaWiki, upload the picture under the name the snippet gives.',
  pictureAddressLabel: 'The picture’s address',
  pictureFormatLabel: 'Snippet for',
  pictureFormats: { markdown: 'Markdown', html: 'HTML', wikitext: 'MediaWiki (wikitext)' },
  pictureSnippetLabel: 'Picture snippet, linked to the live slide',
  copyPicture: 'Copy the picture snippet',
  pictureAlt: (title: string) => `${title}: a picture of the interactive demo (opens the live slide)`,
};

const ru: typeof en = {
  embedTitle: 'Встроить схему',
  embedHelp:
    'Вставьте один из них в вики или документацию: фрейм работает везде, где разрешены фреймы (он сообщает странице свою высоту, см. README); веб-компонент — там, где скрипт можно, а фрейм нельзя, — занимает ширину страницы.',
  embedSnippetLabel: 'HTML-код: фрейм (iframe)',
  embedElementLabel: 'HTML-код: веб-компонент (скрипт и тег)',
  copyFrame: 'Копировать код фрейма',
  copyElement: 'Копировать код веб-компонента',
  pictureTitle: 'Картинка',
  pictureHelp:
    'Там, где нельзя ни фрейм, ни скрипт (README или вики на GitHub, MediaWiki, PDF, чужой слайд): картинка схемы в начальном состоянии со ссылкой на живой слайд. В MediaWiki загрузите картинку под именем из кода.',
  pictureAddressLabel: 'Адрес картинки',
  pictureFormatLabel: 'Код для',
  pictureFormats: { markdown: 'Markdown', html: 'HTML', wikitext: 'MediaWiki (викитекст)' },
  pictureSnippetLabel: 'Код картинки со ссылкой на живой слайд',
  copyPicture: 'Копировать код картинки',
  pictureAlt: (title: string) => `${title}: картинка интерактивной схемы (открывает живой слайд)`,
};

export const embedDialogText: Bilingual<typeof en> = { en, ru };
