/**
 * Parser for the `q` search parameter: the subset of OpenSearch/Lucene `query_string`
 * syntax that InvenioRDM clients send, turned into a small tree that the search service
 * translates to PostgreSQL full-text search. Pure: no database code, no lower-casing.
 *
 * Grammar (NOT binds tighter than AND, AND tighter than OR; adjacent clauses are ANDed):
 *
 *   query   := or? END
 *   or      := and ( OR and )*                  OR  = `OR` | `||`
 *   and     := unary ( AND? unary )*            AND = `AND` | `&&`
 *   unary   := ( NOT | `+` )* primary           NOT = `NOT` | `!` | `-`
 *   primary := `(` or? `)` | FIELD value | PHRASE | WORD
 *   value   := `(` or `)` | PHRASE | WORD | RANGE   (the field applies to every term inside)
 *   RANGE   := ( `[` | `{` ) WORD TO WORD ( `]` | `}` ) | ( `>` | `>=` | `<` | `<=` ) WORD
 *              (`[`/`]` include the bound, `{`/`}` and `>`/`<` leave it out; `*` is no bound)
 */

export type QueryNode =
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode }
  | { kind: 'term'; field: string | null; value: string; phrase: boolean; prefix: boolean }
  | { kind: 'range'; field: string; from: RangeBound; to: RangeBound }
  | { kind: 'all' };

/** One end of a range: a value, or null for none (`*`). */
export interface RangeBound {
  value: string | null;
  inclusive: boolean;
}

/** The server answers 400 "Invalid query string syntax." for this error. */
export class QuerySyntaxError extends Error {
  /** Offset in the query string where the problem was found. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'QuerySyntaxError';
    this.position = position;
  }
}

export const MAX_QUERY_LENGTH = 2000;
export const MAX_NESTING = 20;

export function parseQuery(q: string): QueryNode {
  if (q.length > MAX_QUERY_LENGTH) {
    throw new QuerySyntaxError(`Query longer than ${MAX_QUERY_LENGTH} characters.`, 0);
  }
  const node = new Parser(tokenize(q)).parseQuery();
  if (!node) return { kind: 'all' };
  // A purely negative query must still say what it subtracts from.
  if (!isNegative(node)) return node;
  return {
    kind: 'and',
    children: [{ kind: 'all' }, ...(node.kind === 'and' ? node.children : [node])],
  };
}

/** Canonical one-line form for tests and logs, e.g. `AND(term(soil), NOT(term(title:"a b")))`. */
export function describe(node: QueryNode): string {
  switch (node.kind) {
    case 'all':
      return 'all';
    case 'term': {
      const field = node.field === null ? '' : `${node.field}:`;
      const value = node.phrase ? JSON.stringify(node.value) : node.value;
      return `term(${field}${value}${node.prefix ? '*' : ''})`;
    }
    case 'range': {
      const bound = (b: RangeBound) => b.value ?? '*';
      return `range(${node.field}:${node.from.inclusive ? '[' : '{'}${bound(node.from)} TO ${bound(node.to)}${node.to.inclusive ? ']' : '}'})`;
    }
    case 'not':
      return `NOT(${describe(node.child)})`;
    case 'and':
    case 'or':
      return `${node.kind.toUpperCase()}(${node.children.map(describe).join(', ')})`;
  }
}

// ---------------------------------------------------------------------------------------
// Tokenizer

type TokenType =
  | 'lparen'
  | 'rparen'
  | 'and'
  | 'or'
  | 'not'
  | 'plus'
  | 'field'
  | 'phrase'
  | 'word'
  | 'range'
  | 'end';

interface Token {
  type: TokenType;
  position: number;
  /** Unescaped text: field name, phrase or word (a word without its trailing `*`s). */
  text: string;
  /** The word ended in an unescaped `*`. */
  prefix: boolean;
}

const KEYWORDS: Record<string, TokenType> = {
  AND: 'and',
  '&&': 'and',
  OR: 'or',
  '||': 'or',
  NOT: 'not',
};

// `*` means every field; a `:` can only get here escaped (custom_fields.journal\:journal.title).
const FIELD_NAME = /^(?:\*|[A-Za-z_][\w.:]*)$/;
const WHITESPACE = /\s/;
const WORD_END = /[\s()"]/;

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  const push = (type: TokenType, position: number, text: string, prefix = false) =>
    tokens.push({ type, position, text, prefix });
  let i = 0;
  // A value glued to `field:` is taken literally: `id:a1b2c-3d4e5`, `temp:-5`, `doi:10.1/a:b`.
  let literalValue = false;

  while (i < q.length) {
    const start = i;
    const c = q[i]!;
    const literal = literalValue;
    literalValue = false;

    if (WHITESPACE.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      push(c === '(' ? 'lparen' : 'rparen', start, c);
      i++;
    } else if (c === '"') {
      let text = '';
      for (i++; i < q.length && q[i] !== '"'; i++) {
        if (q[i] === '\\' && i + 1 < q.length) i++;
        text += q[i];
      }
      if (i >= q.length) throw new QuerySyntaxError('Unbalanced quotes.', start);
      i++;
      push('phrase', start, text);
    } else if (literal && (c === '[' || c === '{')) {
      // A range is one token: `[2020 TO 2021]`; its inside is read by `rangeNode`.
      const close = /[\]}]/g;
      close.lastIndex = i;
      const end = close.exec(q);
      if (!end) throw new QuerySyntaxError('Unbalanced range brackets.', start);
      i = end.index + 1;
      push('range', start, q.slice(start, i));
    } else if (!literal && (c === '+' || c === '-' || c === '!')) {
      push(c === '+' ? 'plus' : 'not', start, c);
      i++;
    } else {
      let text = '';
      let escaped = false;
      let trailingStars = 0;
      let isField = false;
      let sawColon = literal;
      while (i < q.length && !WORD_END.test(q[i]!)) {
        const ch = q[i]!;
        if (ch === '\\' && i + 1 < q.length) {
          text += q[i + 1];
          i += 2;
          escaped = true;
          trailingStars = 0;
          continue;
        }
        if (ch === ':' && !sawColon) {
          sawColon = true;
          // `https://x` is a word, not field `https`.
          if (FIELD_NAME.test(text) && !q.startsWith('//', i + 1)) {
            isField = true;
            i++;
            break;
          }
        }
        trailingStars = ch === '*' ? trailingStars + 1 : 0;
        text += ch;
        i++;
      }
      const keyword = KEYWORDS[text];
      if (isField) {
        push('field', start, text);
        literalValue = true;
      } else if (keyword && !escaped && !literal) {
        push(keyword, start, text);
      } else {
        push('word', start, text.slice(0, text.length - trailingStars), trailingStars > 0);
      }
    }
  }
  push('end', q.length, '');
  return tokens;
}

// ---------------------------------------------------------------------------------------
// Recursive-descent parser. Every method returns null for "nothing here" (an empty group),
// which the enclosing AND/OR drops.

const CLAUSE_START: ReadonlySet<TokenType> = new Set<TokenType>([
  'lparen',
  'not',
  'plus',
  'field',
  'phrase',
  'word',
]);

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  parseQuery(): QueryNode | null {
    const node = this.peek().type === 'end' ? null : this.parseOr();
    const next = this.next();
    if (next.type !== 'end') throw new QuerySyntaxError('Unbalanced parentheses.', next.position);
    return node;
  }

  private parseOr(): QueryNode | null {
    const children = [this.parseAnd()];
    while (this.peek().type === 'or') {
      this.next();
      children.push(this.parseAnd());
    }
    return combine('or', children);
  }

  private parseAnd(): QueryNode | null {
    const children = [this.parseUnary()];
    for (;;) {
      const type = this.peek().type;
      if (type === 'and') this.next();
      else if (!CLAUSE_START.has(type)) break;
      children.push(this.parseUnary());
    }
    return combine('and', children);
  }

  private parseUnary(): QueryNode | null {
    let negations = 0;
    while (this.peek().type === 'not' || this.peek().type === 'plus') {
      if (this.next().type === 'not') negations++;
    }
    const node = this.parsePrimary();
    // NOT NOT x is x; keeps `!!!!…` from building a deep tree.
    return node && negations % 2 === 1 ? { kind: 'not', child: node } : node;
  }

  private parsePrimary(): QueryNode | null {
    const token = this.next();
    if (token.type === 'lparen') return this.parseGroup(token);
    if (token.type === 'field') return this.parseFieldValue(token);
    if (token.type === 'word') return wordNode(null, token);
    if (token.type === 'phrase') {
      return token.text.trim() === '' ? null : phraseNode(null, token);
    }
    const found = token.type === 'end' ? 'the end of the query' : `"${token.text}"`;
    throw new QuerySyntaxError(`Expected a term but found ${found}.`, token.position);
  }

  private parseGroup(open: Token): QueryNode | null {
    if (++this.depth > MAX_NESTING) {
      throw new QuerySyntaxError(`Parentheses nested deeper than ${MAX_NESTING}.`, open.position);
    }
    const node = this.peek().type === 'rparen' ? null : this.parseOr();
    if (this.next().type !== 'rparen') {
      throw new QuerySyntaxError('Unbalanced parentheses.', open.position);
    }
    this.depth--;
    return node;
  }

  private parseFieldValue(fieldToken: Token): QueryNode {
    const field = fieldToken.text === '*' ? null : fieldToken.text;
    const value = this.peek();
    if (value.type === 'range' || (value.type === 'word' && COMPARISON.test(value.text))) {
      this.next();
      if (field === null) throw new QuerySyntaxError('A range needs a field.', value.position);
      return rangeNode(field, value);
    }
    if (value.type === 'word') {
      this.next();
      return wordNode(field, value);
    }
    if (value.type === 'phrase' && value.text.trim() !== '') {
      this.next();
      return phraseNode(field, value);
    }
    if (value.type === 'lparen') {
      this.next();
      const group = this.parseGroup(value);
      if (group) return field === null ? group : withField(group, field);
    }
    throw new QuerySyntaxError(`Empty value for field "${fieldToken.text}".`, value.position);
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private next(): Token {
    const token = this.tokens[this.index]!;
    if (token.type !== 'end') this.index++;
    return token;
  }
}

// `field:*` becomes an empty prefix: "the field has any value".
function wordNode(field: string | null, token: Token): QueryNode {
  if (token.text === '' && field === null) return { kind: 'all' };
  return { kind: 'term', field, value: token.text, phrase: false, prefix: token.prefix };
}

const COMPARISON = /^(?:>=?|<=?)[^<>=]/;
const RANGE = /^([[{])\s*(\S+)\s+TO\s+(\S+)\s*([\]}])$/;

/** `[a TO b]`, `{a TO *}`, `>a`, `<=b`. */
function rangeNode(field: string, token: Token): QueryNode {
  const bound = (value: string, inclusive: boolean): RangeBound => ({
    value: value === '*' ? null : value,
    inclusive,
  });
  const comparison = /^(>=?|<=?)(.+)$/.exec(token.text);
  if (comparison && !token.prefix) {
    const [, operator, value] = comparison as unknown as [string, string, string];
    const given = bound(value, operator.endsWith('='));
    const open = { value: null, inclusive: false };
    return operator.startsWith('>')
      ? { kind: 'range', field, from: given, to: open }
      : { kind: 'range', field, from: open, to: given };
  }
  const match = RANGE.exec(token.text);
  if (!match) throw new QuerySyntaxError('A range is [from TO to].', token.position);
  const [, open, from, to, close] = match as unknown as [string, string, string, string, string];
  return { kind: 'range', field, from: bound(from, open === '['), to: bound(to, close === ']') };
}

function phraseNode(field: string | null, token: Token): QueryNode {
  return { kind: 'term', field, value: token.text, phrase: true, prefix: false };
}

/** `field:(a OR b)`: the field goes to every term that has none of its own. */
function withField(node: QueryNode, field: string): QueryNode {
  switch (node.kind) {
    case 'all':
      return { kind: 'term', field, value: '', phrase: false, prefix: true };
    case 'term':
      return node.field === null ? { ...node, field } : node;
    case 'range':
      return node;
    case 'not':
      return { kind: 'not', child: withField(node.child, field) };
    case 'and':
    case 'or':
      return { kind: node.kind, children: node.children.map((child) => withField(child, field)) };
  }
}

/** Builds a flat AND/OR: drops empty groups, merges nested groups of the same kind. */
function combine(kind: 'and' | 'or', nodes: (QueryNode | null)[]): QueryNode | null {
  let children: QueryNode[] = [];
  for (const node of nodes) {
    if (!node) continue;
    if (node.kind === kind && (node.kind === 'and' || node.kind === 'or')) {
      children.push(...node.children);
    } else {
      children.push(node);
    }
  }
  const hasAll = children.some((child) => child.kind === 'all');
  if (kind === 'or' && hasAll) return { kind: 'all' };
  if (kind === 'and' && hasAll) {
    children = children.filter((child) => child.kind !== 'all');
    if (children.length === 0) return { kind: 'all' };
  }
  if (children.length <= 1) return children[0] ?? null;
  return { kind, children };
}

function isNegative(node: QueryNode): boolean {
  if (node.kind === 'not') return true;
  if (node.kind === 'and' || node.kind === 'or') return node.children.every(isNegative);
  return false;
}
