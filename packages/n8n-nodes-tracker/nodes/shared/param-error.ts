// A bad parameter found before any request. Pure mapping code throws it; node code turns it into a
// NodeOperationError carrying the item index.
export class ParamError extends Error {
  readonly field: string;

  constructor(field: string, rule: string) {
    super(`${field}: ${rule}`);
    this.name = 'ParamError';
    this.field = field;
  }
}
