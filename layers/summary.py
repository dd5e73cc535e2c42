"""``model.summary()``: Keras 3's table of layers, output shapes and parameter counts.

The layout is Keras 3's (a box-drawn table, line length min(88, terminal
width - 4), columns at 45% / 80% / 100%), written as plain text, or on a terminal with
the bold and colors rich gives Keras's (summary_styles).
"""
import inspect
import math
import os
import shutil
import sys
import textwrap

import numpy as np

from framework.keras.interactive_logging import is_interactive_logging_enabled, print_msg

from . import summary_styles as styles


def print_summary(model, line_length=None, positions=None, print_fn=None, expand_nested=False,
                  show_trainable=False, layer_range=None, connected_to=None):
    """Print (or hand to ``print_fn``, as one string) the summary of ``model``.

    Args:
        model: a layer with sublayers (``model.layers``).
        line_length: total width; default min(88, terminal columns - 4).
        positions: right edges of the columns as fractions of the width.
        print_fn: called once with the whole text; default ``print``.
        expand_nested: also list the layers inside nested models.
        show_trainable: add a column saying whether each layer is trainable.
        layer_range: (first name, last name) of the layers to list.
        connected_to: for a functional graph that is not a chain, a function
            giving a layer's inputs as text: adds Keras's 'Connected to' column.
    """
    if print_fn is None and not is_interactive_logging_enabled():
        print_fn = _to_keras_log        # Keras 3 hands the text to io_utils.print_msg (absl's logger)
    text = summary_text(model, line_length, positions, expand_nested, show_trainable, layer_range, connected_to,
                        escapes=styles.escapes_wanted(print_fn))
    if print_fn is None:
        print(text, end='')
    else:
        print_fn(text)


def _to_keras_log(text):
    print_msg(text, line_break=False)


def summary_text(model, line_length=None, positions=None, expand_nested=False, show_trainable=False,
                 layer_range=None, connected_to=None, escapes=None):
    """The summary's text; ``escapes`` (summary_styles.escapes_wanted) adds a terminal's bold and colors."""
    header = ['Layer (type)', 'Output Shape', 'Param #']
    align = ['left', 'left', 'right']
    kinds = ['layer', 'shape', 'params']
    default_length = 88
    if connected_to is not None:
        header.append('Connected to')
        align.append('left')
        kinds.append('connected')
        default_length = 108
    positions = list(positions or ([0.45, 0.80, 1.0] if connected_to is None else [0.3, 0.56, 0.74, 1.0]))
    if show_trainable:
        default_length += 12
        positions = [p * 0.90 for p in positions] + [1.0]
        header.append('Trainable')
        align.append('center')
        kinds.append('trainable')
    line_length = line_length or min(default_length, shutil.get_terminal_size().columns - 4)
    widths = _content_widths(line_length, positions, len(header))

    rows = []
    for layer in _select(list(getattr(model, 'operations', None) or model.layers), layer_range):
        rows.extend(_rows(model, layer, 0, expand_nested, show_trainable, connected_to))

    console = _console_width()        # Keras prints through rich, which crops a wider table, wraps a longer title
    title = styles.wrapped([('Model: "%s"' % model.name, styles.BOLD)], console)
    box = ASCII_BOX if _ascii_only() else HEAVY_HEAD_BOX
    lines = []      # each line a list of (text, style) segments
    lines.append(_rule(*box['top'], widths))
    lines.extend(_cells(header, widths, align, box['head'], header=True))
    lines.append(_rule(*box['head_row'], widths))
    for i, row in enumerate(rows):
        if i:
            lines.append(_rule(*box['row'], widths))
        lines.extend(_cells(row, widths, align, box['body'], kinds=kinds))
    lines.append(_rule(*box['bottom'], widths))
    lines = title + [styles.crop(line, console) for line in lines]

    trainable, non_trainable = model.trainable_weights, model.non_trainable_weights
    optimizer = getattr(model, 'optimizer', None)
    # Keras 3 counts a built optimizer's variables (iteration, learning rate, slots) too.
    slots = list(optimizer.variables) if getattr(optimizer, 'built', False) else []
    lines.append(_total(' Total params: ', _count(trainable) + _count(non_trainable) + _count(slots),
                        _bytes(trainable) + _bytes(non_trainable) + _bytes(slots)))
    lines.append(_total(' Trainable params: ', _count(trainable), _bytes(trainable)))
    lines.append(_total(' Non-trainable params: ', _count(non_trainable), _bytes(non_trainable)))
    if slots:
        lines.append(_total(' Optimizer params: ', _count(slots), _bytes(slots)))
    lines[-4 if slots else -3:] = [wrapped for line in lines[-4 if slots else -3:]
                                   for wrapped in styles.wrapped(line, console)]
    return '\n'.join(styles.render(line, escapes) for line in lines) + '\n'


def _total(label, count, size):
    return [(label, styles.BOLD), (format(count, ','), styles.NUMBER), (' (%s)' % _readable(size), None)]


def _console_width():
    """The width rich's Console gives Keras's summary: $COLUMNS, else the first of stdin, stdout,
    stderr that is a terminal, else 80 (a file or pipe)."""
    columns = os.environ.get('COLUMNS')
    if columns is not None and columns.isdigit() and int(columns):
        return int(columns)
    for descriptor in (0, 1, 2):
        try:
            width = os.get_terminal_size(descriptor).columns
        except (AttributeError, ValueError, OSError):
            continue
        return width or 80
    return 80


def _content_widths(line_length, positions, columns):
    """The text width of each of the ``columns`` columns, as rich lays out Keras's table.

    Each column asks for its share of the line plus 2 of padding, at most the room the borders
    (columns + 1) leave (extra positions are measured, then left unused, as Keras does; too few
    are Keras's IndexError). Where the asks exceed the line, rich takes the excess back evenly, column
    by column, rounding as Python's round() does; where they fall short (extra positions), it
    spreads the rest over the columns in proportion to their asks (rich's ratio_distribute).
    """
    requested, current = [], 0
    for pos in positions:
        width = int(pos * line_length) - current
        if width < 4:
            raise ValueError('Insufficient console width to print summary.')
        requested.append(width + 2)
        current += width
    if len(requested) < columns:
        raise IndexError('list index out of range')
    room = line_length - (columns + 1)
    # rich measures a fixed-width column no wider than the table's room (absolute positions ask more)
    requested = [min(width, room) for width in requested[:columns]]
    excess = sum(requested) - room
    if excess < 0:
        return [w + pad - 2 for w, pad in zip(requested, _ratio_distribute(-excess, requested))]
    cells, remaining_ratio = [], len(requested)
    for width in requested:
        cut = min(width, round(excess / remaining_ratio)) if excess > 0 else 0
        cells.append(width - cut)
        excess -= cut
        remaining_ratio -= 1
    return [max(1, c - 2) for c in cells]


def _ratio_distribute(total, ratios):
    """rich's ratio_distribute: ``total`` split in proportion to ``ratios``, each share rounded up
    from what is left."""
    shares, total_ratio = [], sum(ratios)
    for ratio in ratios:
        share = math.ceil(ratio * total / total_ratio) if total_ratio > 0 else total
        shares.append(share)
        total_ratio -= ratio
        total -= share
    return shares


# rich's box.HEAVY_HEAD, which Keras's table uses, and box.ASCII, which rich draws instead where the
# console's encoding is not a utf one (Box.substitute): rules as (left, fill, join, right), bars
HEAVY_HEAD_BOX = {'top': '┏━┳┓', 'head': '┃', 'head_row': '┡━╇┩', 'row': '├─┼┤', 'body': '│', 'bottom': '└─┴┘'}
ASCII_BOX = {'top': '+--+', 'head': '|', 'head_row': '|-+|', 'row': '|-+|', 'body': '|', 'bottom': '+--+'}


def _ascii_only():
    """rich's ConsoleOptions.ascii_only for Keras's console, whose file is sys.stdout (also while it
    captures for a print_fn): PYTHONIOENCODING=ascii, a cp1252 console (TF 2.21: '+-----+', '| ... |')."""
    encoding = (getattr(sys.stdout, 'encoding', None) or 'utf-8').lower()
    return not encoding.startswith('utf')


def _rule(left, fill, join, right, widths):
    return [(left + join.join(fill * (w + 2) for w in widths) + right, None)]


def _cells(values, widths, align, bar, header=False, kinds=None):
    """The lines of one table row, as segments: a header's cells bold (their padding apart, a blank
    line whole), a body's styled by their column's kind (summary_styles.cell_spans)."""
    wrapped = [_wrap(v, w) for v, w in zip(values, widths)]
    height = max(len(w) for w in wrapped)
    base = styles.BOLD if header else None
    spans = [[] if header else styles.cell_spans(kind, value) for kind, value in zip(kinds or values, values)]
    starts = [styles.line_starts(value, lines) for value, lines in zip(values, wrapped)]
    out = []
    for i in range(height):
        segments = [(bar, None)]
        for column, (lines, width, how) in enumerate(zip(wrapped, widths, align)):
            # rich sets a header's short cells at the bottom of the row, a body's at the top
            row = i - (height - len(lines)) if header else i
            if 0 <= row < len(lines):
                segments.append((' ', base))
                segments.extend(styles.aligned_segments(values[column], spans[column], lines[row],
                                                        starts[column][row], width, how, base))
                segments.append((' ', base))
            else:
                segments.append((' ' * (width + 2), base))
            segments.append((bar, None))
        out.append(segments)
    return out


def _wrap(text, width):
    """Lines of ``text`` broken at spaces; a word too long for the column is
    cut with an ellipsis (rich's 'ellipsis' overflow, which Keras's table uses)."""
    if styles.cell_len(text) != len(text):
        return _wrap_cells(text, width)
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or ['']
    return [line if len(line) <= width else line[:width - 1] + '…' for line in lines]


def _wrap_cells(text, width):
    """``_wrap`` for text with wide characters (a Japanese layer name): rich measures the words and
    the ellipsis cut in terminal cells, two for each CJK character."""
    lines, line = [], ''
    for word in text.split():
        joined = line + ' ' + word if line else word
        if line and styles.cell_len(joined) > width:
            lines.append(line)
            joined = word
        line = joined
    lines.append(line)
    return [line if styles.cell_len(line) <= width else styles.cut_to_cells(line, width - 1) + '…' for line in lines]


def _rows(model, layer, level, expand_nested, show_trainable, connected_to=None):
    prefix = '   ' * level + '└ ' if level else ''
    row = ['%s%s (%s)' % (prefix, layer.name, _class_name(layer)), _output_shape(model, layer),
           _params(layer)]
    if connected_to is not None:
        row.append(connected_to(layer))
    if show_trainable:
        row.append(('Y' if layer.trainable else 'N') if layer.weights else '-')
    rows = [row]
    nested = getattr(layer, 'operations', None) or getattr(layer, 'layers', None)
    if expand_nested and nested:
        for sub in nested:
            rows.extend(_rows(layer, sub, level + 1, expand_nested, show_trainable, connected_to))
    return rows


def _class_name(layer):
    from .functional.operation import Operation
    if isinstance(layer, Operation):
        return layer.class_name
    # Keras's own class name where tapeflow's class bears the exported one (GroupQueryAttention)
    return getattr(type(layer), '_keras_class_name', type(layer).__name__)


def _output_shape(model, layer):
    # Keras 3 shows the outputs of the layer's LAST recorded call, whichever model made it
    # (a layer shared with a model built on a batch of 10 shows (10, ...) everywhere).
    nodes = layer.__dict__.get('_inbound_nodes')
    if nodes:
        shapes = [tuple(tensor.shape) for tensor in nodes[-1].outputs]
        return _format_shape(shapes[0] if len(shapes) == 1 else shapes)
    known = getattr(model, '_output_shapes', None) or {}
    shape = known.get(id(layer))
    if shape is None and hasattr(type(layer), 'output_shape'):
        # a Functional or Sequential model only ever called eagerly (a VAE's encoder in its train_step):
        # Keras reads its own output_shape, several outputs printed as a tuple of shapes
        try:
            own = layer.output_shape
        except AttributeError:          # a Sequential not built yet
            own = None
        if own is not None:
            return _format_shape(tuple(own)) if _is_shape(own) else \
                '(%s)' % ', '.join(_format_shape(tuple(one)) for one in own)
    if shape is None and layer.built and layer._build_input_shape is not None and _states_output_shape(layer):
        shapes_dict = layer.__dict__.get('_build_shapes_dict') or _build_shapes_by_name(layer)
        if type(layer).__module__.split('.')[0] != 'layers' and isinstance(shapes_dict, dict) and shapes_dict:
            # a user's layer: Keras 3 passes its build shapes by build()'s own argument names, and only a
            # NotImplementedError shows '?' (compute_output_shape(self, s) with build(self, input_shape)
            # is TF 2.21's "TypeError: Block.compute_output_shape() got an unexpected keyword argument ...")
            try:
                shape = layer.compute_output_shape(**shapes_dict)
            except NotImplementedError:
                shape = None
        else:
            # a layer built from several shapes (MultiHeadAttention's query / value / key) takes them by name, as
            # Keras passes its _build_shapes_dict (value_shape is a required argument there)
            try:
                several = (layer.get_build_config() or {}).get('shapes_dict')
                shape = layer.compute_output_shape(**several) if several else \
                    layer.compute_output_shape(layer._build_input_shape)
            except Exception:               # a layer whose shape cannot be worked out shows '?'
                shape = None
    if shape is None:
        return '?'
    return _format_shape(shape)


def _build_shapes_by_name(layer):
    """{build's shape argument name: the build shape} for a user's layer whose own build() takes one shape
    (Keras 3 records it by that name, also when a parent model's build() calls it directly); else None."""
    from .layer import Layer
    build = type(layer).build
    if build is Layer.build:
        return None
    params = list(inspect.signature(build).parameters.values())[1:]
    if len(params) != 1 or params[0].kind not in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD):
        return None
    return {params[0].name: layer._build_input_shape}


def _states_output_shape(layer):
    """Whether Keras 3 could say the layer's output shape from its build shape alone: its own
    layers define compute_output_shape; a user's layer that does not shows '?'."""
    from .layer import Layer
    inherited = type(layer).compute_output_shape is Layer.compute_output_shape
    return not inherited or type(layer).__module__.split('.')[0] == 'layers'


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(d is None or isinstance(d, int) for d in value)


def _format_shape(shape):
    # several outputs: Keras prints the list of shapes (one shape as a list, [None, 3] from a compute_output_shape
    # that hands back the shape as given, is one shape)
    if isinstance(shape, list) and not _is_shape(shape):
        return '[%s]' % ', '.join('(%s)' % ', '.join(str(d) for d in one) for one in shape)
    return '(%s)' % ', '.join(str(d) for d in shape)


def _params(layer):
    if not layer.built:
        return '0 (unbuilt)'
    return format(layer.count_params(), ',')


def _select(layers, layer_range):
    if layer_range is None:
        return layers
    import re
    # Keras 3's checks and words (summary_utils.print_summary, get_layer_index_bound_by_layer_name)
    if len(layer_range) != 2:
        raise ValueError('layer_range must be a list or tuple of length 2. Received: layer_range = %s of length %d'
                         % (layer_range, len(layer_range)))
    if not isinstance(layer_range[0], str) or not isinstance(layer_range[1], str):
        raise ValueError('layer_range should contain string type only. Received: %s' % (layer_range,))
    first = [i for i, layer in enumerate(layers) if re.match(layer_range[0], layer.name)]
    last = [i for i, layer in enumerate(layers) if re.match(layer_range[1], layer.name)]
    if not first or not last:
        raise ValueError('Passed layer_names do not match the layer names in the model. Received: %s'
                         % (layer_range,))
    return layers[first[0]:last[-1] + 1]


def _count(weights):
    return int(sum(int(np.prod(v.shape, dtype=np.int64)) for v in weights))


def _bytes(weights):
    return sum(int(np.prod(v.shape, dtype=np.int64)) * v._data.dtype.itemsize for v in weights)


def _readable(size):
    """Keras's memory size text: '1.18 KB', '0.00 B'."""
    for unit in ('B', 'KB', 'MB', 'GB', 'TB'):
        if size / 1024 < 1:
            return '%.2f %s' % (size, unit)
        size /= 1024
    return '%.2f PB' % size
