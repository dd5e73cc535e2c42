"""RE2's character classes (re2/unicode_groups.cc, re2/perl_groups.cc) as codepoint ranges, and a Python
class written from ranges for text decoded with 'surrogateescape' (framework/re2_pattern.py's parser)."""
import functools
import unicodedata

MAX_CODE = 0x10FFFF
_SURROGATES = (0xD800, 0xDFFF)
POSIX = {
    'alnum': ((48, 57), (65, 90), (97, 122)), 'alpha': ((65, 90), (97, 122)), 'ascii': ((0, 127),),
    'blank': ((9, 9), (32, 32)), 'cntrl': ((0, 31), (127, 127)), 'digit': ((48, 57),), 'graph': ((33, 126),),
    'lower': ((97, 122),), 'print': ((32, 126),), 'punct': ((33, 47), (58, 64), (91, 96), (123, 126)),
    'space': ((9, 13), (32, 32)), 'upper': ((65, 90),), 'word': ((48, 57), (65, 90), (95, 95), (97, 122)),
    'xdigit': ((48, 57), (65, 70), (97, 102))}
PERL = {'d': POSIX['digit'], 's': ((9, 10), (12, 13), (32, 32)), 'w': POSIX['word']}   # RE2's \s lacks \v


@functools.lru_cache(maxsize=None)
def _categories():
    """{general category: [(first, last) codepoint ranges]}, built once, on the first \\p class."""
    table, start, current = {}, 0, 'Cc'
    for code in range(1, MAX_CODE + 2):
        category = unicodedata.category(chr(code)) if code <= MAX_CODE else None
        if category != current:
            table.setdefault(current, []).append((start, code - 1))
            start, current = code, category
    return table


def unicode_group(name):
    """The ranges of RE2's \\p{name}: Any, a general category or its one-letter group (C without Cn)."""
    if name == 'Any':
        return [(0, MAX_CODE)]
    table = _categories()
    if len(name) == 1 and name in 'CLMNPSZ':
        return sorted(r for category, ranges in table.items() if category[0] == name and category != 'Cn'
                      for r in ranges)
    if name in table and name != 'Cn':
        return list(table[name])
    if name.isalpha() and name[:1].isupper() and len(name) > 2:
        raise NotImplementedError('strings.regex_replace / regex_full_match: RE2\'s Unicode script class '
                                  '\\p{%s} needs a script table tapeflow does not have; list the characters '
                                  'or their ranges in a class instead' % name)
    return None


def complement(ranges):
    out, start = [], 0
    for lo, hi in sorted(ranges):
        if lo > start:
            out.append((start, lo - 1))
        start = max(start, hi + 1)
    return out + ([(start, MAX_CODE)] if start <= MAX_CODE else [])


def class_text(ranges, negated):
    """A Python class of ``ranges``: surrogates (undecodable bytes) match neither it nor its negation."""
    if negated:
        ranges = list(ranges) + [_SURROGATES]
    else:
        ranges = [piece for lo, hi in ranges for piece in ((lo, min(hi, 0xD7FF)), (max(lo, 0xE000), hi))
                  if piece[0] <= piece[1]]
        if not ranges:
            return '(?!)'
    body = ''.join('\\U%08x' % lo if lo == hi else '\\U%08x-\\U%08x' % (lo, hi) for lo, hi in ranges)
    return '[%s%s]' % ('^' if negated else '', body)
