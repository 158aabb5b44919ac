import { type FieldProblem, ProblemError, sentence } from '../../api/problem';

/**
 * The server's field problems for one render of a form. Each field asks for its pointer and so
 * claims it; whatever no field claimed is listed by the form's footer, so no problem goes unseen.
 */
export class FieldErrors {
  private readonly claimed = new Set<string>();
  private readonly problems: FieldProblem[];

  constructor(error: unknown, mapPointer: (pointer: string) => string = (p) => p, hideRequired = false) {
    const all = error instanceof ProblemError && error.status === 422 ? error.errors : [];
    // While someone is still typing, "required" for fields not yet filled in is noise: shown only after submit.
    this.problems = all.filter((p) => !(hideRequired && p.code === 'required')).map((p) => ({ ...p, pointer: mapPointer(p.pointer) }));
  }

  /** The problem at exactly this pointer, as one sentence per problem. */
  at(pointer: string): string | undefined {
    return this.join(this.problems.filter((p) => p.pointer === pointer));
  }

  /** Problems at this pointer or anywhere below it (a list field: `/content/sections/0/items/1/tags/2`). */
  under(pointer: string): string | undefined {
    return this.join(this.problems.filter((p) => p.pointer === pointer || p.pointer.startsWith(`${pointer}/`)));
  }

  unclaimed(): FieldProblem[] {
    return this.problems.filter((p) => !this.claimed.has(p.pointer));
  }

  private join(found: FieldProblem[]): string | undefined {
    if (!found.length) return undefined;
    for (const p of found) this.claimed.add(p.pointer);
    return found.map((p) => sentence(p.detail)).join(' ');
  }
}
