"""How Keras 3's ``model.summary()`` looks on a terminal: rich's bold and colors.

Keras writes the summary through a rich Console with markup (keras/src/utils/summary_utils.py): the
title, the header cells and the totals' labels bold; a layer's class in color(33); a shape's sizes
in color(34) and its None in color(45); parameter counts and the indices of 'Connected to' in
color(34); the Trainable column's Y bold color(34), N bold color(9), - bold. rich turns that
markup into ANSI escapes only where its console is a terminal, the same codes whatever the
terminal's color system (rich 15 renders these palette colors as 94, 32, 96, 91); NO_COLOR keeps
the bold alone. With a print_fn, Keras's console has no color system: plain text.

A line is a list of segments ``(text, style)``, style an SGR parameter string or None; rich
renders each segment on its own (``ESC[<style>m text ESC[0m``), so they are kept apart here too.
"""
import os
import re
import sys
import unicodedata

BOLD, SYMBOL, NUMBER, NONE, YES, NO = '1', '94', '32', '96', '1;32', '1;91'
_WITHOUT_COLOR = {BOLD: BOLD, SYMBOL: None, NUMBER: None, NONE: None, YES: BOLD, NO: BOLD}


def escapes_wanted(print_fn):
    """What rich's console would write for this summary: None (plain text), 'color', or 'bold'
    (NO_COLOR set). Keras's console detects a terminal as rich does: TTY_COMPATIBLE '0' / '1',
    else a non-empty FORCE_COLOR, else stdout's isatty(); a TERM of 'dumb' or 'unknown' has none."""
    if print_fn is not None:
        return None
    environ = os.environ
    compatible = environ.get('TTY_COMPATIBLE', '')
    if compatible in ('0', '1'):
        terminal = compatible == '1'
    elif environ.get('FORCE_COLOR') is not None:
        terminal = environ['FORCE_COLOR'] != ''
    else:
        try:
            terminal = bool(sys.stdout.isatty())
        except (AttributeError, ValueError):        # no isatty, or a closed stream (rich: not a terminal)
            terminal = False
    if not terminal or environ.get('TERM', '').lower() in ('dumb', 'unknown'):
        return None
    return 'bold' if environ.get('NO_COLOR', '') != '' else 'color'


def cell_spans(kind, text):
    """The styled stretches ``(start, end, style)`` of a body cell's text, by its column's kind."""
    if kind == 'layer':             # 'name (Class)': the class
        start = text.rfind(' (')
        return [(start + 2, len(text) - 1, SYMBOL)] if start >= 0 and text.endswith(')') else []
    if kind == 'shape':
        return [(m.start(), m.end(), NONE if m.group() == 'None' else NUMBER) for m in re.finditer(r'None|\d+', text)]
    if kind == 'params':            # '1,234', or '0 (unbuilt)'
        match = re.match(r'[\d,]+', text)
        return [(0, match.end(), NUMBER)] if match else []
    if kind == 'connected':         # 'dense[0][0], input[0][0]': the node and tensor indices
        return [(m.start(1), m.end(1), NUMBER) for m in re.finditer(r'\[(\d+)\]', text)]
    if kind == 'trainable':
        return [(0, len(text), {'Y': YES, 'N': NO}.get(text, BOLD))]
    return []


def aligned_segments(text, spans, line, start, width, how, base):
    """Segments of one wrapped ``line`` of a cell (it starts at ``start`` in the cell's ``text``),
    padded to ``width`` as ``how`` aligns it; fill and unstyled characters take ``base``. A line cut
    with an ellipsis gives the ellipsis the style of the character it replaces, as rich does."""
    styles = [base] * len(line)
    for begin, end, style in spans:
        for i in range(max(begin - start, 0), min(end - start, len(line))):
            styles[i] = style
    width -= cell_len(line) - len(line)      # rich pads to terminal cells: a CJK character takes two
    aligned = line.rjust(width) if how == 'right' else line.center(width) if how == 'center' else line.ljust(width)
    left = width - len(line) if how == 'right' else aligned.find(line) if how == 'center' else 0
    styles = [base] * left + styles + [base] * (len(aligned) - left - len(line))
    segments = []
    for char, style in zip(aligned, styles):
        if segments and segments[-1][1] == style:
            segments[-1][0] += char
        else:
            segments.append([char, style])
    return [tuple(segment) for segment in segments]


def cell_len(text):
    """The terminal cells ``text`` takes, as rich measures it: two for a wide (East Asian) character,
    none for a combining mark, one for the rest."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in ('W', 'F') else 1 for c in text)


def cut_to_cells(text, cells):
    """``text`` cut to ``cells`` terminal cells; a wide character split by the cut becomes a space (rich's
    set_cell_size)."""
    out, used = [], 0
    for char in text:
        size = cell_len(char)
        if used + size > cells:
            break
        out.append(char)
        used += size
    return ''.join(out) + ' ' * (cells - used)


def line_starts(text, lines):
    """Where each wrapped line begins in ``text`` (a line cut with an ellipsis is found by the rest)."""
    starts, cursor = [], 0
    for line in lines:
        found = text.find(line, cursor)
        if found < 0 and line.endswith('…'):
            found = text.find(line[:-1], cursor)
        found = max(found, cursor)
        starts.append(found)
        cursor = found + len(line.rstrip('…'))
    return starts


def wrap_words(text, width):
    """Where ``text`` breaks into lines on a console ``width`` wide, as (begin, end) offsets, as rich
    wraps a printed text (its divide_line with folding): a word that does not fit goes to the next
    line, one longer than the width is cut into pieces of the width; a line keeps its trailing
    spaces, but for those past the width."""
    breaks, offset = [], 0
    for match in re.finditer(r'\s*\S+\s*', text):
        start, word = match.start(), match.group()
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            pieces = [word[i:i + width] for i in range(0, len(word), width)]
            for i, piece in enumerate(pieces):
                if start:
                    breaks.append(start)
                if i == len(pieces) - 1:
                    offset = len(piece)
                else:
                    start += len(piece)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    bounds = [0] + breaks + [len(text)]
    lines = []
    for begin, end in zip(bounds, bounds[1:]):
        # rich's rstrip_end: trailing spaces past the width go
        spaces = (end - begin) - len(text[begin:end].rstrip(' '))
        lines.append((begin, end - min(spaces, max(end - begin - width, 0))))
    return lines


def wrapped(segments, width):
    """A printed line of segments as the lines rich wraps it into (wrap_words), each keeping its styles."""
    text = ''.join(part for part, _ in segments)
    out = []
    for begin, end in wrap_words(text, width):
        line, position = [], 0
        for part, style in segments:
            piece = part[max(begin - position, 0):max(end - position, 0)]
            if piece:
                line.append((piece, style))
            position += len(part)
        out.append(line)
    return out


def crop(segments, width):
    """The segments of a line cut to ``width`` characters (rich crops a table wider than its console)."""
    out, room = [], width
    for text, style in segments:
        if room <= 0:
            break
        if text[:room]:
            out.append((text[:room], style))
        room -= len(text)
    return out


def render(segments, escapes):
    """The text of a line: plain, or with each styled segment wrapped in its SGR escape."""
    if escapes is None:
        return ''.join(text for text, _ in segments)
    parts = []
    for text, style in segments:
        if escapes == 'bold':
            style = _WITHOUT_COLOR.get(style, style)
        parts.append('\x1b[%sm%s\x1b[0m' % (style, text) if style and text else text)
    return ''.join(parts)
