import { COMPLIANCE_NOTES_MIN, failsTemperature, temperatureThreshold } from '@gatehouse/contract';
import type { ComplianceQuestion, StoredAnswer } from '../../db/schema/index';
import { badRequest } from '../../platform/errors';

/** Rule 227: readings above 85 (or given in F) are Fahrenheit and converted to Celsius. */
export const toCelsius = (reading: number, unit?: 'c' | 'f') => (unit === 'f' || reading > 85 ? Math.round(((reading - 32) * 5) / 9 * 10) / 10 : reading);

export interface Evaluation {
  answers: StoredAnswer[];
  isWrong: boolean;
  temperatureFailed: boolean;
  maskFailed: boolean;
  status: 'success' | 'failed';
  /** Why it failed, as a message key: the notes rule (210/211) or the justification rule (212). */
  reason: string | null;
}

/**
 * Rules 210-212: a wrong answer fails unless the notes have at least 20 characters; a mask or temperature failure
 * needs a justification of at least 20 characters in the notes. Every question must be answered, and only once.
 */
export function evaluateAnswers(
  questions: ComplianceQuestion[],
  given: { question_id: string; answer: 'positive' | 'negative' }[],
  opts: { notes?: string | null; maskFailed?: boolean; temperature?: number | null; threshold?: number | null },
): Evaluation {
  const byId = new Map(given.map((g) => [g.question_id, g.answer]));
  if (byId.size !== given.length || given.some((g) => !questions.some((q) => q.id === g.question_id)) || questions.some((q) => !byId.has(q.id))) {
    throw badRequest({ compliances: ['compliance.question_unknown'] });
  }
  const answers = questions.map((q) => {
    const answer = byId.get(q.id)!;
    return { question_id: q.id, question: q.question, answer, desired_answer: q.desired_answer, wrong: answer !== q.desired_answer };
  });
  const isWrong = answers.some((a) => a.wrong);
  const notesOk = (opts.notes ?? '').trim().length >= COMPLIANCE_NOTES_MIN;
  const temperatureFailed = opts.temperature !== null && opts.temperature !== undefined && failsTemperature(toCelsius(opts.temperature), temperatureThreshold(opts.threshold));
  const maskFailed = !!opts.maskFailed;
  let reason: string | null = null;
  if ((maskFailed || temperatureFailed) && !notesOk) reason = 'compliance.justification_required';
  else if (isWrong && !notesOk) reason = 'compliance.notes_min';
  return { answers, isWrong, temperatureFailed, maskFailed, status: reason ? 'failed' : 'success', reason };
}
