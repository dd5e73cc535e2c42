"""RE2's pattern syntax (``tf.strings.regex_replace`` / ``regex_full_match``) written as a Python ``re`` pattern.

TensorFlow's string kernels run RE2, whose syntax Python's re reads differently or not at all: POSIX
classes inside brackets (``[[:punct:]]``, the text-cleaning recipes' class, which Python reads as the set
'[:punct' followed by ']'), Unicode classes (``\\p{P}``, ``\\pL``, ``\\P{N}``, ``\\p{^L}``), ``\\Q...\\E``,
``\\z``, octal escapes, ``(?U)`` (ungreedy), flags set mid-pattern, a ``{`` that starts no repetition
(``a{,2}`` is literal text), ASCII-only ``\\d \\s \\w \\b``, and a ``-`` after a class shorthand. RE2 also
refuses what Python accepts (back-references, look-arounds, ``{1001}``) in its own words. ``translate``
parses the RE2 pattern as RE2's parser does (re2/parse.cc) and writes an equivalent Python pattern for
text decoded with 'surrogateescape': as in RE2, no '.', class or negated class matches a byte that is
not UTF-8 (such bytes decode to surrogates, which every class here leaves out).
Left out: Unicode scripts (``\\p{Greek}``: Python has no script table; NotImplementedError) and ``\\C``
(one byte in RE2; here one codepoint, the same for ASCII text).
"""
import re

from .re2_classes import MAX_CODE, PERL, POSIX, class_text, complement, unicode_group

_CONTROL = {'a': 7, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11}
_WORD = '[0-9A-Za-z_]'
_ASSERTIONS = {'A': r'(?:\A)', 'z': r'(?:\Z)',
               'b': '(?:(?<={0})(?!{0})|(?<!{0})(?={0}))'.format(_WORD),
               'B': '(?:(?<={0})(?={0})|(?<!{0})(?!{0}))'.format(_WORD),
               'C': r'(?s:.)'}
_COUNT = re.compile(r'\{(\d+)(,(\d*))?\}')
_MAX_REPEAT = 1000
_HEX = frozenset('0123456789abcdefABCDEF')


class Re2Error(ValueError):
    """RE2's parse error; ``str()`` is RE2's text ('invalid escape sequence: \\1')."""


def translate(pattern):
    """The Python pattern (str) matching as RE2 matches ``pattern`` (str); Re2Error where RE2 refuses it."""
    return _Parser(pattern).run()


class _Parser:
    """One pass over an RE2 pattern. Flags (i m s U) hold to the end of their group, across '|';
    Python gets only 'i' (as (?i:...) scopes); '.', '^', '$' and repetitions are written per flag."""

    def __init__(self, pattern):
        self.p, self.i, self.out = pattern, 0, []
        self.flags, self.base, self.scopes = frozenset(), frozenset(), 0
        self.frames = []            # per open group: (flags, base, scopes) outside it
        self.atom = False           # whether the last piece takes a repetition
        self.repeated = None        # where the previous repetition operator began ('**' is refused)

    def fail(self, text):
        raise Re2Error(text)

    def run(self):
        p = self.p
        while self.i < len(p):
            c = p[self.i]
            if c in '*+?' or (c == '{' and _COUNT.match(p, self.i)):
                self._repeat()
                continue
            self.repeated, self.atom = None, True
            if c == '\\':
                self._escape_outside()
            elif c == '[':
                self.out.append(self._class())
            elif c == '(':
                self._open()
            elif c == ')':
                self._close()
            elif c == '|':
                self.out.append(')' * self.scopes + '|')
                self.scopes, self.atom, self.i = 0, False, self.i + 1
                self._scope_if_case_differs(self.base)
            else:
                self.i += 1
                self.out.append({'.': '[^\\n\\ud800-\\udfff]' if 's' not in self.flags else '[^\\ud800-\\udfff]',
                                 '^': '(?m:^)' if 'm' in self.flags else r'(?:\A)',
                                 '$': '(?m:$)' if 'm' in self.flags else r'(?:\Z)'}.get(c) or re.escape(c))
        if self.frames:
            self.fail('missing ): ' + p)
        return ''.join(self.out) + ')' * self.scopes

    def _repeat(self):
        p, start = self.p, self.i
        count = _COUNT.match(p, start) if p[start] == '{' else None
        end = count.end() if count else start + 1
        if count:
            low, high = int(count.group(1)), count.group(3)
            high = low if count.group(2) is None else (int(high) if high else None)
            if low > _MAX_REPEAT or (high is not None and (high > _MAX_REPEAT or high < low)):
                self.fail('invalid repetition size: ' + p[start:end])
        lazy = p.startswith('?', end)
        end += lazy
        if self.repeated is not None:
            self.fail('bad repetition operator: ' + p[self.repeated:end])
        if not self.atom:
            self.fail('no argument for repetition operator: ' + p[start:end])
        self.out.append(p[start:end - lazy] + ('?' if lazy != ('U' in self.flags) else ''))
        self.repeated, self.i = start, end

    def _escape_outside(self):
        p, start = self.p, self.i
        c = p[start + 1:start + 2]
        if c == 'Q':
            end = p.find('\\E', start + 2)
            end = len(p) if end < 0 else end
            self.out.append(re.escape(p[start + 2:end]))
            self.i, self.atom = min(end + 2, len(p)), end > start + 2
        elif c in _ASSERTIONS and c:
            self.out.append(_ASSERTIONS[c])
            self.i += 2
        else:
            named = self._named_class()
            self.out.append(class_text(named, False) if named is not None else re.escape(chr(self._escape())))

    def _escape(self):
        """The codepoint of the escape at self.i, as RE2's ParseEscape reads it."""
        p, start = self.p, self.i
        if start + 1 >= len(p):
            self.fail('trailing \\')
        c, self.i = p[start + 1], start + 2
        following = p[self.i:self.i + 1]
        if c in '01234567' and (c == '0' or following in tuple('01234567')):     # a lone \1..\7 is a back-reference
            digits = re.match('[0-7]{0,2}', p[self.i:]).group(0)
            self.i += len(digits)
            return int(c + digits, 8)
        if c == 'x':
            return self._hex_escape(start)
        if c in _CONTROL:
            return _CONTROL[c]
        if c < '\x80' and not c.isalnum():
            return ord(c)
        self.fail('invalid escape sequence: ' + p[start:self.i])

    def _hex_escape(self, start):
        """\\x{hex} or \\xHH; RE2's error names the text read up to the first bad character."""
        p, j = self.p, self.i
        if p.startswith('{', j):
            j, code, digits = j + 1, 0, 0
            while j < len(p) and p[j] in _HEX:
                code, digits, j = code * 16 + int(p[j], 16), digits + 1, j + 1
                if code > MAX_CODE:
                    break
            else:
                if p.startswith('}', j) and digits:
                    self.i = j + 1
                    return code
                j = min(j + 1, len(p))
        else:
            while j < min(self.i + 2, len(p)) and p[j] in _HEX:
                j += 1
            if j == self.i + 2:
                self.i = j
                return int(p[j - 2:j], 16)
            j = min(j + 1, len(p))
        self.fail('invalid escape sequence: ' + p[start:j])

    def _named_class(self):
        """The ranges of a \\d \\s \\w (and negations) or \\p{..} / \\P{..} class at self.i; None for another escape."""
        p, start = self.p, self.i
        c = p[start + 1:start + 2]
        if c and c.lower() in PERL:
            self.i += 2
            ranges, negate = PERL[c.lower()], c.isupper()
        elif c in ('p', 'P') and c:
            j = start + 2
            if j >= len(p):
                self.fail('invalid character class range: ' + p[start:])
            end = p.find('}', j) if p[j] == '{' else j
            if end < 0:
                self.fail('invalid character class range: ' + p[start:])
            name, self.i = (p[j + 1:end] if p[j] == '{' else p[j]), end + 1
            negate = (c == 'P') != name.startswith('^')
            ranges = unicode_group(name[1:] if name.startswith('^') else name)
            if ranges is None:
                self.fail('invalid character class range: ' + p[start:self.i])
        else:
            return None
        return complement(ranges) if negate else list(ranges)

    def _class(self):
        p, start = self.p, self.i
        self.i += 1
        negated = p.startswith('^', self.i)
        self.i += negated
        ranges, first = [], True
        while self.i >= len(p) or p[self.i] != ']' or first:
            if self.i >= len(p):
                self.fail('missing ]: ' + p[start:])
            first = False
            if p.startswith('[:', self.i) and p.find(':]', self.i + 2) >= 0:
                end = p.find(':]', self.i + 2) + 2
                name = p[self.i + 2:end - 2]
                if name.lstrip('^') not in POSIX or name.count('^') > (name[:1] == '^'):
                    self.fail('invalid character class range: ' + p[self.i:end])
                posix = POSIX[name.lstrip('^')]
                ranges += complement(posix) if name.startswith('^') else posix
                self.i = end
                continue
            named = self._named_class() if p[self.i] == '\\' else None
            if named is not None:
                ranges += named
                continue
            low_start, low = self.i, self._class_char()
            high = low
            if p.startswith('-', self.i) and p[self.i + 1:self.i + 2] not in ('', ']'):
                self.i += 1
                high = self._class_char()
                if high < low:
                    self.fail('invalid character class range: ' + p[low_start:self.i])
            ranges.append((low, high))
        self.i += 1
        return class_text(ranges, negated)

    def _class_char(self):
        if self.p[self.i] == '\\':
            return self._escape()
        self.i += 1
        return ord(self.p[self.i - 1])

    def _open(self):
        p, start = self.p, self.i
        self.frames.append((self.flags, self.base, self.scopes))
        self.scopes, self.atom = 0, False
        if not p.startswith('(?', start):
            self.i += 1
            self.base = self.flags
            self.out.append('(')
            return
        if p.startswith('(?P<', start):           # names: RE2's; the group keeps its number, all rewrites use
            end = p.find('>', start)
            if end < 0:
                self.fail('invalid named capture group: ' + p[start:])
            self.i, self.base = end + 1, self.flags
            self.out.append('(')
            return
        flags, j, negate, changed = set(self.flags), start + 2, False, False
        while j < len(p) and p[j] not in ':)':
            if p[j] in 'imsU':
                (flags.discard if negate else flags.add)(p[j])
                changed = True
            elif p[j] != '-' or negate:
                self.fail('invalid perl operator: ' + p[start:j + 1])
            else:
                negate, changed = True, False
            j += 1
        if j >= len(p) or (negate and not changed):
            self.fail('missing ): ' + p if j >= len(p) else 'invalid perl operator: ' + p[start:j + 1])
        self.i = j + 1
        if p[j] == ')':                           # (?i): to the end of the enclosing group
            self.flags, self.base, self.scopes = self.frames.pop()
            new = frozenset(flags)
            self._scope_if_case_differs(self.flags, new)
            self.flags = new
            return
        self.out.append('(?%s:' % (('i' if 'i' in flags else '-i') if ('i' in flags) != ('i' in self.flags) else ''))
        self.flags = self.base = frozenset(flags)

    def _scope_if_case_differs(self, before, after=None):
        after = self.flags if after is None else after
        if ('i' in before) != ('i' in after):
            self.out.append('(?i:' if 'i' in after else '(?-i:')
            self.scopes += 1

    def _close(self):
        if not self.frames:
            self.fail('unexpected ): ' + self.p)
        self.out.append(')' * self.scopes + ')')
        self.flags, self.base, self.scopes = self.frames.pop()
        self.i += 1
