"""RE2's rewrite strings (``tf.strings.regex_replace``'s ``rewrite``) applied with Python's re.

RE2 reads ``\\0`` as the whole match, ``\\1``..``\\9`` as groups and ``\\\\`` as a backslash;
every other character is literal. Python's templates read ``\\0`` as a NUL byte and ``\\n``
as a newline, so the NMT tutorial's ``regex_replace(text, '[.?!,]', r' \\0 ')`` wrote NULs
where TF spaces out the punctuation. Measured on TF 2.21: a rewrite naming a group the pattern
lacks replaces nothing; one with another escape (``\\n``, a trailing ``\\``) is invalid: RE2
logs it, a global replace writes the rewrite up to the bad escape, a single one nothing.
"""
import re
import sys


def end_anchored(pattern):
    """``pattern`` (str or bytes) with each ``$`` outside a class written ``\\Z``: RE2's ``$`` matches at the
    text's end only, Python's also before a final newline (regex_replace('ab\\n', '$', '!') is b'ab\\n!' in
    TF, b'ab!\\n!' with Python's ``$``). A pattern that turns multi-line mode on ((?m)) keeps its ``$``."""
    text = pattern.decode('latin-1') if isinstance(pattern, bytes) else pattern
    if '$' not in text or _MULTILINE.search(text):
        return pattern
    out, i, class_start = [], 0, None      # class_start: where a class's members begin (a ']' there is one)
    while i < len(text):
        c = text[i]
        if c == '\\':
            out.append(text[i:i + 2])
            i += 2
            continue
        if class_start is not None:
            if c == ']' and i != class_start:
                class_start = None
        elif c == '[':
            class_start = i + 2 if text[i + 1:i + 2] == '^' else i + 1
        elif c == '$':
            c = '\\Z'
        out.append(c)
        i += 1
    joined = ''.join(out)
    return joined.encode('latin-1') if isinstance(pattern, bytes) else joined


_MULTILINE = re.compile(r'\(\?[a-zA-Z]*m')


def text_pattern(pattern):
    """``pattern`` for UTF-8 text, as RE2 reads patterns and strings: one codepoint per ``.`` or
    class member (the NMT tutorial's ``[^ a-z.?!,¿]`` keeps its two-byte ``¿`` and drops ``í``
    whole), with ASCII ``\\w \\d \\s \\b``. None for a pattern that is not UTF-8."""
    try:
        text = end_anchored(pattern.decode('utf-8') if isinstance(pattern, bytes) else pattern)
        # re.ASCII only where a class shorthand needs it: it would also stop (?i) folding É to é, as RE2 does
        return re.compile(text, re.ASCII if _SHORTHAND.search(text) else 0)
    except (UnicodeDecodeError, re.error):
        return None


_SHORTHAND = re.compile(r'(?<!\\)(?:\\\\)*\\[wWdDsSbB]')


def utf8_text(value, pattern):
    """``value`` (bytes) decoded for ``pattern``; None where either is not UTF-8 (matched as bytes)."""
    if pattern is None:
        return None
    try:
        return value.decode('utf-8')
    except UnicodeDecodeError:
        return None


def parse(rewrite):
    """(pieces, highest group, valid): ``pieces`` alternate literal bytes and group numbers."""
    pieces, literal, i, highest = [], bytearray(), 0, 0
    while i < len(rewrite):
        c = rewrite[i:i + 1]
        if c != b'\\':
            literal += c
            i += 1
            continue
        following = rewrite[i + 1:i + 2]
        if following == b'\\':
            literal += b'\\'
        elif following.isdigit():
            pieces += [bytes(literal), int(following)]
            literal = bytearray()
            highest = max(highest, int(following))
        else:
            pieces.append(bytes(literal))
            return pieces, highest, False
        i += 2
    pieces.append(bytes(literal))
    return pieces, highest, True


def substitute(compiled, rewrite, text, replace_global, unicode_pattern=None):
    """``text`` with the matches of ``compiled`` (a bytes pattern) replaced as RE2 replaces them;
    with ``unicode_pattern`` (text_pattern's) UTF-8 text is matched by codepoints."""
    pieces, highest, valid = parse(rewrite)
    if not valid:
        print('re2.cc: invalid rewrite pattern: %s' % rewrite.decode(errors='replace'), file=sys.stderr)
    if highest > compiled.groups or not (valid or replace_global):
        return text

    count = 0 if replace_global else 1
    decoded = utf8_text(text, unicode_pattern)
    if decoded is not None:
        def expand_text(match):
            joined = b''.join(p if isinstance(p, bytes) else (match.group(p) or '').encode('utf-8') for p in pieces)
            return joined.decode('utf-8', 'surrogateescape')
        return _replaced(unicode_pattern, expand_text, decoded, count).encode('utf-8', 'surrogateescape')

    def expand(match):
        return b''.join(p if isinstance(p, bytes) else (match.group(p) or b'') for p in pieces)
    return _replaced(compiled, expand, text, count)


def _replaced(pattern, expand, text, count):
    """``text`` with ``pattern``'s matches replaced by ``expand(match)`` (the first ``count``; 0: all), as
    RE2's GlobalReplace walks them: an empty match where the previous match ended is skipped (a*
    on 'aaa' is one match, 'X'), where Python's sub also replaces it ('XX')."""
    out, previous_end, replaced = [], 0, 0
    for match in pattern.finditer(text):
        start, end = match.span()
        if start == end and start == previous_end and replaced:
            continue
        out += [text[previous_end:start], expand(match)]
        previous_end, replaced = end, replaced + 1
        if replaced == count:
            break
    out.append(text[previous_end:])
    return text[:0].join(out)
