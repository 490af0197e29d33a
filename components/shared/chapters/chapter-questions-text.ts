import type { Bilingual } from '../../../lib/i18n.ts';

/**
 * Each chapter's question, by the chapter's id (slides/types.ts `ChapterId`): a plan's divider shows it big
 * (src/plan-text.ts, which checks that every chapter has one), the title's map asks it and the summary answers it.
 */
const en = {
  io: 'Why not a thread for each connection?',
  'event-loop': 'Who runs my callback?',
  asyncio: 'What does await do?',
  green: 'Can we do without async?',
  production: 'What should we measure?',
};

const ru: typeof en = {
  io: 'Почему не поток на каждое соединение?',
  'event-loop': 'Кто вызывает мой колбэк?',
  asyncio: 'Что делает await?',
  green: 'Можно ли обойтись без async?',
  production: 'Что измерять?',
};

export const chapterQuestions: Bilingual<typeof en> = { en, ru };

/** A chapter's question, or undefined for a chapter this deck does not know. */
export function chapterQuestion(lang: keyof typeof chapterQuestions, chapter: string): string | undefined {
  return Object.hasOwn(chapterQuestions[lang], chapter)
    ? chapterQuestions[lang][chapter as keyof typeof en]
    : undefined;
}
