"""RE2's rewrite strings (``tf.strings.regex_replace``'s ``rewrite``) applied with Python's re.

RE2 reads ``\\0`` as the whole match, ``\\1``..``\\9`` as groups and ``\\\\`` as a backslash;
every other character is literal. Python's templates read ``\\0`` as a NUL byte and ``\\n``
as a newline, so the NMT tutorial's ``regex_replace(text, '[.?!,]', r' \\0 ')`` wrote NULs
where TF spaces out the punctuation. Measured on TF 2.21: a rewrite naming a group the pattern
lacks replaces nothing; one with another escape (``\\n``, a trailing ``\\``) is invalid: RE2
logs it, a global replace writes the rewrite up to the bad escape, a single one nothing.
"""
import sys


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


def substitute(compiled, rewrite, text, replace_global):
    """``text`` (bytes) with the matches of ``compiled`` (re2_pattern's, for 'surrogateescape'-decoded
    text: RE2 matches UTF-8 text by codepoints) replaced as RE2 replaces them."""
    pieces, highest, valid = parse(rewrite)
    if not valid:
        print('re2.cc: invalid rewrite pattern: %s' % rewrite.decode(errors='replace'), file=sys.stderr)
    if highest > compiled.groups or not (valid or replace_global):
        return text

    def expand(match):
        joined = b''.join(p if isinstance(p, bytes) else (match.group(p) or '').encode('utf-8', 'surrogateescape')
                          for p in pieces)
        return joined.decode('utf-8', 'surrogateescape')
    decoded = text.decode('utf-8', 'surrogateescape')
    return _replaced(compiled, expand, decoded, 0 if replace_global else 1).encode('utf-8', 'surrogateescape')


def _replaced(pattern, expand, text, count):
    """``text`` with ``pattern``'s matches replaced by ``expand(match)`` (the first ``count``; 0: all), as
    RE2's GlobalReplace walks them: each search starts where the last match ended, and an empty match
    there is skipped by copying one character (a*? on 'ab' gives '#a#b#', Python's sub '##b#')."""
    out, position, last_end, replaced = [], 0, -1, 0
    while position <= len(text) and (not count or replaced < count):
        match = pattern.search(text, position)
        if match is None:
            break
        start, end = match.span()
        out.append(text[position:start])
        if start == end == last_end:
            out.append(text[start:start + 1])
            position = start + 1
            continue
        out.append(expand(match))
        position = last_end = end
        replaced += 1
    if not replaced:
        return text
    out.append(text[position:])
    return text[:0].join(out)
