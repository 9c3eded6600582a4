/**
 * Characters that look like a markup character but mean nothing to any host's parser: they stand
 * in where a real one would close a code span or end a link label, so model text reads as written.
 */

/** Stands in for a backtick inside inline code: a look-alike that cannot close the code span. */
export const CODE_BACKTICK_LOOKALIKE = '\u02CB';
/** Stands in for `|` inside a link label, where a real one would end the label early. */
export const LINK_PIPE_LOOKALIKE = '\u2223';
