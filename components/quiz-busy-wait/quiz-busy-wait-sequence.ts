/**
 * The quiz's clicker steps, when the question is presented to a room (presenter mode, or a workshop: the deck's
 * quiz-presenter plugin counts them only then; a person browsing answers by clicking, and a press leaves the slide):
 * 0 the question; 1 voting (the workshop opens the vote; by hand, the room raises hands); 2 the answer revealed.
 * The next press leaves the slide. No step ever chooses for anyone.
 */
export const SPEAKER_SEQUENCE = ['question', 'voting', 'revealed'] as const;
