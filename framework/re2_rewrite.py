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
    """``text`` with the matches of ``compiled`` (a bytes pattern) replaced as RE2 replaces them."""
    pieces, highest, valid = parse(rewrite)
    if not valid:
        print('re2.cc: invalid rewrite pattern: %s' % rewrite.decode(errors='replace'), file=sys.stderr)
    if highest > compiled.groups or not (valid or replace_global):
        return text

    def expand(match):
        return b''.join(p if isinstance(p, bytes) else (match.group(p) or b'') for p in pieces)
    return compiled.sub(expand, text, count=0 if replace_global else 1)
